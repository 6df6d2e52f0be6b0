import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useWrite } from '../../../lib/useWrite';
import { ordersApi } from '@gemqc/contract';
import { safeParseTemplate, type Template } from '@gemqc/label-designer';
import { callApi } from '../../../lib/request';
import { useMerchantDefaultTemplate } from '../../templates';

/** Order sheet rows for the chosen orders, in the order given. */
export function useSheets(ids: string[]) {
  return useQuery({
    queryKey: ['merchant', 'orders', 'sheet', ids.join(',')],
    queryFn: ({ signal }) => callApi(ordersApi.merchant.sheet, { query: { ids: ids.join(',') }, signal }),
    enabled: ids.length > 0,
  });
}

/**
 * The order-sheet template: the default "order_sheet" template of the merchant's centre (the server
 * answers its built-in one when the centre has none). `problem` says why there is none to print with.
 */
export function useSheetTemplate(): { isPending: boolean; template: Template | undefined; name: string | null; problem: string | null } {
  const q = useMerchantDefaultTemplate('order_sheet');
  const parsed = useMemo(() => (q.data ? safeParseTemplate(q.data.template) : null), [q.data]);
  return {
    isPending: q.isPending && !q.isError,
    template: parsed?.ok ? parsed.template : undefined,
    name: q.data?.name ?? null,
    problem: parsed && !parsed.ok ? `打印模板“${q.data?.name ?? ''}”无法使用：${parsed.issues.slice(0, 3).join('；')}` : null,
  };
}

/** Finds an order by its number (a scanned sheet) to add it to the print list. */
export function useFindOrder() {
  return useWrite({
    mutationFn: async (orderNo: string) => {
      const r = await callApi(ordersApi.merchant.list, { query: { order_no: orderNo.trim(), page: 1, page_size: 1 } });
      return r.list[0] ?? null;
    },
  });
}
