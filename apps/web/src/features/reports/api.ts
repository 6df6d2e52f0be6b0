import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { reportsApi } from '@gemqc/contract';
import { callApi } from '../../lib/request';

export function useDailyReport(start: string, end: string) {
  return useQuery({
    queryKey: ['merchant', 'reports', 'daily', start, end],
    queryFn: ({ signal }) => callApi(reportsApi.merchantDaily, { query: { start, end }, signal }),
    placeholderData: keepPreviousData,
  });
}
