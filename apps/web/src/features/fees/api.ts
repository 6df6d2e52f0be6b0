import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { feesApi, type QueryOf } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../../lib/download';

export type LedgerQuery = NonNullable<QueryOf<typeof feesApi.ledger>>;

export function useLedger(query: LedgerQuery) {
  return useQuery({
    queryKey: ['merchant', 'finance', 'ledger', query],
    queryFn: ({ signal }) => callApi(feesApi.ledger, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useExportLedger() {
  return useWrite({
    mutationFn: (filters: Omit<LedgerQuery, 'page' | 'page_size'>) => downloadFile(feesApi.ledgerExport.path, filters, 'ledger.xlsx'),
  });
}
