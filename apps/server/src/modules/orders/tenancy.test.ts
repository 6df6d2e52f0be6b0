import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesApi, feesApi, ordersApi, recordingsApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let a: ReturnType<typeof caller>;
let b: ReturnType<typeof caller>;
let baseSz: ReturnType<typeof caller>;
const m = ordersApi.merchant;
let created: { id: string; order_no: string };
let gzOrder: string;
let videoId: string;
let videoOrderNo: string;

beforeAll(async () => {
  t = await createTestApp();
  a = caller(t, await t.login('trader', '13800000001'));
  b = caller(t, await t.login('trader', '13800000002'));
  baseSz = caller(t, await t.login('base', '13700000009'));
  created = (await a.call(m.list, { status: 'created', page_size: 1 })).data.list[0]!;
  gzOrder = (await a.call(m.list, { page_size: 100 })).data.list.find((o) => o.centre_name === '广州番禺检测中心')!.id;
  const v = (await a.call(recordingsApi.merchant.videoList)).data.list[0]!;
  videoId = v.id;
  videoOrderNo = v.order_no;
});
afterAll(async () => t.close());

describe("tenancy: merchant B never reaches merchant A's orders", () => {
  it('answers 1004 for every endpoint that takes an id', async () => {
    expect((await b.call(m.detail, { id: created.id })).code).toBe(1004);
    expect((await b.call(m.cancel, { id: created.id })).code).toBe(1004);
    expect((await b.call(m.waybill, { id: created.id, carrier: '顺丰速运', waybill: 'SF9999999999' })).code).toBe(1004);
    expect((await b.call(m.sheet, { ids: created.id })).code).toBe(1004);
    const mine = (await b.call(m.list, { page_size: 1 })).data.list[0]!.id;
    expect((await b.call(m.sheet, { ids: `${mine},${created.id}` })).code).toBe(1004);
    expect((await b.raw(recordingsApi.merchant.video, { id: videoId })).json().code).toBe(1004);
    // and A's order is untouched
    expect((await a.call(m.detail, { id: created.id })).data.order.status).toBe('created');
  });

  it("finds nothing of A's by A's order no in B's lists, exports and ledger", async () => {
    expect((await b.call(m.list, { order_no: created.order_no })).data.total).toBe(0);
    expect((await b.call(recordingsApi.merchant.videoList, { order_no: videoOrderNo })).data.total).toBe(0);
    expect((await b.call(codesApi.merchant.recordList, { keyword: videoOrderNo })).data.total).toBe(0);
    expect((await b.call(feesApi.ledger, { order_no: videoOrderNo })).data.total).toBe(0);
    const all = (await b.call(m.list, { page_size: 100 })).data.list;
    expect(all.every((o) => o.merchant_name === '金福珠宝')).toBe(true);
  });

  it("answers 1004 to a centre for another centre's order", async () => {
    expect((await baseSz.call(ordersApi.center.detail, { id: gzOrder })).code).toBe(1004);
  });
});
