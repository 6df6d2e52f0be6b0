import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, exists, fillPlaceholders, getTableColumns, gte, inArray, lt, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { OrderSortKey, OrderStatus } from '@gemqc/contract';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { givenColumns, insertPrepared, insertValues, placeholderRows, prepared, shapeDigest } from '../../db/prepared';
import { listOrderBy, type SortColumns } from '../../platform/listSort';
import { countable, countedTotal } from './counts/counts.repo';
import {
  centres,
  gemCategories,
  merchants,
  orderEvents,
  orderItems,
  orderNoCounters,
  shops,
  testingAuthorisations,
  testingOrders,
} from '../../db/schema';

export type OrderRow = typeof testingOrders.$inferSelect;
export type NewOrder = typeof testingOrders.$inferInsert;
export type ItemRow = typeof orderItems.$inferSelect;
export type NewItem = typeof orderItems.$inferInsert;
export type NewEvent = typeof orderEvents.$inferInsert;
/** Columns a transition may write together with the status. */
export type OrderPatch = Partial<
  Pick<OrderRow, 'inboundCarrier' | 'inboundWaybill' | 'outboundCarrier' | 'outboundWaybill' | 'interceptReason' | 'batchId' | 'shippedAt'>
>;

export interface Scope {
  merchantId?: number;
  centreId?: number;
  /** Orders of one intake batch (the warehouse's order list filter). */
  batchId?: number;
}

function scopeWhere(scope: Scope): SQL[] {
  const w: SQL[] = [];
  if (scope.merchantId !== undefined) w.push(eq(testingOrders.merchantId, scope.merchantId));
  if (scope.centreId !== undefined) w.push(eq(testingOrders.centreId, scope.centreId));
  if (scope.batchId !== undefined) w.push(eq(testingOrders.batchId, scope.batchId));
  return w;
}

export async function lockOrder(tx: Db, id: number, scope: Scope): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(testingOrders)
    .where(and(eq(testingOrders.id, id), ...scopeWhere(scope)))
    .for('update');
  return row;
}

export async function updateStatus(tx: Db, id: number, from: OrderStatus, to: OrderStatus, patch: OrderPatch, now: Date): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(testingOrders)
    .set({ ...patch, status: to, updatedAt: now, statusChangedAt: now })
    .where(and(eq(testingOrders.id, id), eq(testingOrders.status, from)))
    .returning();
  return row;
}

export async function insertEvents(tx: Db, events: NewEvent[]): Promise<void> {
  if (events.length) await insertPrepared(tx, orderEvents, events);
}

/**
 * Creates an order with its items and its first event in one statement (one transaction, one round
 * trip, prepared per item count and columns given): the day's number from the counter row, then the
 * order, its items and its event (data-modifying CTEs, each run once). The counter row stays locked
 * until the statement ends: numbers are unique and a failed create leaves no gap. It was six round
 * trips (begin, counter, order, items, event, commit), each built by Drizzle for every create.
 */
export async function insertNewOrder(
  db: Db,
  day: string,
  order: Omit<NewOrder, 'orderNo'>,
  items: Omit<NewItem, 'orderId'>[],
  event: Omit<NewEvent, 'orderId'>,
): Promise<{ order: OrderRow; items: ItemRow[] }> {
  const orderKeys = givenColumns(order);
  const itemKeys = givenColumns(items[0]!);
  const eventKeys = givenColumns(event);
  if (!items.every((i) => givenColumns(i).join() === itemKeys.join())) throw new Error('every item gives the same columns');
  const name = `gemqc_create_order_${items.length}_${shapeDigest([orderKeys, itemKeys, eventKeys].join('|'))}`;
  const q = prepared(db, name, () => {
    const seq = db.$with('seq').as(
      db
        .insert(orderNoCounters)
        .values({ day: sql.placeholder('day'), last: 1 })
        .onConflictDoUpdate({ target: orderNoCounters.day, set: { last: sql`${orderNoCounters.last} + 1` } })
        .returning({ last: orderNoCounters.last }),
    );
    // at least four digits, more past 9999 as padStart did (lpad alone would cut them to four)
    const orderNo = sql`(select 'JC' || ${sql.placeholder('day')} || lpad(${seq.last}::text, greatest(4, length(${seq.last}::text)), '0') from ${seq})`;
    const o = db.$with('o').as(
      db
        .insert(testingOrders)
        .values({ ...placeholderRows<typeof testingOrders>(orderKeys, 1, 'o_')[0]!, orderNo })
        .returning(),
    );
    const orderId = sql`(select ${o.id} from ${o})`;
    const it = db.$with('it').as(
      db
        .insert(orderItems)
        .values(placeholderRows<typeof orderItems>(itemKeys, items.length, 'i_').map((r) => ({ ...r, orderId })))
        .returning(),
    );
    const ev = db.$with('ev').as(db.insert(orderEvents).values({ ...placeholderRows<typeof orderEvents>(eventKeys, 1, 'e_')[0]!, orderId }).returning({ id: orderEvents.id }));
    // every column of the table, as the CTE returns it (decoded by its column)
    const fields = (cte: object, table: typeof testingOrders | typeof orderItems) =>
      Object.fromEntries(Object.keys(getTableColumns(table)).map((k) => [k, (cte as Record<string, PgColumn>)[k]!]));
    return db
      .with(seq, o, it, ev)
      .select({ order: fields(o, testingOrders), item: fields(it, orderItems) })
      .from(it)
      .innerJoin(o, sql`true`)
      .prepare(name);
  });
  const rows = await q.execute({
    day,
    ...insertValues(testingOrders, orderKeys, [order], 'o_'),
    ...insertValues(orderItems, itemKeys, items, 'i_'),
    ...insertValues(orderEvents, eventKeys, [event], 'e_'),
  });
  return { order: rows[0]!.order as OrderRow, items: rows.map((r) => r.item as ItemRow).sort((a, b) => a.id - b.id) };
}

