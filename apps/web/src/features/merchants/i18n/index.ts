import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the manager's merchant pages. */
export const MERCHANT_ADMIN_NS = 'merchantAdmin';

// Registered when the page loads (the bundle travels with the lazy page chunk).
registerNamespace(MERCHANT_ADMIN_NS, zhCN, () => import('./en-US'));

/** `t` of the merchantAdmin namespace. */
export function useAt() {
  return useTranslation(MERCHANT_ADMIN_NS).t;
}
