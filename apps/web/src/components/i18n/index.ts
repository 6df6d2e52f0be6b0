import { useTranslation } from 'react-i18next';
import i18n from '../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the shared list states. */
export const LIST_STATE_NS = 'listState';

if (!i18n.hasResourceBundle('zh-CN', LIST_STATE_NS)) {
  i18n.addResourceBundle('zh-CN', LIST_STATE_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', LIST_STATE_NS, enUS, true, true);
}

/** `t` of the list-state namespace. */
export function useLst() {
  return useTranslation(LIST_STATE_NS).t;
}
