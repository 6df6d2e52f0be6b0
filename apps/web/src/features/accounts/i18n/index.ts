import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of sub-account and role management. */
export const ACCOUNTS_NS = 'accounts';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
registerNamespace(ACCOUNTS_NS, zhCN, () => import('./en-US'));

export function useAt() {
  return useTranslation(ACCOUNTS_NS).t;
}

/** A permission's label: the translation when the language has one, else the server's zh-CN label. */
export function permissionLabel(t: ReturnType<typeof useAt>, key: string, serverLabel: string): string {
  return t(`perm.${key.replace(/\./g, '_')}`, { defaultValue: serverLabel });
}

export function groupLabel(t: ReturnType<typeof useAt>, group: string): string {
  return t(`group.${group}`, { defaultValue: group });
}
