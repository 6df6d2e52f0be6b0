import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { templatesApi, type BodyOf, type TemplateDetail, type TemplateKind, type TemplateNamespace } from '@gemqc/contract';
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
    return qc.invalidateQueries({ queryKey: [...templateKeys.all(ns), 'list'] });
  };
}

export function useSaveTemplate(ns: TemplateNamespace) {
  const invalidate = useInvalidate(ns);
  return useMutation({
    mutationFn: (body: TemplateSaveBody) => callApi(templatesApi[ns].save, { body }),
    onSuccess: (saved) => void invalidate(saved),
  });
}

export function useDeleteTemplate(ns: TemplateNamespace) {
  const qc = useQueryClient();
  const invalidate = useInvalidate(ns);
  return useMutation({
    mutationFn: (id: string) => callApi(templatesApi[ns].delete, { body: { id } }),
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: templateKeys.detail(ns, id) });
      void invalidate();
    },
  });
}

export function useSetDefaultTemplate(ns: TemplateNamespace) {
  const invalidate = useInvalidate(ns);
  return useMutation({
    mutationFn: (id: string) => callApi(templatesApi[ns].setDefault, { body: { id } }),
    onSuccess: (saved) => void invalidate(saved),
  });
}