/** A live (not cancelled) order of this merchant for the platform order, if any. */
export async function findLiveByPlatformOrder(db: Db, merchantId: number, platformOrderId: string): Promise<Pick<OrderRow, 'id' | 'orderNo'> | undefined> {
  // prepared (db/prepared.ts); <> 'cancelled' written out, so the generic plan can use the partial
  // unique index of live orders (orders_platform_live_uq)
  const [row] = await prepared(db, 'gemqc_live_order_of_platform_order', () =>
    db
      .select({ id: testingOrders.id, orderNo: testingOrders.orderNo })
      .from(testingOrders)
      .where(and(eq(testingOrders.merchantId, sql.placeholder('merchantId')), eq(testingOrders.platformOrderId, sql.placeholder('platformOrderId')), sql`${testingOrders.status} <> 'cancelled'`))
      .limit(1)
      .prepare('gemqc_live_order_of_platform_order'),
  ).execute({ merchantId, platformOrderId });
  return row;
}

export async function findOrder(db: Db, id: number, scope: Scope): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(testingOrders)
    .where(and(eq(testingOrders.id, id), ...scopeWhere(scope)))
    .limit(1);
  return row;
}

/** An item with its order, category and centre code, only when the order belongs to the centre. */
export async function itemOfCentre(db: Db, itemId: number, centreId: number) {
  const [row] = await db
    .select({
      item: orderItems,
      orderId: testingOrders.id,
      orderNo: testingOrders.orderNo,
      merchantId: testingOrders.merchantId,
      categoryName: gemCategories.name,
      unit: gemCategories.unit,
      centreCode: centres.code,
    })
    .from(orderItems)
    .innerJoin(testingOrders, eq(testingOrders.id, orderItems.orderId))
    .innerJoin(gemCategories, eq(gemCategories.id, orderItems.categoryId))
    .innerJoin(centres, eq(centres.id, testingOrders.centreId))
    .where(and(eq(orderItems.id, itemId), eq(testingOrders.centreId, centreId)))
    .limit(1);
  return row;
}

/** Results of the order's items (null: not inspected yet). */
export async function itemResults(db: Db, orderId: number) {
  return db.select({ id: orderItems.id, result: orderItems.result, boundCode: orderItems.boundCode }).from(orderItems).where(eq(orderItems.orderId, orderId));
}

export interface OrderFilter extends Scope {
  orderNo?: string;
  platformOrderId?: string;
  waybill?: string;
  status?: OrderStatus;
  categoryId?: number;
  shopId?: number;
  from?: Date;
  to?: Date;
  /** true: only overdue; false: only not overdue. */
  overdue?: boolean;
  /** Only these orders (导出所选). Exports only: a list page (a prepared statement) never takes it. */
  ids?: number[];
  pendingStatuses: readonly OrderStatus[];
  now: Date;
}

/** A filter value in a query: the value itself, or a named placeholder of a prepared statement. */
type Bind = <T>(name: keyof OrderFilter, value: T) => T | Placeholder;
const literal: Bind = (_name, value) => value;
const placeholder: Bind = (name) => sql.placeholder(name);

