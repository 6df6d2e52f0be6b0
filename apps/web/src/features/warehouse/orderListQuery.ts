import type { QueryClient } from '@tanstack/react-query';
import type { WarehouseOrderListQuery } from '@gemqc/contract';
import { fromSearchParams, prefetchPortalOrderList, type CentreFilterValues } from '../orders';

const ID = /^\d{1,18}$/;

/** The filters of 订单列表: the service centre's, plus the intake batch (`?batch_id=`, from 批次列表). */
export type Values = CentreFilterValues & { batch_id?: string };

/** URL → the warehouse list query and the filter values (a malformed batch id dropped). */
export function parseOrderListUrl(sp: URLSearchParams): { query: WarehouseOrderListQuery & { page: number; page_size: number }; values: Values } {
  const r = fromSearchParams(sp);
  const batchId = sp.get('batch_id') ?? '';
  return ID.test(batchId) ? { query: { ...r.query, batch_id: batchId }, values: { ...r.values, batch_id: batchId } } : r;
}

/**
 * 订单列表's route prefetch (AppRoute.prefetch): a reload asks for the rows from the entry, under
 * the key the page reads, instead of after the user info and the shell's first render.
 */
export function prefetchWarehouseOrderList(qc: QueryClient, search: URLSearchParams) {
  return prefetchPortalOrderList(qc, 'warehouse', parseOrderListUrl(search).query);
}
