import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { statementTypeValues, type SortKeyOf, type statementDetailSort, type statementListSort, type StatementStatus, type StatementType } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { centres, ledgerEntries as le, merchants, orderItems, statements, testingOrders, type StatementSnapshotTotal } from '../../db/schema';
import { listOrderBy, type ListSortQuery, type SortColumns } from '../../platform/listSort';
import type { LedgerListRow } from '../fees/service';

export type StatementRecord = typeof statements.$inferSelect;

/** What one statement (or the list) covers: the caller's centre, a period, optional filters. */
export interface StatementFilter {
  centreId: number;
  from: Date;
  to: Date;
  /** YYYY-MM when the period is a month (confirmed statements exist only per month). */
  month: string | null;
  merchantId?: number;
  status?: StatementStatus;
  type?: StatementType;
}

/** Entries booked at the centre in the period (statement types only). */
function ledgerWhere(f: StatementFilter): SQL | undefined {
  return and(
    eq(le.centreId, f.centreId),
    gte(le.createdAt, f.from),
    lt(le.createdAt, f.to),
    f.type ? eq(le.type, f.type) : inArray(le.type, [...statementTypeValues]),
    f.merchantId !== undefined ? eq(le.merchantId, f.merchantId) : undefined,
    f.status === 'confirmed' ? isNotNull(statements.id) : f.status === 'draft' ? isNull(statements.id) : undefined,
  );
}

/** The merchant's confirmed statement of the month (none when the period is a date range). */
function statementJoin(f: StatementFilter): SQL {
  return f.month === null ? sql`false` : and(eq(statements.centreId, f.centreId), eq(statements.merchantId, le.merchantId), eq(statements.month, f.month))!;
}

/** Fen charged = minus the ledger amount (charges are negative in the ledger). */
const charged = (where?: SQL) => (where ? sql<string>`coalesce(-sum(${le.amount}) filter (where ${where}), 0)` : sql<string>`coalesce(-sum(${le.amount}), 0)`);
const counted = (where?: SQL) => (where ? sql<number>`(count(*) filter (where ${where}))::int` : sql<number>`count(*)::int`);

function aggregateFields() {
  const byType = Object.fromEntries(
    statementTypeValues.flatMap((t) => [
      [`n_${t}`, counted(eq(le.type, t))],
      [`a_${t}`, charged(eq(le.type, t))],
    ]),
  ) as Record<string, SQL<string | number>>;
  return {
    entryCount: counted(),
    itemCount: sql<number>`(count(distinct ${le.itemId}) filter (where ${le.type} in ('INSPECTION', 'CERTIFICATE')))::int`,
    net: charged(),
    lastEntryId: sql<string | null>`max(${le.id})`,
    byType,
  };
}

export interface Aggregate {
  entryCount: number;
  itemCount: number;
  net: number;
  lastEntryId: number | null;
  totals: StatementSnapshotTotal[];
}

function toAggregate(r: { entryCount: number; itemCount: number; net: string; lastEntryId: string | null; byType: Record<string, string | number> }): Aggregate {
  return {
    entryCount: Number(r.entryCount),
    itemCount: Number(r.itemCount),
    net: Number(r.net),
    lastEntryId: r.lastEntryId === null ? null : Number(r.lastEntryId),
    totals: statementTypeValues.map((type) => ({ type, count: Number(r.byType[`n_${type}`] ?? 0), amount: Number(r.byType[`a_${type}`] ?? 0) })),
  };
}

export function emptyAggregate(): Aggregate {
  return { entryCount: 0, itemCount: 0, net: 0, lastEntryId: null, totals: statementTypeValues.map((type) => ({ type, count: 0, amount: 0 })) };
}

export interface StatementListRow extends Aggregate {
  merchantId: number;
  merchantName: string;
  statement: StatementRecord | null;
}

/**
 * The statement list's sort keys → what a merchant's row sums to (the same aggregates the row
 * shows); 状态 puts drafts (no confirmed statement) before confirmed ones ascending. The list is
 * one group per merchant of the centre's period, sorted after grouping (no index to read in order).
 */
const statementSortColumns = {
  merchant_name: merchants.name,
  item_count: sql`count(distinct ${le.itemId}) filter (where ${le.type} in ('INSPECTION', 'CERTIFICATE'))`,
  net_amount: charged(),
  status: sql`(${statements.id} is not null)`,
} satisfies SortColumns<SortKeyOf<typeof statementListSort>>;