function filterWhere(f: OrderFilter, v: Bind = literal): SQL | undefined {
  const w: SQL[] = [];
  if (f.merchantId !== undefined) w.push(eq(testingOrders.merchantId, v('merchantId', f.merchantId)));
  if (f.centreId !== undefined) w.push(eq(testingOrders.centreId, v('centreId', f.centreId)));
  if (f.batchId !== undefined) w.push(eq(testingOrders.batchId, v('batchId', f.batchId)));
  if (f.orderNo) w.push(eq(testingOrders.orderNo, v('orderNo', f.orderNo)));
  if (f.platformOrderId) w.push(eq(testingOrders.platformOrderId, v('platformOrderId', f.platformOrderId)));
  if (f.waybill) w.push(or(eq(testingOrders.inboundWaybill, v('waybill', f.waybill)), eq(testingOrders.outboundWaybill, v('waybill', f.waybill)))!);
  if (f.status) w.push(eq(testingOrders.status, v('status', f.status)));
  if (f.shopId !== undefined) w.push(eq(testingOrders.shopId, v('shopId', f.shopId)));
  if (f.from) w.push(gte(testingOrders.createdAt, v('from', f.from)));
  if (f.to) w.push(lt(testingOrders.createdAt, v('to', f.to)));
  if (f.categoryId !== undefined) {
    const catId = v('categoryId', f.categoryId);
    w.push(exists(sql`(select 1 from ${orderItems} where ${orderItems.orderId} = ${testingOrders.id} and ${orderItems.categoryId} = ${catId})`));
  }
  if (f.overdue === true) w.push(inArray(testingOrders.status, [...f.pendingStatuses]), lt(testingOrders.shipDeadline, v('now', f.now)));
  if (f.overdue === false) w.push(or(sql`not (${inArray(testingOrders.status, [...f.pendingStatuses])})`, gte(testingOrders.shipDeadline, v('now', f.now)))!);
  if (f.ids) {
    // a list of any length has no place in a prepared statement of one shape
    if (v !== literal) throw new Error('the ids filter is for exports, not for prepared list pages');
    w.push(inArray(testingOrders.id, f.ids));
  }
  return w.length ? and(...w) : undefined;
}

/**
 * A prepared list page has its LIMIT in its text, and on the first page (the one every search
 * opens) OFFSET 0 too: PostgreSQL then knows the page is a few rows and, after five executions,
 * keeps one generic plan instead of planning each call again — planning was most of a first
 * page's cost. With LIMIT and OFFSET as parameters its generic plan assumes a tenth of the table,
 * so it planned every call (and a forced generic plan hash-joined the whole table). Later pages
 * share one statement per page size with OFFSET a parameter (planned per call), so paging does not
 * prepare a statement per page: each prepared statement with its plan takes some 270 KB in every
 * connection.
 */
const literalOffset = (page: ListPage) => page.offset === 0;
/** A whole number written into a statement's text (Drizzle binds a plain number as a parameter). */
const inline = (n: number) => sql.raw(String(Math.max(0, Math.trunc(n)))) as unknown as number;

/** The filter keys that are context of a filter, not filters (the clock moves the overdue line). */
const notFilters = new Set<string>(['now', 'pendingStatuses']);

/** The filters that are set (an empty string is not a filter, as in filterWhere). */
const setFilters = (f: OrderFilter) =>
  Object.entries(f).filter(([k, value]) => !notFilters.has(k) && value !== undefined && value !== '');

/**
 * Which filters are set, the sort and the page's literals: the text of the list statement depends
 * on these only. Derived from the filter's keys, so a new filter needs nothing here.
 */
function listShape(f: OrderFilter, page: ListPage): string {
  const filters = setFilters(f)
    .map(([k, value]) => (typeof value === 'boolean' ? `${k}=${value}` : k))
    .sort();
  const counted = countedExactly(f) ? 'x' : '';
  const paging = `l${page.limit}${literalOffset(page) ? `o${page.offset}` : ''}`;
  return `${filters.join('.')}${counted}_${page.sortBy}_${page.sortOrder}_${paging}`;
}

/** Whether the kept counts answer this filter's total exactly (counts/README.md). */
export function countedExactly(f: OrderFilter): boolean {
  return countable(Object.fromEntries(setFilters(f)));
}

