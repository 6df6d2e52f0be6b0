import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { statementsApi, type BodyOf, type QueryOf } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../../lib/download';

export type StatementListQuery = NonNullable<QueryOf<typeof statementsApi.list>>;
export type StatementFilters = Omit<StatementListQuery, 'page' | 'page_size'>;
export type StatementDetailQuery = NonNullable<QueryOf<typeof statementsApi.detail>>;

export const statementKeys = {
  all: ['warehouse', 'statements'] as const,
  list: (q: StatementListQuery) => ['warehouse', 'statements', 'list', q] as const,
  detail: (q: StatementDetailQuery) => ['warehouse', 'statements', 'detail', q] as const,
  merchants: ['warehouse', 'statements', 'merchants'] as const,
};

export function useStatementList(query: StatementListQuery, enabled = true) {
  return useQuery({
    queryKey: statementKeys.list(query),
    queryFn: ({ signal }) => callApi(statementsApi.list, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useStatementDetail(query: StatementDetailQuery | null) {
  return useQuery({
    queryKey: statementKeys.detail(query ?? { merchant_id: '' }),
    queryFn: ({ signal }) => callApi(statementsApi.detail, { query: query!, signal }),
    placeholderData: keepPreviousData,
    enabled: query !== null,
  });
}

export function useStatementMerchants(enabled = true) {
  return useQuery({ queryKey: statementKeys.merchants, queryFn: ({ signal }) => callApi(statementsApi.merchants, { signal }), staleTime: 60_000, enabled });
}

export function useConfirmStatement() {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (body: BodyOf<typeof statementsApi.confirm>) => callApi(statementsApi.confirm, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: statementKeys.all }),
  });
}

export function useExportStatements() {
  return useWrite({ mutationFn: (filters: StatementFilters) => downloadFile(statementsApi.export.path, filters, 'statement.xlsx') });
}

export function useExportStatementDetail() {
  return useWrite({
    mutationFn: (filters: Omit<StatementDetailQuery, 'page' | 'page_size'>) => downloadFile(statementsApi.detailExport.path, filters, 'statement-detail.xlsx'),
  });
}
