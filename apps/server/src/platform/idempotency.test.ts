import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsApi, catalogueApi, IDEMPOTENCY_KEY_HEADER, ordersApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { forgetOldKeys, KEY_TTL_MS } from './idempotency';

let t: TestApp;
let cuiyu: string;
let jinfu: string;
let warehouseOwner: string;
let centreGz: string;
let jade: string;
const create = ordersApi.merchant.create;

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = await t.login('trader', '13800000001');
  jinfu = await t.login('trader', '13800000002');
  warehouseOwner = await t.login('qualityInspection', '13900000001');
  const get = async (path: string) => (await t.app.inject({ method: 'GET', url: `/api${path}`, headers: t.auth(cuiyu) })).json() as { data: { id: string; code: string }[] };
  centreGz = (await get(catalogueApi.stationList.path)).data.find((s) => s.code === 'GZPY')!.id;
  jade = (await get(catalogueApi.gemList.path)).data.find((g) => g.code === 'FC')!.id;
});
afterAll(async () => t.close());

const orderBody = (buyer: string, over: Record<string, unknown> = {}) => ({
  centre_id: centreGz,
  buyer_name: buyer,
  buyer_phone: '13800138000',
  buyer_address: '广东省深圳市南山区科技园南区粤海街道8号',
  items: [{ name: '冰种翡翠手镯', category_id: jade, weight: 52.3, declared_value: 880000 }],
  ...over,
});

async function post(path: string, token: string, body: object, key?: string) {
  const res = await t.app.inject({ method: 'POST', url: `/api${path}`, headers: { ...t.auth(token), ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) }, payload: body });
  const env = res.json() as { code: number; msg: string; data: { id: string; order_no: string } };
  return { ...env, replayed: res.headers['idempotent-replayed'] === 'true' };
}

async function ordersOf(buyer: string): Promise<number> {
  const r = (await t.database.db.execute(sql`select count(*)::int as n from testing_orders where buyer_name = ${buyer}`)) as unknown as { rows: { n: number }[] };
  return r.rows[0]!.n;
}

describe('idempotent creates: the Idempotency-Key header', () => {
  it('a repeat of 新建检测订单 with the same key answers the first order and creates none', async () => {
    const body = orderBody('重复提交甲');
    const first = await post(create.path, cuiyu, body, 'order-key-000001');
    expect(first.code).toBe(1000);
    expect(first.replayed).toBe(false);
    const again = await post(create.path, cuiyu, body, 'order-key-000001');
    expect(again).toMatchObject({ code: 1000, data: first.data, replayed: true });
    expect(await ordersOf('重复提交甲')).toBe(1);
    // a new attempt (a new key) is a new order
    const next = await post(create.path, cuiyu, body, 'order-key-000002');
    expect(next.data.id).not.toBe(first.data.id);
    expect(await ordersOf('重复提交甲')).toBe(2);
  });

  it('two concurrent requests with one key (two tabs, a double click) make one order', async () => {
    const body = orderBody('并发提交乙');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(create.path, cuiyu, body, 'order-key-concurrent-1')));
    expect(answers.map((a) => a.code)).toEqual([1000, 1000, 1000, 1000, 1000, 1000]);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(answers.filter((a) => !a.replayed)).toHaveLength(1);
    expect(await ordersOf('并发提交乙')).toBe(1);
  });

  it('refuses the same key with other content (1001, in Chinese) and creates nothing', async () => {
    await post(create.path, cuiyu, orderBody('改内容丙'), 'order-key-000003');
    const other = await post(create.path, cuiyu, orderBody('改内容丙', { buyer_address: '广东省广州市番禺区市桥街道大北路1号' }), 'order-key-000003');
    expect(other.code).toBe(1001);
    expect(other.msg).toBe('这个请求编号已用于另一份内容不同的提交：上次提交可能已经成功，请先查看列表，确认后刷新页面再提交');
    expect(await ordersOf('改内容丙')).toBe(1);
  });

  it('keeps no key for a refused request: sending it again after fixing it creates the order', async () => {
    const bad = await post(create.path, cuiyu, orderBody('先错后对丁', { centre_id: '999999' }), 'order-key-000004');
    expect(bad.code).toBe(1001);
    const good = await post(create.path, cuiyu, orderBody('先错后对丁'), 'order-key-000004');
    expect(good).toMatchObject({ code: 1000, replayed: false });
    expect(await ordersOf('先错后对丁')).toBe(1);
  });

  it('keys are per merchant: another merchant’s same key is its own order', async () => {
    const a = await post(create.path, cuiyu, orderBody('两家商户戊'), 'order-key-shared-01');
    const b = await post(create.path, jinfu, orderBody('两家商户戊'), 'order-key-shared-01');
    expect(a.code).toBe(1000);
    expect(b).toMatchObject({ code: 1000, replayed: false });
    expect(b.data.id).not.toBe(a.data.id);
  });

  it('checks the key with the contract’s rule', async () => {
    const r = await post(create.path, cuiyu, orderBody('坏编号己'), 'bad key!');
    expect(r).toMatchObject({ code: 1001, msg: '请求编号格式不正确，请刷新页面后重试' });
    expect(await ordersOf('坏编号己')).toBe(0);
  });

  it('without a key, behaves as before (each request creates)', async () => {
    await post(create.path, cuiyu, orderBody('无编号庚'));
    await post(create.path, cuiyu, orderBody('无编号庚'));
    expect(await ordersOf('无编号庚')).toBe(2);
  });

  it('holds for the other creates too: a repeated sub-account save answers the first account', async () => {
    const roles = (await t.app.inject({ method: 'GET', url: `/api${accountsApi.warehouse.roleList.path}`, headers: t.auth(warehouseOwner) })).json() as { data: { list: { id: string }[] } };
    const body = { mobile: '13900000077', name: '重复的质检员', role_id: roles.data.list[0]!.id, password: 'Init1234' };
    const [a, b] = await Promise.all([post(accountsApi.warehouse.save.path, warehouseOwner, body, 'account-key-0001'), post(accountsApi.warehouse.save.path, warehouseOwner, body, 'account-key-0001')]);
    expect([a.code, b.code]).toEqual([1000, 1000]);
    expect(b.data.id).toBe(a.data.id);
    // without the key the repeat is refused as a taken mobile: the user would see an error for a save that worked
    expect((await post(accountsApi.warehouse.save.path, warehouseOwner, body)).code).toBe(1001);
  });

  it('housekeeping forgets keys older than a week', async () => {
    const old = new Date(Date.now() - KEY_TTL_MS - 60_000);
    await t.database.db.execute(sql`update client_requests set created_at = ${old.toISOString()}::timestamptz where key = 'order-key-000001'`);
    expect(await forgetOldKeys(t.database.db, new Date())).toBe(1);
  });
});
