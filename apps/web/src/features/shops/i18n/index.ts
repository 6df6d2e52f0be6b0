import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of shops, their authorisation and pending orders (店铺授权, 检测下单). */
export const SHOPS_NS = 'shops';

// Registered when the first page of the feature loads (the texts travel with the lazy chunk).
registerNamespace(SHOPS_NS, zhCN, () => import('./en-US'));

export function useShopsT() {
  return useTranslation(SHOPS_NS).t;
}