export type SortBy = OrderSortKey;
const sortColumns = {
  created_at: testingOrders.createdAt,
  ship_deadline: testingOrders.shipDeadline, // ordered by urgency in listOrder
  order_no: testingOrders.orderNo,
  declared_value: testingOrders.declaredValue,
  status: testingOrders.status,
} as const satisfies SortColumns<SortBy>;

/**
 * ORDER BY of a list page: the allow-listed column, then the id (stable pages). Status groups the
 * orders newest first within each state (created_at desc, id desc), the order of the tenant's
 * status index, read backwards for desc; the other columns have a (tenant, column, id) index.
 */
function listOrder(page: Pick<ListPage, 'sortBy' | 'sortOrder'>) {
  const dir = page.sortOrder === 'asc' ? asc : desc;
  if (page.sortBy === 'status') {
    const within = page.sortOrder === 'asc' ? desc : asc;
    return [dir(testingOrders.status), within(testingOrders.createdAt), within(testingOrders.id)];
  }
  if (page.sortBy === 'ship_deadline') {
    // by urgency: orders with a deadline first (overdue at the top when ascending), the rest last
    // both ways — the (tenant, ship_pending, ship_deadline, id) indexes of migration 126
    return [desc(testingOrders.shipPending), dir(testingOrders.shipDeadline), dir(testingOrders.id)];
  }
  return listOrderBy(sortColumns, { sort_by: page.sortBy, sort_order: page.sortOrder }, testingOrders.id, []);
}

/** The items of each listed order in one aggregate per order (joined laterally: one index probe). */
const itemsOfOrder = sql`lateral (
  select count(*)::int as item_count,
    string_agg(oi.name, '、' order by oi.id) as item_names,
    string_agg(distinct gc.name, '、') as category_names,
    coalesce(sum(oi.charged_inspection_fee + oi.charged_certificate_fee), 0)::int as fee_total -- what the ledger charged (migration 125)
  from ${orderItems} oi join ${gemCategories} gc on gc.id = oi.category_id
  where oi.order_id = ${testingOrders.id}
) as list_items`;

/**
 * The order columns a list row shows (service.toOrderRowView): a list page reads these, not the
 * whole row — fewer columns to send, parse and map per row (the address, remark and three
 * timestamps of every order on a page were read for nothing).
 */
const listedOrderColumns = {
  id: testingOrders.id,
  orderNo: testingOrders.orderNo,
  platformOrderId: testingOrders.platformOrderId,
  shopId: testingOrders.shopId,
  centreId: testingOrders.centreId,
  buyerName: testingOrders.buyerName,
  buyerPhone: testingOrders.buyerPhone,
  declaredValue: testingOrders.declaredValue,
  inboundCarrier: testingOrders.inboundCarrier,
  inboundWaybill: testingOrders.inboundWaybill,
  outboundCarrier: testingOrders.outboundCarrier,
  outboundWaybill: testingOrders.outboundWaybill,
  status: testingOrders.status,
  interceptReason: testingOrders.interceptReason,
  startTime: testingOrders.startTime,
  shipDeadline: testingOrders.shipDeadline,
  createdAt: testingOrders.createdAt,
};
/** A listed order: the columns a list row shows. */
export type ListedOrder = Pick<OrderRow, keyof typeof listedOrderColumns>;

/**
 * The columns of a listed order. Names come from scalar subselects rather than joins: the same
 * rows, but PostgreSQL plans the list statement in under half the time.
 */
const listColumns = {
  order: testingOrders,
  shopName: sql<string | null>`(select ${shops.shopName} from ${shops} where ${shops.id} = ${testingOrders.shopId})`,
  centreName: sql<string>`(select ${centres.name} from ${centres} where ${centres.id} = ${testingOrders.centreId})`,
  merchantName: sql<string>`(select ${merchants.name} from ${merchants} where ${merchants.id} = ${testingOrders.merchantId})`,
  itemCount: sql<number>`list_items.item_count`,
  itemNames: sql<string | null>`list_items.item_names`,
  categoryNames: sql<string | null>`list_items.category_names`,
  feeTotal: sql<number>`list_items.fee_total`,
};
export type OrderListRow<O extends ListedOrder | OrderRow = OrderRow> = {
  order: O;
  shopName: string | null;
  centreName: string;
  merchantName: string;
  itemCount: number;
  itemNames: string | null;
  categoryNames: string | null;
  feeTotal: number;
};

export interface ListPage {
  limit: number;
  offset: number;
  sortBy: SortBy;
  sortOrder: 'asc' | 'desc';
}