/** One page of merchants with entries in the period (default: by name); each with its sums and confirmed statement. */
export async function statementPage(
  db: Db,
  f: StatementFilter,
  page: { limit: number; offset: number },
  sort: ListSortQuery<SortKeyOf<typeof statementListSort>> = { sort_order: 'desc' },
): Promise<StatementListRow[]> {
  const rows = await db
    .select({ merchantId: merchants.id, merchantName: merchants.name, statement: statements, ...aggregateFields() })
    .from(le)
    .innerJoin(merchants, eq(merchants.id, le.merchantId))
    .leftJoin(statements, statementJoin(f))
    .where(ledgerWhere(f))
    .groupBy(merchants.id, statements.id)
    .orderBy(...listOrderBy(statementSortColumns, sort, merchants.id, [asc(merchants.name), asc(merchants.id)]))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({ merchantId: r.merchantId, merchantName: r.merchantName, statement: r.statement, ...toAggregate(r) }));
}

/** The sums over every merchant of the filter, with how many merchants and confirmed statements. */
export async function statementSummary(db: Db, f: StatementFilter): Promise<Aggregate & { merchantCount: number; confirmedCount: number }> {
  const [r] = await db
    .select({
      merchantCount: sql<number>`count(distinct ${le.merchantId})::int`,
      confirmedCount: sql<number>`count(distinct ${statements.id})::int`,
      ...aggregateFields(),
    })
    .from(le)
    .leftJoin(statements, statementJoin(f))
    .where(ledgerWhere(f));
  return { merchantCount: Number(r?.merchantCount ?? 0), confirmedCount: Number(r?.confirmedCount ?? 0), ...toAggregate(r ?? { entryCount: 0, itemCount: 0, net: '0', lastEntryId: null, byType: {} }) };
}

/** Fen charged per China-time day and type over the filter (the list's chart). */
export async function statementDays(db: Db, f: StatementFilter) {
  const day = sql<string>`to_char(${le.createdAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, type: le.type, amount: charged() })
    .from(le)
    .leftJoin(statements, statementJoin(f))
    .where(ledgerWhere(f))
    .groupBy(day, le.type);
  return rows.map((r) => ({ day: r.day, type: r.type, amount: Number(r.amount) }));
}

/** A statement's entries sort by time, or by the fen charged as the statement shows it (minus the ledger amount). */
const entrySortColumns = {
  created_at: le.createdAt,
  amount: sql`(-${le.amount})`,
} satisfies SortColumns<SortKeyOf<typeof statementDetailSort>>;

/** The ledger entries behind one merchant's statement (default: oldest first). */
export async function statementEntries(
  db: Db,
  f: StatementFilter & { merchantId: number },
  page: { limit: number; offset: number } | null,
  sort: ListSortQuery<SortKeyOf<typeof statementDetailSort>> = { sort_order: 'asc' },
) {
  const where = and(
    eq(le.centreId, f.centreId),
    eq(le.merchantId, f.merchantId),
    gte(le.createdAt, f.from),
    lt(le.createdAt, f.to),
    f.type ? eq(le.type, f.type) : inArray(le.type, [...statementTypeValues]),
  );
  const q = db
    .select({ entry: le, orderNo: testingOrders.orderNo, itemName: orderItems.name, centreName: centres.name })
    .from(le)
    .leftJoin(testingOrders, eq(testingOrders.id, le.orderId))
    .leftJoin(orderItems, eq(orderItems.id, le.itemId))
    .leftJoin(centres, eq(centres.id, le.centreId))
    .where(where)
    .orderBy(...listOrderBy(entrySortColumns, sort, le.id, [asc(le.createdAt), asc(le.id)]));
  const [rows, count] = await Promise.all([
    page ? q.limit(page.limit).offset(page.offset) : q.limit(50_000),
    page ? db.select({ n: sql<number>`count(*)::int` }).from(le).where(where) : Promise.resolve([{ n: 0 }]),
  ]);
  return { rows: rows as LedgerListRow[], total: Number(count[0]?.n ?? 0) };
}

export async function findStatement(db: Db, centreId: number, merchantId: number, month: string): Promise<StatementRecord | undefined> {
  const [row] = await db
    .select()
    .from(statements)
    .where(and(eq(statements.centreId, centreId), eq(statements.merchantId, merchantId), eq(statements.month, month)))
    .limit(1);
  return row;
}

/** Stores a confirmation; a statement already confirmed stays as it was (answers undefined). */
export async function insertStatement(db: Db, s: typeof statements.$inferInsert): Promise<StatementRecord | undefined> {
  const [row] = await db
    .insert(statements)
    .values(s)
    .onConflictDoNothing({ target: [statements.centreId, statements.month, statements.merchantId] })
    .returning();
  return row;
}
