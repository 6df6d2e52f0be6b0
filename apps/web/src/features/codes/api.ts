import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { codesApi, type BodyOf, type QueryOf } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../../lib/download';

export type RecordQuery = NonNullable<QueryOf<typeof codesApi.merchant.recordList>>;

/** Bind-code records (绑码记录) of the merchant's orders. */
export function useCodeRecords(query: RecordQuery) {
  return useQuery({
    queryKey: ['merchant', 'orders', 'records', query],
    queryFn: ({ signal }) => callApi(codesApi.merchant.recordList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the server's Excel export of 绑码记录 with the list's filters. */
export function useExportCodeRecords() {
  return useWrite({
    mutationFn: (filters: Omit<RecordQuery, 'page' | 'page_size'>) => downloadFile(codesApi.merchant.recordExport.path, filters, 'code-records.xlsx'),
  });
}

/** Binds a scanned tag code to a passed item (质检端); `onDone` refreshes what the page shows. */
export function useBindCode(onDone: () => unknown) {
  return useWrite({
    mutationFn: (body: BodyOf<typeof codesApi.bind>) => callApi(codesApi.bind, { body }),
    onSuccess: () => void onDone(),
  });
}

/** Unbinds a tag code with a reason (the binding stays as history). */
export function useUnbindCode(onDone: () => unknown) {
  return useWrite({
    mutationFn: (body: BodyOf<typeof codesApi.unbind>) => callApi(codesApi.unbind, { body }),
    onSuccess: () => void onDone(),
  });
}