/**
 * A list page whose filter order_counts cannot answer (countedExactly) counts matches exactly up
 * to this many; above it the total is the planner's estimate (`totalExact` false), so no page
 * counts a merchant's million orders (contract: orderListData).
 */
export const EXACT_TOTAL_CAP = 10_000;

/**
 * The queries of a list page, built but not run (the order-list benchmark runs their SQL through
 * `pg` alone):
 * - `rows` takes the page's ids first — a range scan of the index in list order, so OFFSET skips
 *   index entries, not joined rows with their item aggregates — then the columns of those rows;
 * - `page` is `rows` with `matchCount`, the capped count, as an uncorrelated subquery (computed
 *   once): a list page is one round trip;
 * - `total` is that capped count alone (for an empty page), at most EXACT_TOTAL_CAP + 1;
 * - `estimate` is the EXPLAIN of all matches, run only past the cap.
 */
export function listOrdersQueries(db: Db, f: OrderFilter, page: ListPage, v: Bind = literal) {
  const where = filterWhere(f, v);
  const order = listOrder(page);
  // in list order, so the count walks the page's index (index-only) instead of a cheaper-looking
  // sequential scan that stops early but reads every heap page of a big merchant's range
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(testingOrders)
    .where(where)
    .orderBy(...order)
    .limit(EXACT_TOTAL_CAP + 1)
    .as('matches');
  const exact = countedExactly(f);
  const total = exact ? db.select({ n: countedTotal(f, v) }).from(sql`(values (1)) as one`) : db.select({ n: count() }).from(matches);
  const isPrepared = v !== literal;
  const limit = isPrepared ? inline(page.limit) : page.limit;
  const offset = !isPrepared ? page.offset : !literalOffset(page) ? sql.placeholder('offset') : page.offset ? inline(page.offset) : 0;
  const pageIds = () => db.select({ id: testingOrders.id }).from(testingOrders).where(where).orderBy(...order).limit(limit).offset(offset).as('page');
  const ids = pageIds();
  const rows = db
    .select(listColumns)
    .from(ids)
    .innerJoin(testingOrders, eq(testingOrders.id, ids.id))
    .leftJoin(itemsOfOrder, sql`true`)
    .orderBy(...order);
  const ids2 = pageIds();
  const withCount = db
    .select({ ...listColumns, order: listedOrderColumns, matchCount: exact ? countedTotal(f, v) : sql<number>`${total}`.mapWith(Number) })
    .from(ids2)
    .innerJoin(testingOrders, eq(testingOrders.id, ids2.id))
    .leftJoin(itemsOfOrder, sql`true`)
    .orderBy(...order);
  const estimate = sql`explain (format json) ${db.select({ id: testingOrders.id }).from(testingOrders).where(where)}`;
  /**
   * The name `page` is prepared under (per filter shape; the benchmark's raw run uses it too): a
   * digest of the shape, because PostgreSQL cuts names at 63 bytes and two long shapes sharing
   * their first 63 bytes then collide on one connection ("prepared statement already exists").
   */
  const pageName = `gemqc_order_list_${createHash('sha256').update(listShape(f, page)).digest('hex').slice(0, 32)}`;
  return { rows, page: withCount, total, estimate, pageName };
}

/** The page statement exactly as listOrders runs it (name, text, values): the benchmark's raw run. */
export function listPageStatement(db: Db, f: OrderFilter, page: ListPage): { name: string; text: string; values: unknown[] } {
  const built = listOrdersQueries(db, f, page, placeholder);
  const q = built.page.toSQL();
  return { name: built.pageName, text: q.sql, values: fillPlaceholders(q.params, { ...f, limit: page.limit, offset: page.offset }) };
}

type PreparedPage = ReturnType<ReturnType<typeof listOrdersQueries>['page']['prepare']>;
/**
 * The list page statement prepared per filter shape (a few dozen in practice): built by Drizzle
 * once, and parsed and planned by PostgreSQL once per connection instead of on every page. Every
 * shape is an index range scan in list order with a LIMIT, so the generic plan PostgreSQL may
 * settle on is the same plan for a big or a small merchant. Kept by measurement (issue 26; the
 * order list alone at 200 req/s, 1 M orders, one server process): 1.6–1.8 ms server + 0.9 ms
 * PostgreSQL of CPU per page prepared, 2.5–2.8 + 1.8–1.9 ms built and planned on every call.
 */
const preparedPages = new WeakMap<object, Map<string, PreparedPage>>();

