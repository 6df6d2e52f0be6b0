import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the testing-fee configuration. */
export const FEE_RULES_NS = 'feeRules';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
registerNamespace(FEE_RULES_NS, zhCN, () => import('./en-US'));

export function useFt() {
  return useTranslation(FEE_RULES_NS).t;
}
