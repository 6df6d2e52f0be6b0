import { useTranslation } from 'react-i18next';
import i18n from '../../../i18n';
import zhCN from './zh-CN';
import enUS from './en-US';

/** i18n namespace of the testing-fee configuration. */
export const FEE_RULES_NS = 'feeRules';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
if (!i18n.hasResourceBundle('zh-CN', FEE_RULES_NS)) {
  i18n.addResourceBundle('zh-CN', FEE_RULES_NS, zhCN, true, true);
  i18n.addResourceBundle('en-US', FEE_RULES_NS, enUS, true, true);
}

export function useFt() {
  return useTranslation(FEE_RULES_NS).t;
}
