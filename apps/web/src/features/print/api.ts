import { useMemo } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ordersApi } from '@gemqc/contract';
import { safeParseTemplate, type Template } from '@gemqc/label-designer';
import { callApi } from '../../lib/request';
import { useMerchantDefaultTemplate } from '../templates';
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
 * The order-sheet template: the default "order_sheet" template of the merchant's centre from the
 * templates feature, or the built-in one when the centre has none (or it does not parse).
 */
export function useSheetTemplate(): { isPending: boolean; data: { template: Template; name: string | null } } {
  const q = useMerchantDefaultTemplate('order_sheet');
  const data = useMemo(() => {
    const parsed = q.data ? safeParseTemplate(q.data.template) : null;
    return parsed?.ok && q.data ? { template: parsed.template, name: q.data.name } : { template: orderSheetTemplate, name: null };
  }, [q.data]);
  return { isPending: q.isPending && !q.isError, data };
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
