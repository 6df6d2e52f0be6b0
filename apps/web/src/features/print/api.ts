import { useMutation, useQuery } from '@tanstack/react-query';
import { merchantTemplateApi, ordersApi, printLicenseApi } from '@gemqc/contract';
import { safeParseTemplate, type Template } from '@gemqc/label-designer';
import { callApi } from '../../lib/request';
import { orderSheetTemplate } from './orderSheetTemplate';

/** Order sheet rows for the chosen orders, in the order given. */
export function useSheets(ids: string[]) {
  return useQuery({
    queryKey: ['merchant', 'orders', 'sheet', ids.join(',')],
    queryFn: ({ signal }) => callApi(ordersApi.merchant.sheet, { query: { ids: ids.join(',') }, signal }),
    enabled: ids.length > 0,
  });
}

/**
 * The centre's default order-sheet template, or the built-in one when the centre has none (or
 * the stored one does not parse).
 */
export function useSheetTemplate() {
  return useQuery({
    queryKey: ['merchant', 'template', 'order_sheet'],
    queryFn: async ({ signal }): Promise<{ template: Template; name: string | null }> => {
      const d = await callApi(merchantTemplateApi.default, { query: { kind: 'order_sheet' }, signal, silent: true }).catch(() => null);
      if (d) {
        const parsed = safeParseTemplate(d.template);
        if (parsed.ok) return { template: parsed.template, name: d.name };
      }
      return { template: orderSheetTemplate, name: null };
    },
    staleTime: 5 * 60_000,
  });
}

/** The C-Lodop licence from the server's configuration (empty strings when none). */
export function usePrintLicence() {
  return useQuery({
    queryKey: ['merchant', 'print', 'licence'],
    queryFn: ({ signal }) => callApi(printLicenseApi.merchant, { signal, silent: true }),
    staleTime: Infinity,
    retry: false,
  });
}

/** Finds an order by its number (a scanned sheet) to add it to the print list. */
export function useFindOrder() {
  return useMutation({
    mutationFn: async (orderNo: string) => {
      const r = await callApi(ordersApi.merchant.list, { query: { order_no: orderNo.trim(), page: 1, page_size: 1 } });
      return r.list[0] ?? null;
    },
  });
}
