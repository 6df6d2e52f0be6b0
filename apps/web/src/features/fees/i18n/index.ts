import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the merchant's fee ledger (费用明细). */
export const FEES_NS = 'fees';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
registerNamespace(FEES_NS, zhCN, () => import('./en-US'));

export function useFeesT() {
  return useTranslation(FEES_NS).t;
}
