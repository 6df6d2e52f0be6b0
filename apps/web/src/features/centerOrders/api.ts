import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ordersApi, reportsApi, type CenterOrderListQuery } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../orders';

const c = ordersApi.center;

export const centerOrderKeys = {
  all: ['center', 'orders'] as const,
  list: (q: CenterOrderListQuery) => ['center', 'orders', 'list', q] as const,
  detail: (id: string) => ['center', 'orders', 'detail', id] as const,
  merchants: ['center', 'orders', 'merchants'] as const,
  daily: (start: string, end: string) => ['center', 'reports', 'daily', start, end] as const,
};

/** 订单查询: the centre's orders; the previous page stays on screen while the next one loads. */
export function useCenterOrderList(query: CenterOrderListQuery, enabled = true) {
  return useQuery({
    queryKey: centerOrderKeys.list(query),
    queryFn: ({ signal }) => callApi(c.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCenterOrderDetail(id: string | null) {
  return useQuery({
    queryKey: centerOrderKeys.detail(id ?? ''),
    queryFn: ({ signal }) => callApi(c.detail, { query: { id: id ?? '' }, signal }),
    enabled: !!id,
    retry: false,
  });
}

/** Options of the merchant filter: merchants with orders at this centre. */
export function useCenterMerchants() {
  return useQuery({
    queryKey: centerOrderKeys.merchants,
    queryFn: ({ signal }) => callApi(c.merchants, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Downloads the server's Excel export of the list with the same filters. */
export function useExportCenterOrders() {
  return useMutation({
    mutationFn: (filters: Omit<CenterOrderListQuery, 'page' | 'page_size'>) => downloadFile(c.export.path, filters, 'orders.xlsx'),
  });
}

/** 日报表 of the centre (≤ 92 days). */
export function useCenterDailyReport(start: string, end: string) {
  return useQuery({
    queryKey: centerOrderKeys.daily(start, end),
    queryFn: ({ signal }) => callApi(reportsApi.centerDaily, { query: { start, end }, signal }),
    placeholderData: keepPreviousData,
  });
}
