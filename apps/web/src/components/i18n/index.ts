import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the shared list states. */
export const LIST_STATE_NS = 'listState';

registerNamespace(LIST_STATE_NS, zhCN, () => import('./en-US'));

/** `t` of the list-state namespace. */
export function useLst() {
  return useTranslation(LIST_STATE_NS).t;
}
