import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { ordersApi, type BodyOf, type OrderListQuery, type QueryOf } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../../lib/download';
import { fromSearchParams } from './filters';

const m = ordersApi.merchant;

export const orderKeys = {
  all: ['merchant', 'orders'] as const,
  list: (q: OrderListQuery) => ['merchant', 'orders', 'list', q] as const,
  detail: (id: string) => ['merchant', 'orders', 'detail', id] as const,
  records: (q: object) => ['merchant', 'orders', 'records', q] as const,
  videos: (q: object) => ['merchant', 'orders', 'videos', q] as const,
};

const orderListQuery = (query: OrderListQuery, silent = false) => ({
  queryKey: orderKeys.list(query),
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(m.list, { query, signal, silent }),
});

/** The order list (检测管理); the previous page stays on screen while the next one loads. */
export function useOrderList(query: OrderListQuery) {
  return useQuery({ ...orderListQuery(query), placeholderData: keepPreviousData });
}

/** The route's prefetch (AppRoute.prefetch): the list the page will ask for at this URL. */
export function prefetchOrderList(qc: QueryClient, search: URLSearchParams) {
  return qc.prefetchQuery(orderListQuery(fromSearchParams(search).query, true));
}

export function useOrderDetail(id: string | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callApi(m.detail, { query: { id: id ?? '' }, signal }),
    enabled: !!id,
    retry: false,
  });
}

function useInvalidateOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: orderKeys.all });
}

export function useCreateOrder() {
  const invalidate = useInvalidateOrders();
  return useWrite({
    mutationFn: (body: BodyOf<typeof m.create>, { idempotencyKey }) => callApi(m.create, { body, idempotencyKey }),
    onSuccess: () => void invalidate(),
  });
}

export function useCancelOrder() {
  const invalidate = useInvalidateOrders();
  return useWrite({
    mutationFn: (body: BodyOf<typeof m.cancel>) => callApi(m.cancel, { body }),
    onSuccess: () => void invalidate(),
  });
}

export function useEnterWaybill() {
  const invalidate = useInvalidateOrders();
  return useWrite({
    mutationFn: (body: BodyOf<typeof m.waybill>) => callApi(m.waybill, { body }),
    onSuccess: () => void invalidate(),
  });
}

/** Downloads the server's Excel export of the list with the same filters. */
/** Downloads the Excel export: the list's filters, or the selected orders (`ids`). */
export function useExportOrders() {
  return useWrite({
    mutationFn: (filters: QueryOf<typeof m.export>) => downloadFile(m.export.path, filters, 'orders.xlsx'),
  });
}
