import { useTranslation } from 'react-i18next';
import i18n, { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the orders feature (the merchant's order pages; the words order views share: statuses, results). */
export const ORDERS_NS = 'orders';

// Registered when the first order page loads (the bundle travels with the lazy page chunks).
registerNamespace(ORDERS_NS, zhCN, () => import('./en-US'));

/** `t` of the orders namespace. */
export function useMt() {
  return useTranslation(ORDERS_NS).t;
}

/** `t` outside React (column factories, toasts in callbacks). */
export const mt = (key: string, options?: Record<string, unknown>): string => i18n.t(key, { ns: ORDERS_NS, ...options });
