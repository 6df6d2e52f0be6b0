import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the testing authorisation and the order form it opens (检测授权, 创建订单). */
export const TESTING_NS = 'testing';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
registerNamespace(TESTING_NS, zhCN, () => import('./en-US'));

export function useTestingT() {
  return useTranslation(TESTING_NS).t;
}
