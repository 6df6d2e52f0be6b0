import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the printer configuration. */
export const PRINTERS_NS = 'printers';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
registerNamespace(PRINTERS_NS, zhCN, () => import('./en-US'));

export function usePt() {
  return useTranslation(PRINTERS_NS).t;
}
