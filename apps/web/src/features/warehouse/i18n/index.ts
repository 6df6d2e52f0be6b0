import { useTranslation } from 'react-i18next';
import { registerNamespace } from '../../../i18n';
import zhCN from './zh-CN';

/** i18n namespace of the warehouse pages (入仓质检, 批次列表, 订单列表). */
export const WAREHOUSE_NS = 'warehouse';

// Registered when the first of these pages loads (the bundle travels with the lazy page chunks).
registerNamespace(WAREHOUSE_NS, zhCN, () => import('./en-US'));

/** `t` of the warehouse namespace. */
export function useWt() {
  return useTranslation(WAREHOUSE_NS).t;
}

