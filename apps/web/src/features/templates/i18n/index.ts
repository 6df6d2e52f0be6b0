import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the label templates. */
export const TEMPLATES_NS = 'templates';

if (!i18n.hasResourceBundle('zh-CN', TEMPLATES_NS)) {
  i18n.addResourceBundle('zh-CN', TEMPLATES_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', TEMPLATES_NS, enUS, true, true);
}

export function useTt() {
  return useTranslation(TEMPLATES_NS).t;
}
