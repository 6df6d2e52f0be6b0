import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, accountSort, adminMerchantSort, batchSort, codesApi, type Endpoint, feesApi, interceptionApi, ledgerSort, merchantsApi, recordingsApi, recordSort, returnQueueSort, statementDetailSort, statementListSort, statementsApi, videoSort, warehouseApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { charge, topUp } from '../modules/fees/ledger';
import { caller } from '../../test/apiKit';

/**
 * Every list sorted by the generic mechanism (contract `listSort`, `listOrderBy` here): each of its
 * sort keys orders every page both ways, equal values page stably (descending is exactly ascending
 * reversed, no row twice or skipped), an empty value comes last either way, and a key outside the
 * list's allow-list is refused with a sentence naming the columns it sorts by.
 */

let t: TestApp;
type Caller = ReturnType<typeof caller>;
const who: Record<'merchant' | 'inspector' | 'manager', Caller> = {} as never;
let statementMerchant = '';

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  const owner = caller(t, await t.login('trader', '13800000001'));
  who.merchant = owner;
  who.inspector = caller(t, await t.login('qualityInspection', '13900000001'));
  who.manager = caller(t, await t.login('manage', '13600000001'));
  const base = caller(t, await t.login('base', '13700000001'));

  // sub-accounts of 翠玉轩珠宝: created a minute apart, one disabled, two that signed in
  const role = await owner.call(accountsApi.merchant.roleSave, { name: '排序测试角色', permissions: ['merchant.order.view'] });
  expect(role.code).toBe(1000);
  for (const [i, mobile] of ['13822220001', '13822220002', '13822220003', '13822220004'].entries()) {
    t.clock.advanceSeconds(60);
    const acc = await owner.call(accountsApi.merchant.save, { mobile, name: `排序测试${i}`, role_id: role.data.id, password: 'Sort2026x' });
    expect(acc.code).toBe(1000);
    if (i === 1) expect((await owner.call(accountsApi.merchant.status, { id: acc.data.id, status: 0 })).code).toBe(1000);
    if (i >= 2) await t.login('trader', mobile, 'Sort2026x');
  }

  // intercepted orders of the centre, a minute apart: the return queue
  const atCentre = await rows<{ id: string }>(
    sql`select o.id::text from testing_orders o join centres c on c.id = o.centre_id where c.code = 'GZPY' and o.status in ('received', 'inspecting', 'passed', 'bound') order by o.id limit 3`,
  );
  for (const o of atCentre) {
    t.clock.advanceSeconds(60);
    expect((await base.call(interceptionApi.centerIntercept, { id: o.id, reason: '排序测试：买家已退款' })).code).toBe(1000);
  }

  // one waiting to go back (intercepted → return_pending, a step of the state machine)
  await t.database.db.execute(sql`update testing_orders set status = 'return_pending' where id = ${atCentre[0]!.id}`);

  // recordings of different lengths, one whose length was never read (the seed gives them one length)
  await t.database.db.execute(sql`update recordings set duration_seconds = nullif((id % 4)::int * 15, 0)`);

  // merchants registered on different days (the demo seed registers them at once)
  await t.database.db.execute(sql`update merchants set created_at = created_at - id * interval '1 day'`);

  // this month's statements at the centre: a third merchant with fees, one statement confirmed
  const [fresh] = await rows<{ merchant_id: string; centre_id: string }>(
    sql`select m.id::text as merchant_id, c.id::text as centre_id from merchants m, centres c where m.mobile = '13800000003' and c.code = 'GZPY'`,
  );
  const [merchantId, centreId] = [Number(fresh!.merchant_id), Number(fresh!.centre_id)];
  await topUp(t.database.db, { merchantId, amount: 100_000, key: 'sort-test', now: t.clock.now() });
  for (const i of [1, 2, 3]) await charge(t.database.db, { merchantId, centreId, orderId: 980_000 + i, itemId: 980_000 + i, type: 'INSPECTION', amount: 1000 * i, now: t.clock.now() });
  expect((await who.inspector.call(statementsApi.confirm, { merchant_id: merchantId, month: statementMonth() })).code).toBe(1000);
  // a disabled merchant among the enabled ones
  expect((await who.manager.call(merchantsApi.status, { id: merchantId, status_id: 0 })).code).toBe(1000);
  const statements = await who.inspector.call(statementsApi.list, {});
  expect(statements.data.list.length).toBeGreaterThan(2);
  statementMerchant = statements.data.list.reduce((a, b) => (b.entry_count > a.entry_count ? b : a)).merchant_id;
});
afterAll(async () => t.close());

