import { and, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { adminMerchantSort, SortKeyOf } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { listOrderBy, type ListSortQuery, type SortColumns } from '../../platform/listSort';
import { accounts, merchants, testingAuthorisations, testingOrders } from '../../db/schema';

export interface MerchantFilter {
  keyword?: string;
  status?: number;
  authStatus?: number;
}

function where(f: MerchantFilter): SQL | undefined {
  const w: (SQL | undefined)[] = [];
  if (f.keyword) {
    const kw = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    w.push(or(ilike(merchants.name, kw), ilike(merchants.mobile, kw), ilike(merchants.contact, kw), ilike(testingAuthorisations.companyName, kw)));
  }
  if (f.status !== undefined) w.push(eq(merchants.status, f.status));
  if (f.authStatus === -1) w.push(isNull(testingAuthorisations.merchantId));
  else if (f.authStatus !== undefined) w.push(eq(testingAuthorisations.status, f.authStatus));
  return and(...w);
}

/**
 * 商户列表's sort keys → columns (检测授权: -1 while none was submitted). The platform's merchants
 * are a few thousand rows: sorted in memory, no index needed.
 */
const merchantSortColumns = {
  balance: merchants.balance,
  created_at: merchants.createdAt,
  auth_status_id: sql`coalesce(${testingAuthorisations.status}, -1)`,
  status_id: merchants.status,
} satisfies SortColumns<SortKeyOf<typeof adminMerchantSort>>;

export async function listMerchants(db: Db, f: MerchantFilter, page: { limit: number; offset: number }, sort: ListSortQuery<SortKeyOf<typeof adminMerchantSort>> = { sort_order: 'desc' }) {
  const w = where(f);
  // default: submissions waiting for review first, then the newest merchants
  const defaultOrder = [sql`(${testingAuthorisations.status} = 0) desc nulls last`, desc(merchants.createdAt), desc(merchants.id)];
  const [rows, [t]] = await Promise.all([
    db
      .select({
        merchant: merchants,
        auth: testingAuthorisations,
        orderCount: sql<number>`(select count(*)::int from ${testingOrders} where ${testingOrders.merchantId} = ${merchants.id})`,
      })
      .from(merchants)
      .leftJoin(testingAuthorisations, eq(testingAuthorisations.merchantId, merchants.id))
      .where(w)
      .orderBy(...listOrderBy(merchantSortColumns, sort, merchants.id, defaultOrder))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(merchants).leftJoin(testingAuthorisations, eq(testingAuthorisations.merchantId, merchants.id)).where(w),
  ]);
  return { rows, total: t?.n ?? 0 };
}

export async function setStatus(db: Db, id: number, status: number) {
  const [row] = await db.update(merchants).set({ status }).where(eq(merchants.id, id)).returning({ id: merchants.id, status: merchants.status });
  return row;
}

export async function accountIdsOf(db: Db, merchantId: number): Promise<number[]> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.merchantId, merchantId), eq(accounts.userType, 'trader')));
  return rows.map((r) => r.id);
}

/** A merchant's name and status, locked for the change that follows (undefined: no such merchant). */
export async function lockMerchant(db: Db, id: number): Promise<{ name: string; status: number } | undefined> {
  const [row] = await db.select({ name: merchants.name, status: merchants.status }).from(merchants).where(eq(merchants.id, id)).for('update').limit(1);
  return row;
}

/** A merchant's name, undefined when there is no such merchant. */
export async function nameOf(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, id)).limit(1);
  return row?.name;
}

/** Merchants that have orders at a centre (the centre's merchant filter), by name. */
export async function merchantsWithOrdersAt(db: Db, centreId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: merchants.id, name: merchants.name })
    .from(merchants)
    .where(sql`exists (select 1 from ${testingOrders} where ${testingOrders.merchantId} = ${merchants.id} and ${testingOrders.centreId} = ${centreId})`)
    .orderBy(merchants.name, merchants.id);
}
