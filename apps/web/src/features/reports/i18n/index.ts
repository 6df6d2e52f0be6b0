import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the daily reports (日报表) of the merchant and the service centre. */
export const REPORTS_NS = 'reports';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
registerNamespace(REPORTS_NS, zhCN, () => import('./en-US'));

export function useReportsT() {
  return useTranslation(REPORTS_NS).t;
}