function preparedPage(db: Db, f: OrderFilter, page: ListPage): PreparedPage {
  let byShape = preparedPages.get(db);
  if (!byShape) preparedPages.set(db, (byShape = new Map()));
  const shape = listShape(f, page);
  let q = byShape.get(shape);
  if (!q) {
    const built = listOrdersQueries(db, f, page, placeholder);
    q = built.page.prepare(built.pageName);
    if (byShape.size >= 500) byShape.delete(byShape.keys().next().value!);
    byShape.set(shape, q);
  }
  return q;
}

/** The planner's row estimate from an `explain (format json)` answer (node-postgres and PGlite). */
export function planRows(result: unknown): number {
  const row = (result as { rows?: Record<string, unknown>[] }).rows?.[0];
  let plan = row?.['QUERY PLAN'];
  if (typeof plan === 'string') plan = JSON.parse(plan) as unknown;
  const n = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0;
}

export async function listOrders(db: Db, f: OrderFilter, page: ListPage): Promise<{ rows: OrderListRow<ListedOrder>[]; total: number; totalExact: boolean }> {
  const found = await preparedPage(db, f, page).execute({ ...f, limit: page.limit, offset: page.offset });
  const q = found.length ? undefined : listOrdersQueries(db, f, page);
  const counted = found.length ? found[0]!.matchCount : ((await q!.total)[0]?.n ?? 0);
  const rows = found.map(({ matchCount: _n, ...r }) => r) as OrderListRow<ListedOrder>[];
  if (counted <= EXACT_TOTAL_CAP || countedExactly(f)) return { rows, total: counted, totalExact: true };
  // the planner's estimate, asked again on each page past the cap: one EXPLAIN (~0.5 ms of
  // planning); no load benchmark list reaches it, so it keeps no cache (issue 26)
  const estimate = planRows(await db.execute((q ?? listOrdersQueries(db, f, page)).estimate));
  // never below what is known: more than the cap, and every row up to this page
  return { rows, total: Math.max(estimate, EXACT_TOTAL_CAP + 1, page.offset + rows.length), totalExact: false };
}

/** The rows of a page without a total (export). */
export async function listOrderRows(db: Db, f: OrderFilter, page: ListPage): Promise<OrderListRow[]> {
  return (await listOrdersQueries(db, f, page).rows) as OrderListRow[];
}

/** Orders by ids within the scope (order sheets), in id order. */
export async function ordersByIds(db: Db, ids: number[], scope: Scope): Promise<OrderListRow[]> {
  if (!ids.length) return [];
  const rows = await db
    .select(listColumns)
    .from(testingOrders)
    .leftJoin(itemsOfOrder, sql`true`)
    .where(and(inArray(testingOrders.id, ids), ...scopeWhere(scope)))
    .orderBy(asc(testingOrders.id));
  return rows as OrderListRow[];
}

/**
 * Orders of any tenant a number names: the order no, the platform order id or a waybill (the text
 * as typed or upper-cased), newest first. Each of the four columns is indexed.
 */
