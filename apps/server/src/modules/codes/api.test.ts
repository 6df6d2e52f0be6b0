import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../orders/apiKit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;
let jinfu: ReturnType<typeof caller>;
const m = ordersApi.merchant;

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
  jinfu = caller(t, await t.login('trader', '13800000002'));
});
afterAll(async () => t.close());

describe('GET /merchant/v1/Testing/recordList', () => {
  it('lists the bound codes of the merchant’s orders with order no, item, time and operator', async () => {
    const a = await cuiyu.call(m.recordList, { page_size: 100 });
    expect(a.code).toBe(1000);
    expect(a.data.total).toBeGreaterThan(50);
    const r = a.data.list[0]!;
    expect(r).toMatchObject({ state: 'bound', unbound_at: null, bound_by_name: '广州番禺检测中心 质检' });
    expect(r.order_no).toMatch(/^JC/);
    const times = a.data.list.map((x) => Date.parse(x.bound_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const theirs = await jinfu.call(m.recordList, { page_size: 100 });
    const mine = new Set(a.data.list.map((x) => x.code));
    expect(theirs.data.list.some((x) => mine.has(x.code))).toBe(false);
  });

  it('searches by tag code, order no or item name', async () => {
    const r = (await cuiyu.call(m.recordList)).data.list[0]!;
    expect((await cuiyu.call(m.recordList, { keyword: r.code })).data.list.map((x) => x.id)).toEqual([r.id]);
    expect((await cuiyu.call(m.recordList, { keyword: r.order_no })).data.list.every((x) => x.order_no === r.order_no)).toBe(true);
    const byName = await cuiyu.call(m.recordList, { keyword: '手镯', page_size: 100 });
    expect(byName.data.list.every((x) => x.item_name.includes('手镯'))).toBe(true);
    expect((await jinfu.call(m.recordList, { keyword: r.code })).data.total).toBe(0);
  });

  it('filters by date and refuses a bad date', async () => {
    expect((await cuiyu.call(m.recordList, { start_date: '2000-01-01', end_date: '2000-01-31' })).data.total).toBe(0);
    expect((await cuiyu.call(m.recordList, { start_date: '2000-13-45' })).code).toBe(1001);
  });
});
