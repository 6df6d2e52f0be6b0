import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the label templates. */
export const TEMPLATES_NS = 'templates';

registerNamespace(TEMPLATES_NS, zhCN, () => import('./en-US'));

export function useTt() {
  return useTranslation(TEMPLATES_NS).t;
}
