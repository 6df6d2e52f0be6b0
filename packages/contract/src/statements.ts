import { z } from 'zod';
import { endpoint, isCalendarDay, listSort, pageQuery, paged, ref, refTo } from './common';
import { ledgerRow, ledgerTypeLabel } from './fees';
import { dayString } from './orders';

/**
 * Financial statement (财务账单, docs/domain.md#fees): per centre, per merchant, per month (or a date
 * range), the ledger entries booked at the centre summed by type. Amounts here are **fen charged
 * to the merchant**: a fee is positive, a reversal of a fee negative (the opposite sign of the
 * ledger, where charges are negative); `net_amount` is what the merchant owes for the period.
 */

/** The entry types a centre's statement shows (top-ups are not booked at a centre). */
export const statementTypeValues = ['INSPECTION', 'CERTIFICATE', 'REVERSAL', 'ADJUSTMENT'] as const;
export type StatementType = (typeof statementTypeValues)[number];

export const statementStatusList = [
  { value: 'draft', label: '待确认' },
  { value: 'confirmed', label: '已确认' },
] as const;
export const statementStatusValues = ['draft', 'confirmed'] as const;
export type StatementStatus = (typeof statementStatusValues)[number];
export function statementStatusLabel(v: string): string {
  return statementStatusList.find((s) => s.value === v)?.label ?? v;
}
export { ledgerTypeLabel as statementTypeLabel };

/** YYYY-MM (China time). */
export const monthString = z
  .string({ error: '月份格式应为YYYY-MM' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: '月份格式应为YYYY-MM' })
  .refine((s) => isCalendarDay(`${s}-01`), { error: '月份不存在，请检查年份' });

const periodShape = {
  /** A month (YYYY-MM); the default when no date range is given is the current month. */
  month: monthString.optional(),
  /** Or an inclusive range of China-time days (both ends). */
  start_date: dayString.optional(),
  end_date: dayString.optional(),
};

type PeriodInput = { month?: string; start_date?: string; end_date?: string; status?: string };

/** Month or date range, not both; a range has both ends, in order, at most 366 days. */
function checkPeriod(q: PeriodInput, ctx: z.RefinementCtx) {
  const range = q.start_date !== undefined || q.end_date !== undefined;
  if (range && q.month) ctx.addIssue({ code: 'custom', message: '请选择月份或日期范围中的一种', path: ['month'] });
  else if (range && (!q.start_date || !q.end_date)) ctx.addIssue({ code: 'custom', message: '请选择完整的开始日期和结束日期', path: ['start_date'] });
  else if (q.start_date && q.end_date) {
    if (q.start_date > q.end_date) ctx.addIssue({ code: 'custom', message: '开始日期不能晚于结束日期', path: ['end_date'] });
    else if ((Date.parse(q.end_date) - Date.parse(q.start_date)) / 86_400_000 >= 366) ctx.addIssue({ code: 'custom', message: '日期范围最多366天', path: ['end_date'] });
  }
  if (range && q.status) ctx.addIssue({ code: 'custom', message: '账单状态按月确认，按状态筛选时请选择月份', path: ['status'] });
}

const merchantFilter = ref('merchant').optional();

export const statementFilterQuery = z
  .object({
    ...periodShape,
    merchant_id: merchantFilter,
    status: z.enum(statementStatusValues, { error: '账单状态不正确' }).optional(),
  })
  .superRefine(checkPeriod);

/** The statement list sorts by 商家 (default, by name), 检测物品, 应收合计 and 状态 (drafts first ascending). */
export const statementListSort = listSort({ merchant_name: '商家', item_count: '检测物品', net_amount: '应收合计', status: '状态' });

export const statementListQuery = z
  .object({
    ...pageQuery.shape,
    ...statementListSort.shape,
    ...periodShape,
    merchant_id: merchantFilter,
    status: z.enum(statementStatusValues, { error: '账单状态不正确' }).optional(),
  })
  .superRefine(checkPeriod);

const detailShape = {
  ...periodShape,
  merchant_id: refTo('merchant', z.union([z.string(), z.number()], { error: '请选择商家' }).transform((v) => String(v)).pipe(z.string().regex(/^\d{1,18}$/, { error: '商家编号格式不正确' })).transform(Number)),
  type: z.enum(statementTypeValues, { error: '费用类型不正确' }).optional(),
};
/** A statement's entries sort by 时间 (default: oldest first) and 应收金额 (the fen charged, as shown). */
export const statementDetailSort = listSort({ created_at: '时间', amount: '应收金额' });
export const statementDetailQuery = z
  .object({ ...pageQuery.shape, ...detailShape, ...statementDetailSort.shape })
  .superRefine(checkPeriod);
