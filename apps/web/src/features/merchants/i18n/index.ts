import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the manager's merchant pages. */
export const MERCHANTS_NS = 'merchants';

// Registered when the page loads (the bundle travels with the lazy page chunk).
registerNamespace(MERCHANTS_NS, zhCN, () => import('./en-US'));

/** `t` of the merchants namespace. */
export function useAt() {
  return useTranslation(MERCHANTS_NS).t;
}
