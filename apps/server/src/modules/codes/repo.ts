import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeBindings, gemCategories, merchants, orderItems, testingOrders } from '../../db/schema';
import type { recordSort, SortKeyOf } from '@gemqc/contract';
import { listOrderBy, type ListSortQuery, type SortColumns } from '../../platform/listSort';

type BindingSort = ListSortQuery<SortKeyOf<typeof recordSort>>;
/** 绑码记录's sort keys → columns. */
const bindingSortColumns = { bound_at: codeBindings.boundAt } satisfies SortColumns<SortKeyOf<typeof recordSort>>;

export type BindingRow = typeof codeBindings.$inferSelect;

/** Whose bind-code records: a merchant's (its own orders) or a centre's (the orders sent to it). */
export type BindingScope = { merchantId: number } | { centreId: number };

export interface BindingFilter {
  scope: BindingScope;
  id?: number;
  /** Tag code or order no (exact), or part of an item name. */
  keyword?: string;
  /** Compare the tag code and order no with the keyword in upper case (what the warehouse scans may be lower case). */
  keywordUpperCase?: boolean;
  state?: 'bound' | 'unbound';
  orderId?: number;
  from?: Date;
  to?: Date;
}

function where(f: BindingFilter): SQL | undefined {
  const w: (SQL | undefined)[] = ['merchantId' in f.scope ? eq(codeBindings.merchantId, f.scope.merchantId) : eq(testingOrders.centreId, f.scope.centreId)];
  if (f.id !== undefined) w.push(eq(codeBindings.id, f.id));
  if (f.keyword) {
    const kw = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const exact = f.keywordUpperCase ? f.keyword.toUpperCase() : f.keyword;
    w.push(or(eq(codeBindings.code, exact), eq(testingOrders.orderNo, exact), ilike(orderItems.name, kw)));
  }
  if (f.state === 'bound') w.push(isNull(codeBindings.unboundAt));
  if (f.state === 'unbound') w.push(isNotNull(codeBindings.unboundAt));
  if (f.orderId !== undefined) w.push(eq(codeBindings.orderId, f.orderId));
  if (f.from) w.push(gte(codeBindings.boundAt, f.from));
  if (f.to) w.push(lt(codeBindings.boundAt, f.to));
  return and(...w);
}

const bindingColumns = {
  b: codeBindings,
  unbindReason: sql<string>`${codeBindings}.unbind_reason`,
  orderNo: testingOrders.orderNo,
  orderStatus: testingOrders.status,
  itemName: orderItems.name,
  categoryName: gemCategories.name,
  merchantName: merchants.name,
};

export type BindingListRow = {
  b: BindingRow;
  unbindReason: string;
  orderNo: string;
  orderStatus: string;
  itemName: string;
  categoryName: string;
  merchantName: string;
};

/** Bind-code records (newest first) with their order, item, category and merchant, without the total. */
export async function bindingRows(db: Db, f: BindingFilter, page: { limit: number; offset: number }, sort: BindingSort = { sort_order: 'desc' }): Promise<BindingListRow[]> {
  return db
    .select(bindingColumns)
    .from(codeBindings)
    .innerJoin(testingOrders, eq(testingOrders.id, codeBindings.orderId))
    .innerJoin(orderItems, eq(orderItems.id, codeBindings.itemId))
    .innerJoin(gemCategories, eq(gemCategories.id, orderItems.categoryId))
    .innerJoin(merchants, eq(merchants.id, codeBindings.merchantId))
    .where(where(f))
    .orderBy(...listOrderBy(bindingSortColumns, sort, codeBindings.id, [desc(codeBindings.boundAt), desc(codeBindings.id)]))
    .limit(page.limit)
    .offset(page.offset);
}

/** A page of bind-code records (newest first) with their order, item, category and merchant, and the total. */
export async function listBindings(db: Db, f: BindingFilter, page: { limit: number; offset: number }, sort?: BindingSort): Promise<{ rows: BindingListRow[]; total: number }> {
  const w = where(f);
  const [rows, [t]] = await Promise.all([
    bindingRows(db, f, page, sort),
    db
      .select({ n: count() })
      .from(codeBindings)
      .innerJoin(testingOrders, eq(testingOrders.id, codeBindings.orderId))
      .innerJoin(orderItems, eq(orderItems.id, codeBindings.itemId))
      .where(w),
  ]);
  return { rows, total: t?.n ?? 0 };
}

/** One bind-code record within the scope. */
export async function bindingById(db: Db, id: number, scope: BindingScope): Promise<BindingListRow | undefined> {
  const { rows } = await listBindings(db, { scope, id }, { limit: 1, offset: 0 });
  return rows[0];
}

/** The live binding of a code (any centre: a code is unique while bound), with its order. */
export async function liveBindingOfCode(db: Db, code: string) {
  const [row] = await db
    .select({ b: codeBindings, orderNo: testingOrders.orderNo, itemName: orderItems.name })
    .from(codeBindings)
    .innerJoin(testingOrders, eq(testingOrders.id, codeBindings.orderId))
    .innerJoin(orderItems, eq(orderItems.id, codeBindings.itemId))
    .where(and(eq(codeBindings.code, code), isNull(codeBindings.unboundAt)))
    .limit(1);
  return row;
}

export async function liveBindingOfItem(db: Db, itemId: number): Promise<BindingRow | undefined> {
  const [row] = await db
    .select()
    .from(codeBindings)
    .where(and(eq(codeBindings.itemId, itemId), isNull(codeBindings.unboundAt)))
    .limit(1);
  return row;
}

export async function insertBinding(tx: Db, b: typeof codeBindings.$inferInsert): Promise<BindingRow> {
  const [row] = await tx.insert(codeBindings).values(b).returning();
  return row!;
}

export async function setItemBoundCode(tx: Db, itemId: number, code: string | null): Promise<void> {
  await tx.update(orderItems).set({ boundCode: code }).where(eq(orderItems.id, itemId));
}

/** Marks a live binding unbound (the row stays as history); false when it was no longer live. */
export async function unbind(tx: Db, id: number, u: { at: Date; by: number; byName: string; reason: string }): Promise<boolean> {
  const rows = await tx
    .update(codeBindings)
    .set({ unboundAt: u.at, unboundBy: u.by, unboundByName: u.byName })
    .where(and(eq(codeBindings.id, id), isNull(codeBindings.unboundAt)))
    .returning({ id: codeBindings.id });
  if (!rows.length) return false;
  await tx.execute(sql`update code_bindings set unbind_reason = ${u.reason} where id = ${id}`);
  return true;
}