export const statementDetailExportQuery = z.object(detailShape).superRefine(checkPeriod);

export const statementConfirmBody = z.object({
  merchant_id: detailShape.merchant_id,
  month: z.string({ error: '请选择要确认的月份' }).pipe(monthString),
});

export const statementTotal = z.object({
  type: z.string(),
  type_text: z.string(),
  count: z.number(),
  /** Fen charged (a reversal is negative). */
  amount: z.number(),
});
export type StatementTotal = z.infer<typeof statementTotal>;

export const statementPeriod = z.object({
  /** YYYY-MM when the period is a month, else null. */
  month: z.string().nullable(),
  /** Inclusive China-time days. */
  start_date: z.string(),
  end_date: z.string(),
});

export const statementSnapshot = z.object({
  entry_count: z.number(),
  item_count: z.number(),
  net_amount: z.number(),
  totals: z.array(statementTotal),
  confirmed_at: z.string(),
  confirmed_by_name: z.string(),
});

export const statementRow = z.object({
  merchant_id: z.string(),
  merchant_name: z.string(),
  /** By month: draft or confirmed; by date range: null (statements are confirmed per month). */
  status: z.enum(statementStatusValues).nullable(),
  status_text: z.string(),
  /** One per statementTypeValues, in that order. */
  totals: z.array(statementTotal),
  entry_count: z.number(),
  /** Distinct items with a fee in the period. */
  item_count: z.number(),
  net_amount: z.number(),
  /** The totals stored when the statement was confirmed (null while a draft). */
  confirmed: statementSnapshot.nullable(),
  /** net_amount now − net_amount at confirmation (entries booked into the month afterwards); null while a draft. */
  difference: z.number().nullable(),
});
export type StatementRow = z.infer<typeof statementRow>;

export const statementDay = z.object({
  /** YYYY-MM-DD, China time */
  date: z.string(),
  inspection: z.number(),
  certificate: z.number(),
  reversal: z.number(),
  adjustment: z.number(),
  net: z.number(),
});
export type StatementDay = z.infer<typeof statementDay>;

export const statementListData = paged(statementRow).extend({
  period: statementPeriod,
  /** Over every merchant of the filter (not only this page). */
  summary: z.object({
    merchant_count: z.number(),
    entry_count: z.number(),
    item_count: z.number(),
    net_amount: z.number(),
    totals: z.array(statementTotal),
    confirmed_count: z.number(),
  }),
  /** Per day of the period, fen charged by type over the filter (the chart). */
  days: z.array(statementDay),
});
export type StatementListData = z.infer<typeof statementListData>;

export const statementDetailData = paged(ledgerRow).extend({
  period: statementPeriod,
  statement: statementRow,
});
export type StatementDetailData = z.infer<typeof statementDetailData>;

export const statementMerchantOption = z.object({ value: z.string(), label: z.string() });

export const statementsApi = {
  list: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Finance/statementList',
    summary: 'Financial statements of the centre: per merchant, totals by entry type for a month (default: this month) or a date range, with a summary and per-day figures',
    query: statementListQuery,
    data: statementListData,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Finance/statementDetail',
    summary: 'The ledger entries behind one merchant’s statement (paginated; oldest first or sort_by created_at / amount)',
    query: statementDetailQuery,
    data: statementDetailData,
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Finance/statementConfirm',
    summary: 'Confirm a merchant’s monthly statement: stores its totals (confirming again answers the stored statement)',
    body: statementConfirmBody,
    data: statementRow,
  }),
  export: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Finance/statementExport',
    summary: 'The statement list as an Excel file (same filters, every merchant)',
    query: statementFilterQuery,
    data: z.unknown(),
  }),
  detailExport: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Finance/statementDetailExport',
    summary: 'One merchant’s statement entries as an Excel file',
    query: statementDetailExportQuery,
    data: z.unknown(),
  }),
  merchants: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Finance/statementMerchants',
    summary: 'Merchants of the caller’s centre (options of the statement merchant filter)',
    data: z.array(statementMerchantOption),
  }),
};
