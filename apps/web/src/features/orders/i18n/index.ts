import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the merchant portal's pages. */
export const MERCHANT_NS = 'merchant';

// Registered when the first merchant page loads (the bundle travels with the lazy page chunks).
if (!i18n.hasResourceBundle('zh-CN', MERCHANT_NS)) {
  i18n.addResourceBundle('zh-CN', MERCHANT_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', MERCHANT_NS, enUS, true, true);
}

/** `t` of the merchant namespace. */
export function useMt() {
  return useTranslation(MERCHANT_NS).t;
}

/** `t` outside React (column factories, toasts in callbacks). */
export const mt = (key: string, options?: Record<string, unknown>): string => i18n.t(key, { ns: MERCHANT_NS, ...options });
