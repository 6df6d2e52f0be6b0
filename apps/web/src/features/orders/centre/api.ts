import { createContext, useContext } from 'react';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useWrite } from '../../../lib/useWrite';
import { ordersApi, platformSyncApi, type CenterOrderListQuery, type WarehouseOrderExportQuery, type WarehouseOrderListQuery } from '@gemqc/contract';
import { callApi } from '../../../lib/request';
import { downloadFile } from '../../../lib/download';
import { fromSearchParams } from './filters';

/**
 * Whose order endpoints these pages call: the service centre's (`/center/v1/Order/*`) or the
 * warehouse's (`/warehouse/v1/Order/*`, the same shapes plus a batch filter; a warehouse session
 * is refused by the centre's). The query keys start with it, so each portal refreshes its own.
 */
export type OrderPortal = 'center' | 'warehouse';

/** The portal of the order components below it (default: the service centre). */
export const OrderPortalContext = createContext<OrderPortal>('center');
export const useOrderPortal = () => useContext(OrderPortalContext);

/** The list query of either portal (the centre's has no batch filter). */
type PortalListQuery = WarehouseOrderListQuery;

export const portalOrderKeys = (p: OrderPortal) => ({
  list: (q: PortalListQuery) => [p, 'orders', 'list', q] as const,
  detail: (id: string) => [p, 'orders', 'detail', id] as const,
  merchants: [p, 'orders', 'merchants'] as const,
});

const portalOrderListQuery = (p: OrderPortal, query: PortalListQuery, silent = false) => ({
  queryKey: portalOrderKeys(p).list(query),
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(ordersApi[p].list, { query, signal, silent }),
});

/** The portal's order list; the previous page stays on screen while the next one loads. */
export function usePortalOrderList(p: OrderPortal, query: PortalListQuery, enabled = true) {
  return useQuery({ ...portalOrderListQuery(p, query), placeholderData: keepPreviousData, enabled });
}

/** The service centre's order list route's prefetch (AppRoute.prefetch). */
export function prefetchCentreOrderList(qc: QueryClient, search: URLSearchParams) {
  return prefetchPortalOrderList(qc, 'center', fromSearchParams(search).query);
}

/** Starts a portal's list under the key its page reads (silent: the page shows any error itself). */
export function prefetchPortalOrderList(qc: QueryClient, p: OrderPortal, query: PortalListQuery) {
  return qc.prefetchQuery(portalOrderListQuery(p, query, true));
}

export function usePortalOrderDetail(p: OrderPortal, id: string | null) {
  return useQuery({
    queryKey: portalOrderKeys(p).detail(id ?? ''),
    queryFn: ({ signal }) => callApi(ordersApi[p].detail, { query: { id: id ?? '' }, signal }),
    enabled: !!id,
    retry: false,
  });
}

/** Options of the merchant filter: merchants with orders at the caller's centre. */
export function usePortalMerchants(p: OrderPortal) {
  return useQuery({
    queryKey: portalOrderKeys(p).merchants,
    queryFn: ({ signal }) => callApi(ordersApi[p].merchants, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Downloads the server's Excel export of the portal's list: the same filters, or the selected orders (`ids`). */
export function usePortalOrderExport(p: OrderPortal) {
  return useWrite({
    mutationFn: (filters: WarehouseOrderExportQuery) => downloadFile(ordersApi[p].export.path, filters, 'orders.xlsx'),
  });
}

/** 订单查询: the centre's orders; the previous page stays on screen while the next one loads. */
export function useCentreOrderList(query: CenterOrderListQuery, enabled = true) {
  return usePortalOrderList(useOrderPortal(), query, enabled);
}

export function useCentreOrderDetail(id: string | null) {
  return usePortalOrderDetail(useOrderPortal(), id);
}

/** Options of the merchant filter: merchants with orders at this centre. */
export function useCentreMerchants() {
  return usePortalMerchants(useOrderPortal());
}

/** 重试 of a failed shipment write-back (the centre's and the warehouse's); the detail refreshes. */
export function useSyncRetry(p: OrderPortal) {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (id: string) => callApi(platformSyncApi[p].retry, { body: { id } }),
    onSuccess: (_d, id) => void qc.invalidateQueries({ queryKey: portalOrderKeys(p).detail(id) }),
  });
}
