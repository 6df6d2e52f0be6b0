import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the manager's merchant pages. */
export const MERCHANT_ADMIN_NS = 'merchantAdmin';

// Registered when the page loads (the bundle travels with the lazy page chunk).
if (!i18n.hasResourceBundle('zh-CN', MERCHANT_ADMIN_NS)) {
  i18n.addResourceBundle('zh-CN', MERCHANT_ADMIN_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', MERCHANT_ADMIN_NS, enUS, true, true);
}

/** `t` of the merchantAdmin namespace. */
export function useAt() {
  return useTranslation(MERCHANT_ADMIN_NS).t;
}
