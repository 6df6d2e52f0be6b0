import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the merchant's recordings (视频管理). */
export const RECORDINGS_NS = 'recordings';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
registerNamespace(RECORDINGS_NS, zhCN, () => import('./en-US'));

export function useRecordingsT() {
  return useTranslation(RECORDINGS_NS).t;
}