/** This month in China (the statement list's default period; the demo ledger's entries are in it). */
function statementMonth() {
  return new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 7);
}

type Row = Record<string, unknown>;
type Key = number | string | boolean | null;
interface Case {
  list: string;
  caller: () => Caller;
  endpoint: Endpoint;
  query?: () => Record<string, unknown>;
  keys: readonly string[];
  /** What each key orders by, as the row shows it (null: empty, sorted last). */
  value: Record<string, (r: Row) => Key>;
  /** Keys whose values are text in the database's collation: checked by the reversal only. */
  text?: string[];
  /** The list's column names (the refusal's sentence names them). */
  labels: Record<string, string>;
  /** Rows per page (small lists: a few pages each). */
  pageSize?: number;
}

const time = (k: string) => (r: Row) => (r[k] === null ? null : Date.parse(String(r[k])));
const field = (k: string) => (r: Row) => r[k] as Key;

const cases: Case[] = [
  {
    list: '费用明细 (ledger)',
    caller: () => who.merchant,
    endpoint: feesApi.ledger,
    pageSize: 100,
    keys: ledgerSort.keys,
    labels: ledgerSort.labels,
    value: { created_at: time('created_at'), amount: field('amount') },
  },
  {
    list: '财务账单 (statement list)',
    caller: () => who.inspector,
    endpoint: statementsApi.list,
    query: () => ({ month: statementMonth() }),
    keys: statementListSort.keys,
    labels: statementListSort.labels,
    value: { merchant_name: field('merchant_name'), item_count: field('item_count'), net_amount: field('net_amount'), status: (r) => r.status === 'confirmed' },
    text: ['merchant_name'],
  },
  {
    list: '账单明细 (statement entries)',
    caller: () => who.inspector,
    endpoint: statementsApi.detail,
    query: () => ({ month: statementMonth(), merchant_id: statementMerchant }),
    keys: statementDetailSort.keys,
    labels: statementDetailSort.labels,
    // the statement shows the fen charged: minus the ledger amount
    value: { created_at: time('created_at'), amount: (r) => -Number(r.amount) },
  },
  {
    list: '商户列表 (merchants)',
    caller: () => who.manager,
    endpoint: merchantsApi.list,
    keys: adminMerchantSort.keys,
    labels: adminMerchantSort.labels,
    value: { balance: field('balance'), created_at: time('created_at'), auth_status_id: field('auth_status_id'), status_id: field('status_id') },
  },
  {
    list: '批次列表 (batches)',
    caller: () => who.inspector,
    endpoint: warehouseApi.batchList,
    keys: batchSort.keys,
    labels: batchSort.labels,
    value: { opened_at: time('opened_at'), closed_at: time('closed_at'), order_count: field('order_count'), item_count: field('item_count'), status: field('status') },
  },
  {
    list: '拦截退回 (return queue)',
    caller: () => who.inspector,
    endpoint: interceptionApi.warehouseQueue,
    keys: returnQueueSort.keys,
    labels: returnQueueSort.labels,
    value: { intercepted_since: time('intercepted_since'), status: field('status') },
  },
  {
    list: '绑码记录 (bind-code records)',
    caller: () => who.merchant,
    endpoint: codesApi.merchant.recordList,
    keys: recordSort.keys,
    labels: recordSort.labels,
    value: { bound_at: time('bound_at') },
  },
  {
    list: '录像管理 (recordings)',
    caller: () => who.merchant,
    endpoint: recordingsApi.merchant.videoList,
    keys: videoSort.keys,
    labels: videoSort.labels,
    value: { uploaded_at: time('uploaded_at'), duration_seconds: field('duration_seconds') },
  },
  {
    list: '子账号管理 (sub-accounts)',
    caller: () => who.merchant,
    endpoint: accountsApi.merchant.list,
    keys: accountSort.keys,
    labels: accountSort.labels,
    value: { created_at: time('created_at'), last_login_at: time('last_login_at'), status: field('status') },
  },
];

