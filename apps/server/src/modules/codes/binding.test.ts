import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesApi, inspectionApi, ordersApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { demoIds, one, type DemoIds } from '../orders/testkit';
import { newOrder as kitNewOrder, orderStatus, result } from '../inspection/testkit';

// The warehouse's tag binding (Code/bind, unbind, list); the merchant's 绑码记录 are in api.test.ts.

let t: TestApp;
let ids: DemoIds;
let wh: ReturnType<typeof caller>; // GZPY warehouse owner
let sz: ReturnType<typeof caller>; // SZSB warehouse owner
let merchant: ReturnType<typeof caller>; // 翠玉轩
let anon: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t.database.db);
  wh = caller(t, await t.login('qualityInspection', '13900000001'));
  sz = caller(t, await t.login('qualityInspection', '13900000009'));
  merchant = caller(t, await t.login('trader', '13800000001'));
  anon = caller(t, '');
});
afterAll(async () => t.close());

const db = () => t.database.db;
const newOrder = (status: 'received' | 'awaiting_arrival', items = 1) => kitNewOrder(db(), ids, status, items);
const status = (orderId: number) => orderStatus(db(), orderId);

describe('Code bind / unbind / list', () => {
  let orderId: number;
  let itemIds: string[];
  beforeAll(async () => {
    ({ orderId, itemIds } = await newOrder('received', 2));
    await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass'));
    await wh.call(inspectionApi.submit, result(itemIds[1]!, 'pass'));
  });

  it('binds codes (trimmed, upper-case); the last one moves the order passed → bound; unbind keeps history', async () => {
    const a = await wh.call(codesApi.bind, { item_id: itemIds[0], code: '  t900000001 ' });
    expect(a.code).toBe(1000);
    expect(a.data).toMatchObject({ order_status: 'passed', unbound_items: 1, binding: { code: 'T900000001', state: 'bound', merchant_name: '翠玉轩珠宝' } });

    // the wrong tag: unbind with a reason, bind another
    const un = await wh.call(codesApi.unbind, { id: a.data.binding.id, reason: '标签贴错' });
    expect(un.code).toBe(1000);
    expect(un.data.binding).toMatchObject({ state: 'unbound', unbind_reason: '标签贴错' });
    expect(un.data.binding.unbound_at).not.toBeNull();
    expect((await wh.call(codesApi.unbind, { id: a.data.binding.id, reason: '再次' })).msg).toContain('已解绑');
    expect((await wh.call(codesApi.unbind, { id: a.data.binding.id, reason: ' ' })).msg).toBe('请填写解绑原因');

    const a2 = await wh.call(codesApi.bind, { item_id: itemIds[0], code: 'T900000002' });
    expect(a2.data.unbound_items).toBe(1);
    expect((await wh.call(codesApi.bind, { item_id: itemIds[0], code: 'T900000003' })).msg).toContain('已绑定标签码 T900000002');
    const b = await wh.call(codesApi.bind, { item_id: itemIds[1], code: 'T900000001' }); // free again after the unbind
    expect(b.data).toMatchObject({ order_status: 'bound', unbound_items: 0 });
    expect(await status(orderId)).toBe('bound');

    // history in the centre's list and the merchant's records
    const list = await wh.call(codesApi.list, { order_id: orderId });
    expect(list.data.total).toBe(3);
    expect(list.data.list.filter((c) => c.state === 'unbound').map((c) => c.code)).toEqual(['T900000001']);
    expect((await wh.call(codesApi.list, { keyword: 't900000001', state: 'bound' })).data.list.map((c) => c.item_id)).toEqual([itemIds[1]]);
    const rec = await merchant.call(codesApi.merchant.recordList, { keyword: 'T900000001' });
    expect(rec.data.list.map((c) => c.state).sort()).toEqual(['bound', 'unbound']);
    const detail = await merchant.call(ordersApi.merchant.detail, { id: orderId });
    expect(detail.data.items.map((i) => i.bound_code).sort()).toEqual(['T900000001', 'T900000002']);

    // a wrong tag found on a fully bound order: unbinding takes it back to passed, rebinding to bound
    const back = await wh.call(codesApi.unbind, { id: b.data.binding.id, reason: '标签破损' });
    expect(back.data).toMatchObject({ order_status: 'passed', unbound_items: 1 });
    expect(await status(orderId)).toBe('passed');
    expect((await wh.call(codesApi.bind, { item_id: itemIds[1], code: 'T900000004' })).data).toMatchObject({ order_status: 'bound', unbound_items: 0 });
  });

  it('a code bound elsewhere → 1001 naming the order; bad format → 1001; not passed → 1001', async () => {
    const other = await newOrder('received', 1);
    await wh.call(inspectionApi.submit, result(other.itemIds[0]!, 'pass'));
    const orderNo = (await one<{ order_no: string }>(db(), sql`select order_no from testing_orders where id = ${orderId}`)).order_no;
    const dup = await wh.call(codesApi.bind, { item_id: other.itemIds[0], code: 'T900000002' });
    expect(dup.code).toBe(1001);
    expect(dup.msg).toContain(orderNo);
    expect((await wh.call(codesApi.bind, { item_id: other.itemIds[0], code: 'ab' })).msg).toBe('标签码为6-32位字母或数字，请重新扫描');
    expect((await wh.call(codesApi.bind, { item_id: other.itemIds[0], code: '' })).msg).toBe('请扫描或输入标签码');
    const failed = await newOrder('received', 1);
    await wh.call(inspectionApi.submit, result(failed.itemIds[0]!, 'fail'));
    expect((await wh.call(codesApi.bind, { item_id: failed.itemIds[0], code: 'T900000009' })).code).toBe(1001);
  });
});

describe('Tenancy, portals and permissions', () => {
  it("another centre's items and bindings are not found (1004); no session is 403", async () => {
    const { itemIds } = await newOrder('received');
    expect((await sz.call(codesApi.bind, { item_id: itemIds[0], code: 'T900000100' })).code).toBe(1004);
    const anyBinding = (await wh.call(codesApi.list, {})).data.list[0]!;
    expect((await sz.call(codesApi.unbind, { id: anyBinding.id, reason: '测试' })).code).toBe(1004);
    expect((await sz.call(codesApi.list, { keyword: anyBinding.code })).data.total).toBe(0);
    expect((await anon.call(codesApi.list, {})).code).toBe(403);
  });
});
