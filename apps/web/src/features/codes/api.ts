import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersApi, type QueryOf } from '@gemqc/contract';
import { callApi } from '../../lib/request';

export type RecordQuery = NonNullable<QueryOf<typeof ordersApi.merchant.recordList>>;

/** Bind-code records (绑码记录) of the merchant's orders. */
export function useCodeRecords(query: RecordQuery) {
  return useQuery({
    queryKey: ['merchant', 'orders', 'records', query],
    queryFn: ({ signal }) => callApi(ordersApi.merchant.recordList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
