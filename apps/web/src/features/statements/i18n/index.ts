import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the financial statement. */
export const STATEMENTS_NS = 'statements';

// Registered when the page loads (the texts travel with the lazy chunk).
if (!i18n.hasResourceBundle('zh-CN', STATEMENTS_NS)) {
  i18n.addResourceBundle('zh-CN', STATEMENTS_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', STATEMENTS_NS, enUS, true, true);
}

export function useSt() {
  return useTranslation(STATEMENTS_NS).t;
}