/** Every page of a sort, one after the other. */
async function allPages(c: Case, q: Record<string, unknown>): Promise<{ rows: Row[]; total: number }> {
  const out: Row[] = [];
  for (let page = 1; ; page++) {
    const r = await c.caller().call(c.endpoint, { ...c.query?.(), ...q, page, page_size: c.pageSize ?? 7 });
    expect(r.code, r.msg).toBe(1000);
    const data = r.data as { list: Row[]; total: number };
    out.push(...data.list);
    if (out.length >= data.total || data.list.length === 0) return { rows: out, total: data.total };
  }
}

const idOf = (r: Row) => String(r.id ?? r.merchant_id);
const cmp = (a: Key, b: Key) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

describe('lists sorted by an allow-listed column (sort_by, sort_order): listSort + listOrderBy', () => {
  for (const c of cases) {
    it(`${c.list}: each of ${c.keys.join(', ')} sorts every page both ways, stably, empty values last`, async () => {
      for (const key of c.keys) {
        const asc = await allPages(c, { sort_by: key, sort_order: 'asc' });
        const desc = await allPages(c, { sort_by: key, sort_order: 'desc' });
        expect(asc.rows.length, `${key}: rows`).toBe(asc.total);
        expect(asc.total, `${c.list} needs rows to sort`).toBeGreaterThan(2);
        expect(new Set(asc.rows.map(idOf)).size, `${key}: no row twice`).toBe(asc.total);
        const values = asc.rows.map(c.value[key]!);
        expect(new Set(values.map(String)).size, `${key}: the fixture has different values`).toBeGreaterThan(1);
        if (!c.text?.includes(key)) {
          for (let i = 1; i < values.length; i++) expect(cmp(values[i - 1]!, values[i]!), `${key} asc at ${i}`).toBeLessThanOrEqual(0);
          const down = desc.rows.map(c.value[key]!);
          for (let i = 1; i < down.length; i++) {
            const [a, b] = [down[i - 1]!, down[i]!];
            // descending, but an empty value still last
            expect(a === null ? (b === null ? 0 : 1) : b === null ? -1 : -cmp(a, b), `${key} desc at ${i}`).toBeLessThanOrEqual(0);
          }
        }
        // ties are broken by the id in the same direction: descending is ascending read backwards,
        // except that empty values stay last
        const nonEmpty = (rs: Row[]) => rs.filter((r) => c.value[key]!(r) !== null).map(idOf);
        expect(nonEmpty(desc.rows), `${key}: desc = asc reversed`).toEqual(nonEmpty(asc.rows).reverse());
      }
    });

    it(`${c.list}: a column outside its allow-list or a wrong direction answers 1001 with a sentence`, async () => {
      for (const bad of ['buyer_phone', 'id; drop table accounts', 'created_at desc', '__proto__', 'constructor']) {
        const r = await c.caller().call(c.endpoint, { ...c.query?.(), sort_by: bad });
        expect(r.code, bad).toBe(1001);
        expect(r.msg).toBe(`不能按这一列排序：此列表只能按${Object.values(c.labels).join('、')}排序`);
      }
      const r = await c.caller().call(c.endpoint, { ...c.query?.(), sort_by: c.keys[0], sort_order: 'up' });
      expect([r.code, r.msg]).toEqual([1001, '排序方向只能是asc（升序）或desc（降序）']);
    });
  }

  it('without sort_by each list keeps its own default order (ledger newest first, return queue longest waiting first)', async () => {
    const ledger = await allPages(cases[0]!, {});
    const times = ledger.rows.map((r) => Date.parse(String(r.created_at)));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const queue = await allPages(cases[5]!, {});
    const since = queue.rows.map((r) => Date.parse(String(r.intercepted_since)));
    expect(since).toEqual([...since].sort((a, b) => a - b));
  });
});
