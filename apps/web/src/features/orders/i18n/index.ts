import { useTranslation } from 'react-i18next';
import i18n, { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the merchant portal's pages. */
export const MERCHANT_NS = 'merchant';

// Registered when the first merchant page loads (the bundle travels with the lazy page chunks).
registerNamespace(MERCHANT_NS, zhCN, () => import('./en-US'));

/** `t` of the merchant namespace. */
export function useMt() {
  return useTranslation(MERCHANT_NS).t;
}

/** `t` outside React (column factories, toasts in callbacks). */
export const mt = (key: string, options?: Record<string, unknown>): string => i18n.t(key, { ns: MERCHANT_NS, ...options });
