import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { merchantTemplateApi, templatesApi, type BodyOf, type TemplateDetail, type TemplateKind, type TemplateNamespace } from '@gemqc/contract';
import { safeParseTemplate, type Template } from '@gemqc/label-designer';
import { callApi } from '../../lib/request';

type Api = (typeof templatesApi)[TemplateNamespace];
/** The list query as the page builds it (a subset of the contract's query). */
export interface TemplateListQuery {
  page: number;
  page_size: number;
  keyword?: string;
  kind?: TemplateKind;
}
export type TemplateSaveBody = BodyOf<Api['save']>;

export const templateKeys = {
  all: (ns: TemplateNamespace) => ['templates', ns] as const,
  list: (ns: TemplateNamespace, q: TemplateListQuery) => ['templates', ns, 'list', q] as const,
  detail: (ns: TemplateNamespace, id: string) => ['templates', ns, 'detail', id] as const,
  fields: (ns: TemplateNamespace, kind: TemplateKind) => ['templates', ns, 'fields', kind] as const,
  sample: (ns: TemplateNamespace, kind: TemplateKind) => ['templates', ns, 'sample', kind] as const,
  default: (ns: TemplateNamespace | 'merchant', kind: TemplateKind, centreId?: string) => ['templates', ns, 'default', kind, centreId ?? ''] as const,
};

export function useTemplateList(ns: TemplateNamespace, query: TemplateListQuery) {
  return useQuery({
    queryKey: templateKeys.list(ns, query),
    queryFn: ({ signal }) => callApi(templatesApi[ns].list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTemplateDetail(ns: TemplateNamespace, id: string | null) {
  return useQuery({
    queryKey: templateKeys.detail(ns, id ?? ''),
    queryFn: ({ signal }) => callApi(templatesApi[ns].detail, { query: { id: id ?? '' }, signal }),
    enabled: !!id,
    retry: false,
    // the editor holds the version it loaded; never swap it under the user's hands
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** Data fields of a kind and a sample row: fixed per server version. */
export function useTemplateFields(ns: TemplateNamespace, kind: TemplateKind | null) {
  return useQuery({
    queryKey: templateKeys.fields(ns, kind ?? 'certificate_label'),
    queryFn: ({ signal }) => callApi(templatesApi[ns].fields, { query: { kind: kind ?? 'certificate_label' }, signal }),
    enabled: !!kind,
    staleTime: Infinity,
  });
}

export function useTemplateSample(ns: TemplateNamespace, kind: TemplateKind | null) {
  return useQuery({
    queryKey: templateKeys.sample(ns, kind ?? 'certificate_label'),
    queryFn: ({ signal }) => callApi(templatesApi[ns].sample, { query: { kind: kind ?? 'certificate_label' }, signal }),
    enabled: !!kind,
    staleTime: 5 * 60_000,
  });
}

function useInvalidate(ns: TemplateNamespace) {
  const qc = useQueryClient();
  return (saved?: TemplateDetail) => {
    if (saved) qc.setQueryData(templateKeys.detail(ns, saved.id), saved);
    // lists and default lookups change with any write; the open editor's detail does not refetch under the user
    return qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'templates' && q.queryKey[1] === ns && (q.queryKey[2] === 'list' || q.queryKey[2] === 'default') });
  };
}

export function useSaveTemplate(ns: TemplateNamespace) {
  const invalidate = useInvalidate(ns);
  return useWrite({
    mutationFn: (body: TemplateSaveBody, { idempotencyKey }) => callApi(templatesApi[ns].save, { body, idempotencyKey }),
    onSuccess: (saved) => void invalidate(saved),
  });
}

export function useDeleteTemplate(ns: TemplateNamespace) {
  const qc = useQueryClient();
  const invalidate = useInvalidate(ns);
  return useWrite({
    mutationFn: (id: string) => callApi(templatesApi[ns].delete, { body: { id } }),
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: templateKeys.detail(ns, id) });
      void invalidate();
    },
  });
}

export function useSetDefaultTemplate(ns: TemplateNamespace) {
  const invalidate = useInvalidate(ns);
  return useWrite({
    mutationFn: (id: string) => callApi(templatesApi[ns].setDefault, { body: { id } }),
    onSuccess: (saved) => void invalidate(saved),
  });
}

/** The centre's default template of a kind, for printing (the server answers its built-in one when none is set up). */
export function useDefaultTemplate(ns: TemplateNamespace, kind: TemplateKind) {
  return useQuery({
    queryKey: templateKeys.default(ns, kind),
    queryFn: ({ signal }) => callApi(templatesApi[ns].default, { query: { kind }, signal }),
    staleTime: 60_000,
  });
}

/** Merchants: the default template of their default centre (or `centreId`), e.g. the order sheet. */
export function useMerchantDefaultTemplate(kind: TemplateKind, centreId?: string) {
  return useQuery({
    queryKey: templateKeys.default('merchant', kind, centreId),
    queryFn: ({ signal }) => callApi(merchantTemplateApi.default, { query: { kind, ...(centreId ? { centre_id: centreId } : {}) }, signal }),
    staleTime: 60_000,
  });
}

/** Fetches a template's detail for export (the cached one when the editor already loaded it). */
export function useFetchTemplateDetail(ns: TemplateNamespace) {
  const qc = useQueryClient();
  return (id: string) => qc.fetchQuery({ queryKey: templateKeys.detail(ns, id), queryFn: ({ signal }) => callApi(templatesApi[ns].detail, { query: { id }, signal }) });
}

/** What templateForPrint needs of a default-template query. */
export interface DefaultTemplateQuery {
  data: TemplateDetail | undefined;
  refetch(): Promise<{ data: TemplateDetail | undefined; error: unknown }>;
}

/**
 * The template a print uses: the server's default of its kind (the server answers its built-in one
 * where none is set up, so the web keeps no copy). Right after a page opened the query may still be
 * on its way: the print waits for it. A failed request or a template that does not parse is an
 * error the user reads (thrown for showErrorOnce).
 */
export async function templateForPrint(q: DefaultTemplateQuery): Promise<Template> {
  let detail = q.data;
  if (!detail) {
    const r = await q.refetch();
    if (r.error) throw r.error;
    detail = r.data;
  }
  if (!detail) throw new Error('没有取到打印模板，请稍后重试');
  const parsed = safeParseTemplate(detail.template);
  if (!parsed.ok) throw new Error(`打印模板“${detail.name}”无法使用：${parsed.issues.slice(0, 3).join('；')}`);
  return parsed.template;
}
