import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of 操作日志. */
export const AUDIT_NS = 'audit';

// Registered when the page loads (the texts travel with the lazy chunk).
registerNamespace(AUDIT_NS, zhCN, () => import('./en-US'));

export function useAuditT() {
  return useTranslation(AUDIT_NS).t;
}
