import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

export const NOTIFICATIONS_NS = 'notifications';

registerNamespace(NOTIFICATIONS_NS, zhCN, () => import('./en-US'));

export function useNt() {
  return useTranslation(NOTIFICATIONS_NS).t;
}
