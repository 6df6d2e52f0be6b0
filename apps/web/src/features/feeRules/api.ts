import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { feeRulesApi, type FeeOverrideQuery, type FeeRuleNamespace, type FeeSaveBody } from '@gemqc/contract';
import { callApi } from '../../lib/request';

export const feeKeys = {
  all: (ns: FeeRuleNamespace) => ['feeRules', ns] as const,
  rules: (ns: FeeRuleNamespace) => ['feeRules', ns, 'rules'] as const,
  overrides: (ns: FeeRuleNamespace, q: FeeOverrideQuery) => ['feeRules', ns, 'overrides', q] as const,
  merchants: (ns: FeeRuleNamespace, keyword: string) => ['feeRules', ns, 'merchants', keyword] as const,
};

export function useFeeRules(ns: FeeRuleNamespace, enabled = true) {
  return useQuery({ queryKey: feeKeys.rules(ns), queryFn: ({ signal }) => callApi(feeRulesApi[ns].list, { signal }), enabled });
}

export function useFeeOverrides(ns: FeeRuleNamespace, query: FeeOverrideQuery, enabled = true) {
  return useQuery({
    queryKey: feeKeys.overrides(ns, query),
    queryFn: ({ signal }) => callApi(feeRulesApi[ns].overrideList, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Merchants of the centre matching a name (the override dialog's search). */
export function useFeeMerchants(ns: FeeRuleNamespace, keyword: string, enabled: boolean) {
  return useQuery({
    queryKey: feeKeys.merchants(ns, keyword),
    queryFn: ({ signal }) => callApi(feeRulesApi[ns].merchants, { query: keyword ? { keyword } : {}, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useSaveFee(ns: FeeRuleNamespace) {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (body: FeeSaveBody) => callApi(feeRulesApi[ns].save, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: feeKeys.all(ns) }),
  });
}

export function useDeleteFeeOverride(ns: FeeRuleNamespace) {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (id: string) => callApi(feeRulesApi[ns].delete, { body: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: feeKeys.all(ns) }),
  });
}
