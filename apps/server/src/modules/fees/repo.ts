import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ledgerSort, SortKeyOf } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { listOrderBy, type ListSortQuery, type SortColumns } from '../../platform/listSort';
import { centres, feeRules, ledgerEntries, merchants, orderItems, testingOrders, type LedgerType } from '../../db/schema';

export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;

/** Locks the merchant row: every balance change of one merchant runs one after another. */
export async function lockMerchant(tx: Db, merchantId: number) {
  const [row] = await tx
    .select({ id: merchants.id, name: merchants.name, balance: merchants.balance, creditLimit: merchants.creditLimit })
    .from(merchants)
    .where(eq(merchants.id, merchantId))
    .for('update');
  return row;
}

export async function entryByKey(db: Db, key: string): Promise<LedgerRow | undefined> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key)).limit(1);
  return row;
}

export async function entryById(db: Db, id: number, merchantId?: number): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, id), merchantId === undefined ? undefined : eq(ledgerEntries.merchantId, merchantId)))
    .limit(1);
  return row;
}

export async function insertEntry(tx: Db, e: NewLedgerEntry): Promise<LedgerRow> {
  const [row] = await tx.insert(ledgerEntries).values(e).returning();
  return row!;
}

export async function setBalance(tx: Db, merchantId: number, balance: number): Promise<void> {
  await tx.update(merchants).set({ balance }).where(eq(merchants.id, merchantId));
}

/** The merchant's override first, else the centre × category rule. */
export async function feeRuleFor(db: Db, centreId: number, categoryId: number, merchantId: number) {
  const rows = await db
    .select({ merchantId: feeRules.merchantId, inspectionFee: feeRules.inspectionFee, certificateFee: feeRules.certificateFee })
    .from(feeRules)
    .where(
      and(
        eq(feeRules.centreId, centreId),
        eq(feeRules.categoryId, categoryId),
        sql`(${feeRules.merchantId} is null or ${feeRules.merchantId} = ${merchantId})`,
      ),
    )
    .orderBy(sql`${feeRules.merchantId} is null`);
  return rows[0];
}

export async function itemWithOrder(db: Db, itemId: number) {
  const [row] = await db
    .select({ item: orderItems, merchantId: testingOrders.merchantId, centreId: testingOrders.centreId, orderNo: testingOrders.orderNo })
    .from(orderItems)
    .innerJoin(testingOrders, eq(testingOrders.id, orderItems.orderId))
    .where(eq(orderItems.id, itemId))
    .limit(1);
  return row;
}

export async function lockItem(tx: Db, itemId: number) {
  const [row] = await tx.select().from(orderItems).where(eq(orderItems.id, itemId)).for('update');
  return row;
}

export async function snapshotFees(tx: Db, itemId: number, fees: { inspectionFee?: number; certificateFee?: number }): Promise<void> {
  await tx.update(orderItems).set(fees).where(eq(orderItems.id, itemId));
}

export interface LedgerFilter {
  merchantId: number;
  type?: LedgerType;
  from?: Date;
  to?: Date;
  orderNo?: string;
}

function ledgerWhere(f: LedgerFilter): SQL | undefined {
  const w: (SQL | undefined)[] = [eq(ledgerEntries.merchantId, f.merchantId)];
  if (f.type) w.push(eq(ledgerEntries.type, f.type));
  if (f.from) w.push(gte(ledgerEntries.createdAt, f.from));
  if (f.to) w.push(lt(ledgerEntries.createdAt, f.to));
  if (f.orderNo) w.push(eq(testingOrders.orderNo, f.orderNo));
  return and(...w);
}

const ledgerColumns = {
  entry: ledgerEntries,
  orderNo: testingOrders.orderNo,
  itemName: orderItems.name,
  centreName: centres.name,
};
export type LedgerListRow = { entry: LedgerRow; orderNo: string | null; itemName: string | null; centreName: string | null };

function ledgerFrom(db: Db) {
  return db
    .select(ledgerColumns)
    .from(ledgerEntries)
    .leftJoin(testingOrders, eq(testingOrders.id, ledgerEntries.orderId))
    .leftJoin(orderItems, eq(orderItems.id, ledgerEntries.itemId))
    .leftJoin(centres, eq(centres.id, ledgerEntries.centreId));
}

/** 费用明细's sort keys → columns; each has a (merchant, column, id) index (migrations 010, 101). */
const ledgerSortColumns = {
  created_at: ledgerEntries.createdAt,
  amount: ledgerEntries.amount,
} satisfies SortColumns<SortKeyOf<typeof ledgerSort>>;

/** A page of the merchant's entries (default newest first) with the counts and sums by type over the whole filter. */
export async function listLedger(db: Db, f: LedgerFilter, page: { limit: number; offset: number }, sort: ListSortQuery<SortKeyOf<typeof ledgerSort>> = { sort_order: 'desc' }) {
  const where = ledgerWhere(f);
  const order = listOrderBy(ledgerSortColumns, sort, ledgerEntries.id, [desc(ledgerEntries.createdAt), desc(ledgerEntries.id)]);
  const [rows, totals] = await Promise.all([
    ledgerFrom(db).where(where).orderBy(...order).limit(page.limit).offset(page.offset),
    db
      .select({ type: ledgerEntries.type, n: sql<number>`count(*)::int`, amount: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
      .from(ledgerEntries)
      .leftJoin(testingOrders, eq(testingOrders.id, ledgerEntries.orderId))
      .where(where)
      .groupBy(ledgerEntries.type),
  ]);
  return { rows: rows as LedgerListRow[], totals: totals.map((t) => ({ type: t.type, count: t.n, amount: Number(t.amount) })) };
}

/** Every entry matching the filter, oldest first (export); capped. */
export async function allLedger(db: Db, f: LedgerFilter, cap: number): Promise<LedgerListRow[]> {
  return (await ledgerFrom(db).where(ledgerWhere(f)).orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id)).limit(cap)) as LedgerListRow[];
}

export async function merchantBalance(db: Db, merchantId: number) {
  const [row] = await db.select({ balance: merchants.balance, creditLimit: merchants.creditLimit }).from(merchants).where(eq(merchants.id, merchantId)).limit(1);
  return row;
}

/** The item's certificate-fee entries that have not been reversed, newest first. */
export async function liveCertificateCharges(db: Db, itemId: number) {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.itemId, itemId),
        eq(ledgerEntries.type, 'CERTIFICATE'),
        sql`not exists (select 1 from ledger_entries r where r.reverses_id = ${ledgerEntries.id})`,
      ),
    )
    .orderBy(desc(ledgerEntries.id));
}

/** The item's inspection and certificate charges that have not been reversed, oldest first. */
export async function liveCharges(db: Db, itemId: number): Promise<LedgerRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.itemId, itemId),
        sql`${ledgerEntries.type} in ('INSPECTION', 'CERTIFICATE')`,
        sql`not exists (select 1 from ledger_entries r where r.reverses_id = ${ledgerEntries.id})`,
      ),
    )
    .orderBy(asc(ledgerEntries.id));
}

/** How many certificate-fee entries of the item were reversed (a new charge needs a new key). */
export async function reversedCertificateCharges(db: Db, itemId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.itemId, itemId), eq(ledgerEntries.type, 'CERTIFICATE'), sql`exists (select 1 from ledger_entries r where r.reverses_id = ${ledgerEntries.id})`));
  return row?.n ?? 0;
}