export async function idsByNumber(db: Db, text: string, limit: number): Promise<number[]> {
  const codes = [...new Set([text, text.toUpperCase()])];
  const rows = await db
    .select({ id: testingOrders.id })
    .from(testingOrders)
    .where(
      or(
        inArray(testingOrders.orderNo, codes),
        eq(testingOrders.platformOrderId, text),
        inArray(testingOrders.inboundWaybill, codes),
        inArray(testingOrders.outboundWaybill, codes),
      ),
    )
    .orderBy(desc(testingOrders.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

// The order detail (and the intake scan) is one prepared statement (db/prepared.ts): the order with
// its names, and each child list (items with their category, events, inspections, certificates,
// recordings, codes, the latest platform report) as a JSON aggregate of a lateral subquery, built by
// Drizzle's relational query (db/schema/relations.ts), which maps the JSON back to the columns'
// types. It was a header and seven lookups: eight round trips, each parsed and planned on every call
// until they were prepared, and the items read twice (the header's aggregate, then the list).

const scopeColumns = { merchantId: testingOrders.merchantId, centreId: testingOrders.centreId, batchId: testingOrders.batchId } as const;
type OrderFields = (typeof testingOrders)['_']['columns'];

/** The order with its children, where `where` names it (by id, or the first of a scanned code). */
function orderDetailQuery(db: Db, where: (o: OrderFields) => SQL | undefined, orderBy: (o: OrderFields) => SQL[] = () => []) {
  return db.query.testingOrders.findFirst({
    where,
    orderBy,
    // the other tables by their SQL names: the relational query writes every column in its extras
    // as a column of the order's alias
    extras: (o) => ({
      shopName: sql<string | null>`(select s.shop_name from shops s where s.id = ${o.shopId})`.as('shop_name'),
      centreName: sql<string>`(select c.name from centres c where c.id = ${o.centreId})`.as('centre_name'),
      merchantName: sql<string>`(select m.name from merchants m where m.id = ${o.merchantId})`.as('merchant_name'),
      // as the list's aggregate (itemsOfOrder): the distinct names in the database's collation
      categoryNames: sql<string | null>`(select string_agg(distinct gc.name, '、') from order_items oi join gem_categories gc on gc.id = oi.category_id where oi.order_id = ${o.id})`.as(
        'category_names',
      ),
    }),
    with: {
      items: { orderBy: (i) => [asc(i.id)], with: { category: { columns: { name: true, unit: true } } } },
      events: { orderBy: (e) => [asc(e.createdAt), asc(e.id)] },
      inspections: { orderBy: (r) => [asc(r.itemId)] },
      certificates: { orderBy: (c) => [asc(c.itemId)] },
      recordings: { orderBy: (r) => [asc(r.uploadedAt), asc(r.id)] },
      codes: { orderBy: (b) => [asc(b.boundAt), asc(b.id)], with: { item: { columns: { name: true } } } },
      shipments: { orderBy: (s) => [desc(s.id)], limit: 1 }, // the latest report (platformSync)
    },
  });
}

export type OrderDetailRow = NonNullable<Awaited<ReturnType<typeof orderDetailQuery>>>;

/** The order of the scope with its children, in one statement (prepared per scope shape). */
export async function orderDetailRow(db: Db, id: number, scope: Scope): Promise<OrderDetailRow | undefined> {
  const keys = (Object.keys(scopeColumns) as (keyof Scope)[]).filter((k) => scope[k] !== undefined);
  const name = `gemqc_order_detail_${keys.join('_') || 'any'}`;
  const q = prepared(db, name, () =>
    orderDetailQuery(db, (o) => and(eq(o.id, sql.placeholder('id')), ...keys.map((k) => eq(o[k], sql.placeholder(k))))).prepare(name),
  );
  return q.execute({ id, ...scope });
}

/**
 * The centre's order a scanned code names, with its children (one statement): its order no, else
 * its inbound waybill (the text as typed or upper-cased). Several orders may share a parcel's
 * waybill: one awaiting arrival first, then the newest.
 */
export async function orderDetailRowByCode(db: Db, centreId: number, code: string): Promise<OrderDetailRow | undefined> {
  const q = prepared(db, 'gemqc_intake_scan_detail', () => {
    // the code as typed and upper-cased (the same text twice when it has no lower-case letter)
    const codes = [sql.placeholder('code'), sql.placeholder('upper')];
    return orderDetailQuery(
      db,
      // <> '' written out, not bound: the waybill index is partial (where inbound_waybill <> ''), and
      // only a literal lets the prepared statement's generic plan use it (with a parameter it read
      // the whole table: 270 ms at 1 M orders, so PostgreSQL planned every call again instead)
      (o) => and(eq(o.centreId, sql.placeholder('centreId')), or(inArray(o.orderNo, codes), and(sql`${o.inboundWaybill} <> ''`, inArray(o.inboundWaybill, codes)))),
      (o) => [desc(sql`${inArray(o.orderNo, codes)}`), desc(sql`${o.status} = 'awaiting_arrival'`), desc(o.createdAt), desc(o.id)],
    ).prepare('gemqc_intake_scan_detail');
  });
  return q.execute({ centreId, code, upper: code.toUpperCase() });
}

/** An order's list row (its names and item aggregate): the intake's answer after receiving it. */
export async function orderHeader(db: Db, id: number, scope: Scope): Promise<OrderListRow | undefined> {
  const keys = (Object.keys(scopeColumns) as (keyof Scope)[]).filter((k) => scope[k] !== undefined);
  const name = `gemqc_order_header_${keys.join('_') || 'any'}`;
  const q = prepared(db, name, () =>
    db
      .select(listColumns)
      .from(testingOrders)
      .leftJoin(itemsOfOrder, sql`true`)
      .where(and(eq(testingOrders.id, sql.placeholder('id')), ...keys.map((k) => eq(scopeColumns[k], sql.placeholder(k)))))
      .prepare(name),
  );
  const [row] = await q.execute({ id, ...scope });
  return row as OrderListRow | undefined;
}

export async function centreOf(db: Db, id: number) {
  const [row] = await db.select().from(centres).where(eq(centres.id, id)).limit(1);
  return row;
}

const itemColumns = { item: orderItems, categoryName: gemCategories.name, unit: gemCategories.unit };

/** The items of some orders (order sheets) with their category, by order then item. */
export async function itemsOf(db: Db, orderIds: number[]) {
  if (!orderIds.length) return [];
  return db
    .select(itemColumns)
    .from(orderItems)
    .innerJoin(gemCategories, eq(gemCategories.id, orderItems.categoryId))
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

/** For the centre banners: the nearest future deadline, the overdue count and intercepted orders. */
export async function centreAlerts(db: Db, centreId: number, pending: readonly OrderStatus[], now: Date) {
  const base = and(eq(testingOrders.centreId, centreId), inArray(testingOrders.status, [...pending]));
  const [nearest, [overdue], intercepted] = await Promise.all([
    db
      .select({ orderNo: testingOrders.orderNo, deadline: testingOrders.shipDeadline })
      .from(testingOrders)
      .where(and(base, gte(testingOrders.shipDeadline, now)))
      .orderBy(asc(testingOrders.shipDeadline))
      .limit(1),
    db.select({ n: count() }).from(testingOrders).where(and(base, lt(testingOrders.shipDeadline, now))),
    db
      .select({ id: testingOrders.id, orderNo: testingOrders.orderNo, reason: testingOrders.interceptReason, merchantName: merchants.name, merchantId: testingOrders.merchantId })
      .from(testingOrders)
      .innerJoin(merchants, eq(merchants.id, testingOrders.merchantId))
      .where(and(eq(testingOrders.centreId, centreId), eq(testingOrders.status, 'intercepted')))
      .orderBy(asc(testingOrders.statusChangedAt))
      .limit(50),
  ]);
  return { nearest: nearest[0], overdueCount: overdue?.n ?? 0, intercepted };
}

export async function shopOfMerchant(db: Db, shopId: number, merchantId: number) {
  // an order created for a shop checks it: prepared (db/prepared.ts)
  const [row] = await prepared(db, 'gemqc_shop_of_merchant', () =>
    db
      .select({ id: shops.id, status: shops.status })
      .from(shops)
      .where(and(eq(shops.id, sql.placeholder('shopId')), eq(shops.merchantId, sql.placeholder('merchantId'))))
      .limit(1)
      .prepare('gemqc_shop_of_merchant'),
  ).execute({ shopId, merchantId });
  return row;
}

export async function activeCentre(db: Db, centreId: number) {
  // every order created checks it: prepared (db/prepared.ts)
  const [row] = await prepared(db, 'gemqc_active_centre', () =>
    db
      .select()
      .from(centres)
      .where(and(eq(centres.id, sql.placeholder('centreId')), eq(centres.status, 1)))
      .limit(1)
      .prepare('gemqc_active_centre'),
  ).execute({ centreId });
  return row;
}

export async function categoriesByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  // every order created checks them: prepared (db/prepared.ts), the ids as one array parameter
  return prepared(db, 'gemqc_active_categories', () =>
    db
      .select()
      .from(gemCategories)
      .where(and(sql`${gemCategories.id} = any(${sql.placeholder('ids')}::bigint[])`, eq(gemCategories.status, 1)))
      .prepare('gemqc_active_categories'),
  ).execute({ ids });
}

/** The merchant with its testing-authorisation status (-1 when none was submitted). */
export async function merchantForOrders(db: Db, merchantId: number) {
  // every order created checks it: prepared (db/prepared.ts)
  const [row] = await prepared(db, 'gemqc_merchant_for_orders', () =>
    db
      .select({ id: merchants.id, name: merchants.name, status: merchants.status, authStatus: sql<number>`coalesce(${testingAuthorisations.status}, -1)::int` })
      .from(merchants)
      .leftJoin(testingAuthorisations, eq(testingAuthorisations.merchantId, merchants.id))
      .where(eq(merchants.id, sql.placeholder('merchantId')))
      .limit(1)
      .prepare('gemqc_merchant_for_orders'),
  ).execute({ merchantId });
  return row;
}

export async function interceptPolicyOf(db: Db, merchantId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ p: testingAuthorisations.interceptPolicy })
    .from(testingAuthorisations)
    .where(eq(testingAuthorisations.merchantId, merchantId))
    .limit(1);
  return row?.p;
}
