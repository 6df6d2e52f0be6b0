import { z } from 'zod';
import { endpoint, listSort, pageQuery, paged } from './common';
import { dayString } from './orders';

export const ledgerTypeList = [
  { value: 'TOP_UP', label: '充值' },
  { value: 'INSPECTION', label: '检测费' },
  { value: 'CERTIFICATE', label: '证书费' },
  { value: 'REVERSAL', label: '冲正' },
  { value: 'ADJUSTMENT', label: '调整' },
] as const;
export const ledgerTypeValues = ['TOP_UP', 'INSPECTION', 'CERTIFICATE', 'REVERSAL', 'ADJUSTMENT'] as const;
export function ledgerTypeLabel(v: string): string {
  return ledgerTypeList.find((t) => t.value === v)?.label ?? v;
}

export const ledgerFilterQuery = z.object({
  type: z.enum(ledgerTypeValues, { error: '费用类型不正确' }).optional(),
  start_date: dayString.optional(),
  end_date: dayString.optional(),
  order_no: z.string().trim().max(32, { error: '订单号不能超过32个字' }).optional().transform((v) => v || undefined),
});
/** 费用明细 sorts by 时间 (default: newest first) and 金额 (the signed amount). */
export const ledgerSort = listSort({ created_at: '时间', amount: '金额' });
export const ledgerQuery = pageQuery.extend({ ...ledgerFilterQuery.shape, ...ledgerSort.shape });

export const ledgerRow = z.object({
  id: z.string(),
  type: z.string(),
  type_text: z.string(),
  /** Signed fen: charges negative, top-ups positive. */
  amount: z.number(),
  balance_after: z.number(),
  order_id: z.string().nullable(),
  order_no: z.string().nullable(),
  item_id: z.string().nullable(),
  item_name: z.string().nullable(),
  centre_name: z.string().nullable(),
  operator_name: z.string(),
  note: z.string(),
  created_at: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;

export const ledgerTotal = z.object({ type: z.string(), type_text: z.string(), count: z.number(), amount: z.number() });

export const ledgerData = paged(ledgerRow).extend({
  /** Per type over the whole filter (not only this page). */
  totals: z.array(ledgerTotal),
  /** Current balance and credit limit, fen. */
  balance: z.number(),
  credit_limit: z.number(),
});

export const feesApi = {
  ledger: endpoint({ method: 'GET', path: '/merchant/v1/Finance/ledger', summary: 'Ledger entries (费用明细) with totals by type and the balance (newest first or sort_by created_at / amount)', query: ledgerQuery, data: ledgerData }),
  ledgerExport: endpoint({ method: 'GET', path: '/merchant/v1/Finance/ledgerExport', summary: 'The ledger as an Excel file (same filters)', query: ledgerFilterQuery, data: z.unknown() }),
};
