import { ledgerTypeLabel, ledgerTypeValues, type DataOf, type feesApi, type ledgerSort, type SortKeyOf } from '@gemqc/contract';
import type { Db } from '../../db/client';
import type { LedgerType } from '../../db/schema';
import { NotFoundError } from '../../platform/errors';
import type { ListSortQuery } from '../../platform/listSort';
import { dayRange, iso } from '../../platform/format';
import * as repo from './repo';
import type { LedgerListRow } from './repo';

export type { LedgerListRow } from './repo';
// Ledger amounts per day and type, kept exactly (README.md): the daily reports.
export { summedLedgerPerDay as ledgerPerDay } from './daySums.repo';
// The job queue's count-compaction folds the day sums' deltas (plugins/backgroundJobs.ts).
export { foldLedgerDaySums } from './daySums.repo';

type LedgerData = DataOf<typeof feesApi.ledger>;
export type LedgerRowView = LedgerData['list'][number];
interface Filter {
  type?: LedgerType;
  start_date?: string;
  end_date?: string;
  order_no?: string;
}

export function ledgerFilter(merchantId: number, q: Filter): repo.LedgerFilter {
  const { from, to } = dayRange(q.start_date, q.end_date);
  return { merchantId, type: q.type, from, to, orderNo: q.order_no };
}

export function ledgerRowView(r: LedgerListRow): LedgerRowView {
  const e = r.entry;
  return {
    id: String(e.id),
    type: e.type,
    type_text: ledgerTypeLabel(e.type),
    amount: e.amount,
    balance_after: e.balanceAfter,
    order_id: e.orderId === null ? null : String(e.orderId),
    order_no: r.orderNo,
    item_id: e.itemId === null ? null : String(e.itemId),
    item_name: r.itemName,
    centre_name: r.centreName,
    operator_name: e.operatorName,
    note: e.note,
    created_at: iso(e.createdAt),
  };
}

export async function ledger(db: Db, merchantId: number, q: Filter & ListSortQuery<SortKeyOf<typeof ledgerSort>> & { page: number; page_size: number }): Promise<LedgerData> {
  const [page, bal] = await Promise.all([
    repo.listLedger(db, ledgerFilter(merchantId, q), { limit: q.page_size, offset: (q.page - 1) * q.page_size }, q),
    repo.merchantBalance(db, merchantId),
  ]);
  if (!bal) throw new NotFoundError('商家不存在');
  const total = page.totals.reduce((s, t) => s + t.count, 0);
  return {
    list: page.rows.map(ledgerRowView),
    total,
    page: q.page,
    page_size: q.page_size,
    totals: ledgerTypeValues.map((type) => {
      const t = page.totals.find((x) => x.type === type);
      return { type, type_text: ledgerTypeLabel(type), count: t?.count ?? 0, amount: t?.amount ?? 0 };
    }),
    balance: bal.balance,
    credit_limit: bal.creditLimit,
  };
}

export async function* ledgerExportRows(db: Db, merchantId: number, q: Filter, cap = 50_000): AsyncGenerator<LedgerRowView> {
  for (const r of await repo.allLedger(db, ledgerFilter(merchantId, q), cap)) yield ledgerRowView(r);
}
