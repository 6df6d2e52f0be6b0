import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the printer configuration. */
export const PRINTERS_NS = 'printers';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
if (!i18n.hasResourceBundle('zh-CN', PRINTERS_NS)) {
  i18n.addResourceBundle('zh-CN', PRINTERS_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', PRINTERS_NS, enUS, true, true);
}

export function usePt() {
  return useTranslation(PRINTERS_NS).t;
}
