import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the registration forms. */
export const REGISTER_NS = 'register';

// Registered when the registration chunk loads (the texts travel with it, not with the login page).
registerNamespace(REGISTER_NS, zhCN, () => import('./en-US'));

/** t of the `register` namespace. */
export function useRt() {
  return useTranslation(REGISTER_NS).t;
}
