import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditApi, type AuditListQuery, type AuditNamespace } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../../lib/download';
import { useWrite } from '../../lib/useWrite';

/** The list query as the page builds it (page fields always set). */
export type AuditQuery = AuditListQuery & { page: number; page_size: number };
export type AuditFilters = Omit<AuditQuery, 'page' | 'page_size'>;

export function useAuditList(ns: AuditNamespace, query: AuditQuery, enabled = true) {
  return useQuery({
    queryKey: ['audit', ns, 'list', query],
    queryFn: ({ signal }) => callApi(auditApi[ns].list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** 导出: the same filters as an .xlsx (the server names the file 操作日志-<time>.xlsx). */
export function useExportAudit(ns: AuditNamespace) {
  return useWrite({ mutationFn: (filters: AuditFilters) => downloadFile(auditApi[ns].export.path, filters, 'audit-log.xlsx') });
}
