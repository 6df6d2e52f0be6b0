import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the financial statement. */
export const STATEMENTS_NS = 'statements';

// Registered when the page loads (the texts travel with the lazy chunk).
registerNamespace(STATEMENTS_NS, zhCN, () => import('./en-US'));

export function useSt() {
  return useTranslation(STATEMENTS_NS).t;
}
