import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { type AdminMerchantListQuery, adminMerchantSortKeys, type BodyOf, merchantsApi } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../../lib/download';
import { fromSearchParams } from './filters';
import { sortFromParams } from '../../components/tableSort';

const a = merchantsApi;

export const merchantKeys = {
  all: ['admin', 'merchants'] as const,
  list: (q: AdminMerchantListQuery) => ['admin', 'merchants', 'list', q] as const,
};

const merchantListQuery = (query: AdminMerchantListQuery, silent = false) => ({
  queryKey: merchantKeys.list(query),
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(a.list, { query, signal, silent }),
});

/** 商户列表; the previous page stays on screen while the next one loads. */
export function useMerchantList(query: AdminMerchantListQuery) {
  return useQuery({ ...merchantListQuery(query), placeholderData: keepPreviousData });
}

/** The route's prefetch (AppRoute.prefetch): the 商户 tab's list (not on the 服务中心入驻 tab). */
export function prefetchMerchantList(qc: QueryClient, search: URLSearchParams) {
  if (search.get('tab') === 'centres') return Promise.resolve();
  // the page's query: the filters and the sort kept in the URL (useUrlList)
  return qc.prefetchQuery(merchantListQuery({ ...fromSearchParams(search).query, ...sortFromParams(search, adminMerchantSortKeys) }, true));
}

function useInvalidate() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: merchantKeys.all });
}

export function useSetMerchantStatus() {
  const invalidate = useInvalidate();
  return useWrite({
    mutationFn: (body: BodyOf<typeof a.status>) => callApi(a.status, { body }),
    onSuccess: () => void invalidate(),
  });
}

export function useReviewMerchant() {
  const invalidate = useInvalidate();
  return useWrite({
    mutationFn: (body: BodyOf<typeof a.review>) => callApi(a.review, { body }),
    onSuccess: () => void invalidate(),
  });
}

/** Top-up: the ledger's idempotency_key is the submission's request key (useWrite), so a repeated submit books once. */
export function useTopUpMerchant() {
  const invalidate = useInvalidate();
  return useWrite({
    mutationFn: (body: Omit<BodyOf<typeof a.topUp>, 'idempotency_key'>, { idempotencyKey }) => callApi(a.topUp, { body: { ...body, idempotency_key: idempotencyKey } }),
    onSuccess: () => void invalidate(),
  });
}

/** Downloads the server's Excel export of the list with the same filters. */
export function useExportMerchants() {
  return useWrite({
    mutationFn: (filters: { keyword?: string; status_id?: number; auth_status_id?: number }) => downloadFile(a.export.path, filters, 'merchants.xlsx'),
  });
}
