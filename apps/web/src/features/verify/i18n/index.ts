import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the public certificate check. */
export const VERIFY_NS = 'verify';

// Registered when the page loads (the texts travel with its lazy chunk).
if (!i18n.hasResourceBundle('zh-CN', VERIFY_NS)) {
  i18n.addResourceBundle('zh-CN', VERIFY_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', VERIFY_NS, enUS, true, true);
}

export function useVt() {
  return useTranslation(VERIFY_NS).t;
}
