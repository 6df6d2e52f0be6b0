import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the public certificate check. */
export const VERIFY_NS = 'verify';

// Registered when the page loads (the texts travel with its lazy chunk).
registerNamespace(VERIFY_NS, zhCN, () => import('./en-US'));

export function useVt() {
  return useTranslation(VERIFY_NS).t;
}
