import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warehouseApi } from '@gemqc/contract';
import { testConfig } from '../../config';
import { fakeEncrypt, startFakeDoudian, type FakeDoudian } from '../../integrations/doudian/fake';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { demoIds, one, orderIn, type DemoIds } from '../orders/testkit';
import { splitAddress } from './ebill';

// 电子面单取号 against the local stand-in of the platform over real HTTP: order.orderDetail for the
// buyer as the platform holds it (encrypted), logistics.newCreateOrder for the waybill.
const { appKey, appSecret } = testConfig().doudian;
const SHOP = '4463798';

let t: TestApp;
let fake: FakeDoudian;
let ids: DemoIds;
let shopRowId: number;
let warehouse: ReturnType<typeof caller>;
let next = 0;

/** A bound order of 翠玉轩's shop for one of the stand-in's paid shop orders. */
async function boundShopOrder() {
  const paid = fake.ordersOf(SHOP).filter((o) => o.order_status === 2);
  const p = paid[next++ % paid.length]!;
  const id = await orderIn(t.database.db, ids, 'bound', { shopId: shopRowId, platformOrderId: p.order_id });
  return { id, platformOrderId: p.order_id, receiver: p.post_receiver };
}

beforeAll(async () => {
  t = await createTestApp();
  fake = await startFakeDoudian({ appKey, appSecret });
  t.config.doudian.gatewayUrl = fake.url; // the app's production client talks to the stand-in
  ids = await demoIds(t.database.db);
  shopRowId = (await one<{ id: number }>(t.database.db, sql`select id::int from shops where shop_id = ${SHOP}`)).id;
  warehouse = caller(t, await t.login('qualityInspection', '13900000001'));
});
afterAll(async () => {
  await fake?.close();
  await t?.close();
});

describe('电子面单取号', () => {
  it('gets the waybill from the platform with the centre as sender and the buyer as the platform holds it; asked again, the same number; it ships with it', async () => {
    const o = await boundShopOrder();
    const res = await warehouse.call(warehouseApi.orderEbill, { id: o.id, carrier: '中通快递' });
    expect(res.code).toBe(1000);
    expect(res.data).toMatchObject({ carrier: '中通快递', logistics_code: 'zhongtong', issued: true });
    expect(res.data.waybill).toMatch(/^7\d{12}$/);
    const issued = fake.ebills.filter((e) => e.orderId === o.platformOrderId);
    expect(issued).toHaveLength(1);
    expect(issued[0]!.receiverName).toBe(fakeEncrypt(o.receiver.replace('*', '小'))); // the platform's encrypted value, passed on as it is
    const again = await warehouse.call(warehouseApi.orderEbill, { id: o.id, carrier: '中通快递' });
    expect(again.data).toMatchObject({ waybill: res.data.waybill, issued: false });
    expect(fake.ebills.filter((e) => e.orderId === o.platformOrderId)).toHaveLength(1);
    const ship = await warehouse.call(warehouseApi.orderShip, { id: o.id, carrier: res.data.carrier, waybill: res.data.waybill });
    expect(ship.code).toBe(1000);
    expect(ship.data.outbound_waybill).toBe(res.data.waybill);
  });

  it('refuses in words: a carrier without e-waybills, an order without a shop, an order not ready to ship, the platform refusing', async () => {
    const o = await boundShopOrder();
    const odd = await warehouse.call(warehouseApi.orderEbill, { id: o.id, carrier: '某某快递' });
    expect(odd.code).toBe(1001);
    expect(odd.msg).toContain('「某某快递」没有抖店电子面单');
    const plain = await orderIn(t.database.db, ids, 'bound');
    expect((await warehouse.call(warehouseApi.orderEbill, { id: plain, carrier: '顺丰速运' })).msg).toBe('该订单不是抖店店铺的订单，没有平台电子面单，请手工填写运单号');
    const paid = fake.ordersOf(SHOP).filter((x) => x.order_status === 2);
    const early = await orderIn(t.database.db, ids, 'passed', { shopId: shopRowId, platformOrderId: paid[next++ % paid.length]!.order_id });
    expect((await warehouse.call(warehouseApi.orderEbill, { id: early, carrier: '顺丰速运' })).msg).toBe('订单检测合格，不是待发货的订单，不能取号');
    // an order the platform does not know
    const unknown = await orderIn(t.database.db, ids, 'bound', { shopId: shopRowId, platformOrderId: '12345678' });
    const refused = await warehouse.call(warehouseApi.orderEbill, { id: unknown, carrier: '顺丰速运' });
    expect(refused.code).toBe(1001);
    expect(refused.msg).toMatch(/^取号失败：/);
    // another centre's order is not found
    const sz = caller(t, await t.login('qualityInspection', '13900000009'));
    expect((await sz.call(warehouseApi.orderEbill, { id: o.id, carrier: '顺丰速运' })).code).toBe(1004);
  });

  it('splits a one-line address into the parts the platform asks for', () => {
    expect(splitAddress('广东省广州市番禺区市桥街道大北路1号')).toEqual({ country_code: 'CHN', province_name: '广东省', city_name: '广州市', district_name: '番禺区', street_name: '', detail_address: '市桥街道大北路1号' });
    expect(splitAddress('上海市浦东新区世纪大道100号')).toMatchObject({ province_name: '上海市', city_name: '上海市', district_name: '浦东新区', detail_address: '世纪大道100号' });
  });
});
