import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let base: ReturnType<typeof caller>;
let baseSz: ReturnType<typeof caller>;
let cuiyu: ReturnType<typeof caller>;
const c = ordersApi.center;

beforeAll(async () => {
  t = await createTestApp();
  base = caller(t, await t.login('base', '13700000001'));
  baseSz = caller(t, await t.login('base', '13700000009'));
  cuiyu = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

async function sheetOf(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('GET /center/v1/Order/merchants', () => {
  it('offers the merchants that have orders at the caller centre, each of which the list finds', async () => {
    const opts = await base.call(c.merchants);
    expect(opts.code).toBe(1000);
    expect(opts.data.map((o) => o.label)).toContain('翠玉轩珠宝');
    for (const o of opts.data) {
      const l = await base.call(c.list, { merchant_id: o.value, page_size: 1 });
      expect(l.data.total).toBeGreaterThan(0);
    }
  });

  it('is for service-centre staff only', async () => {
    expect((await cuiyu.call(c.merchants)).code).toBe(403);
  });
});

describe('GET /center/v1/Order/list with the merchant filter', () => {
  it('narrows the centre’s orders to one merchant', async () => {
    const opts = (await base.call(c.merchants)).data;
    const cuiyuId = opts.find((o) => o.label === '翠玉轩珠宝')!.value;
    const all = await base.call(c.list, { page_size: 100 });
    const one = await base.call(c.list, { merchant_id: cuiyuId, page_size: 100 });
    expect(one.code).toBe(1000);
    expect(one.data.total).toBeGreaterThan(0);
    expect(one.data.total).toBeLessThanOrEqual(all.data.total);
    expect(one.data.list.every((r) => r.merchant_name === '翠玉轩珠宝' && r.centre_name === '广州番禺检测中心')).toBe(true);
  });

  it('never widens the scope: another centre filtering by a merchant sees only its own orders of it', async () => {
    const cuiyuId = (await base.call(c.merchants)).data.find((o) => o.label === '翠玉轩珠宝')!.value;
    const sz = await baseSz.call(c.list, { merchant_id: cuiyuId, page_size: 100 });
    expect(sz.code).toBe(1000);
    expect(sz.data.list.every((r) => r.centre_name === '深圳水贝检测中心')).toBe(true);
  });

  it('refuses a malformed merchant id with a readable message', async () => {
    const r = await base.call(c.list, { merchant_id: 'abc' });
    expect(r).toMatchObject({ code: 1001, msg: '编号格式不正确' });
  });
});

describe('GET /center/v1/Order/export', () => {
  it('streams an xlsx with a row per order of the filter and the merchant column', async () => {
    const res = await base.raw(c.export, { status: 'completed' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const ws = await sheetOf(res);
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers[0]).toBe('订单号');
    expect(headers).toContain('商户');
    expect(headers).not.toContain('检测中心');
    const total = (await base.call(c.list, { status: 'completed' })).data.total;
    expect(total).toBeGreaterThan(0);
    expect(ws.actualRowCount).toBe(total + 1);
  });

  it('holds only the caller centre’s orders (another centre’s order numbers are not in it)', async () => {
    const gzNos = new Set((await base.call(c.list, { page_size: 100 })).data.list.map((r) => r.order_no));
    const ws = await sheetOf(await baseSz.raw(c.export, {}));
    const szNos: string[] = [];
    ws.eachRow((row, i) => {
      if (i > 1) szNos.push(String(row.getCell(1).value));
    });
    expect(szNos.length).toBe((await baseSz.call(c.list, { page_size: 1 })).data.total);
    expect(szNos.some((n) => gzNos.has(n))).toBe(false);
  });

  it('applies the merchant filter', async () => {
    const jinfu = (await base.call(c.merchants)).data.find((o) => o.label === '金福珠宝')!;
    expect(jinfu).toBeTruthy();
    const ws = await sheetOf(await base.raw(c.export, { merchant_id: jinfu.value }));
    const col = (ws.getRow(1).values as unknown[]).indexOf('商户');
    const names = new Set<string>();
    ws.eachRow((row, i) => {
      if (i > 1) names.add(String(row.getCell(col).value));
    });
    expect([...names]).toEqual(['金福珠宝']);
    expect(ws.actualRowCount).toBe((await base.call(c.list, { merchant_id: jinfu.value })).data.total + 1);
  });

  it('导出所选: with ids, exactly those of the centre’s orders; another centre’s ids are not in it', async () => {
    const mine = (await base.call(c.list, { page_size: 3 })).data.list;
    const theirs = (await baseSz.call(c.list, { page_size: 1 })).data.list[0]!;
    const numbers = (ws: ExcelJS.Worksheet) => {
      const out: string[] = [];
      ws.eachRow((row, i) => void (i > 1 && out.push(String(row.getCell(1).value))));
      return out;
    };
    const ids = [theirs.id, ...mine.map((r) => r.id)].join(',');
    // newest first, as the list shows them
    expect(numbers(await sheetOf(await base.raw(c.export, { ids })))).toEqual(mine.map((r) => r.order_no));
    expect(numbers(await sheetOf(await baseSz.raw(c.export, { ids })))).toEqual([theirs.order_no]);
  });

  it('answers 1001 for a bad filter instead of a file, and 403 to another portal', async () => {
    expect((await base.raw(c.export, { start_date: 'yesterday' })).json()).toMatchObject({ code: 1001 });
    expect((await cuiyu.raw(c.export, {})).json()).toMatchObject({ code: 403 });
  });
});

describe('GET /center/v1/Order/detail tenancy', () => {
  it("answers 1004 to a centre for another centre's order", async () => {
    const gzOrder = (await base.call(c.list, { page_size: 1 })).data.list[0]!;
    expect((await baseSz.call(c.detail, { id: gzOrder.id })).code).toBe(1004);
    expect((await base.call(c.detail, { id: gzOrder.id })).data.order.order_no).toBe(gzOrder.order_no);
  });
});
