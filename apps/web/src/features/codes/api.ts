import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { ordersApi, type QueryOf } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../../lib/download';

export type RecordQuery = NonNullable<QueryOf<typeof ordersApi.merchant.recordList>>;

/** Bind-code records (绑码记录) of the merchant's orders. */
export function useCodeRecords(query: RecordQuery) {
  return useQuery({
    queryKey: ['merchant', 'orders', 'records', query],
    queryFn: ({ signal }) => callApi(ordersApi.merchant.recordList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the server's Excel export of 绑码记录 with the list's filters. */
export function useExportCodeRecords() {
  return useWrite({
    mutationFn: (filters: Omit<RecordQuery, 'page' | 'page_size'>) => downloadFile(ordersApi.merchant.recordExport.path, filters, 'code-records.xlsx'),
  });
}
