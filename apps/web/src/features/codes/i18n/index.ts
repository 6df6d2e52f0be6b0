import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the merchant's code records (码记录). */
export const CODES_NS = 'codes';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
registerNamespace(CODES_NS, zhCN, () => import('./en-US'));

export function useCodesT() {
  return useTranslation(CODES_NS).t;
}
