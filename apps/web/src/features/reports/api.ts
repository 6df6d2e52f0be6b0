import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { reportsApi } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../../lib/download';

export function useDailyReport(start: string, end: string) {
  return useQuery({
    queryKey: ['merchant', 'reports', 'daily', start, end],
    queryFn: ({ signal }) => callApi(reportsApi.merchantDaily, { query: { start, end }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Downloads the 日报表 of the range as an Excel file: the merchant's, or the caller centre's. */
export function useExportDailyReport(portal: 'merchant' | 'centre') {
  const endpoint = portal === 'merchant' ? reportsApi.merchantDailyExport : reportsApi.centerDailyExport;
  return useWrite({
    mutationFn: (range: { start: string; end: string }) => downloadFile(endpoint.path, range, 'daily-report.xlsx'),
  });
}

/** 日报表 of the centre (≤ 92 days). */
export function useCentreDailyReport(start: string, end: string) {
  return useQuery({
    queryKey: ['center', 'reports', 'daily', start, end],
    queryFn: ({ signal }) => callApi(reportsApi.centerDaily, { query: { start, end }, signal }),
    placeholderData: keepPreviousData,
  });
}
