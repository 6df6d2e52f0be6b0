import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the interception parts (panels, banner lines, the return queue, the scan alarm). */
export const INTERCEPTION_NS = 'interception';

registerNamespace(INTERCEPTION_NS, zhCN, () => import('./en-US'));

export function useIt() {
  return useTranslation(INTERCEPTION_NS).t;
}
