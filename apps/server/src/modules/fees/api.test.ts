import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feesApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

describe('GET /merchant/v1/Finance/ledger', () => {
  it('pages the entries newest first with totals by type and the balance (¥500.00 = sum of entries)', async () => {
    const a = await cuiyu.call(feesApi.ledger, { page_size: 10 });
    expect(a.code).toBe(1000);
    expect(a.data.balance).toBe(50000);
    expect(a.data.list).toHaveLength(10);
    expect(a.data.totals.map((x) => x.type)).toEqual(['TOP_UP', 'INSPECTION', 'CERTIFICATE', 'REVERSAL', 'ADJUSTMENT']);
    expect(a.data.totals.reduce((s, x) => s + x.amount, 0)).toBe(50000);
    expect(a.data.total).toBe(a.data.totals.reduce((s, x) => s + x.count, 0));
    const times = a.data.list.map((e) => Date.parse(e.created_at));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect(a.data.list.find((e) => e.type === 'INSPECTION')).toMatchObject({ type_text: '检测费' });
  });

  it('filters by type, order no and date', async () => {
    const insp = await cuiyu.call(feesApi.ledger, { type: 'INSPECTION', page_size: 100 });
    expect(insp.data.list.every((e) => e.type === 'INSPECTION' && e.amount < 0 && e.order_no)).toBe(true);
    const orderNo = insp.data.list[0]!.order_no!;
    const byOrder = await cuiyu.call(feesApi.ledger, { order_no: orderNo });
    expect(byOrder.data.list.every((e) => e.order_no === orderNo)).toBe(true);
    expect(byOrder.data.total).toBeGreaterThan(0);
    expect((await cuiyu.call(feesApi.ledger, { start_date: '2000-01-01', end_date: '2000-01-01' })).data.total).toBe(0);
    expect((await cuiyu.call(feesApi.ledger, { type: 'GIFT' })).msg).toBe('费用类型不正确');
  });
});

describe('GET /merchant/v1/Finance/ledgerExport', () => {
  it('streams an xlsx with a row per entry of the filter', async () => {
    const res = await cuiyu.raw(feesApi.ledgerExport, { type: 'TOP_UP' });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe('类型');
    const n = (await cuiyu.call(feesApi.ledger, { type: 'TOP_UP' })).data.total;
    expect(ws.actualRowCount).toBe(n + 1);
    expect(ws.getRow(2).getCell(2).value).toBe('充值');
    expect(typeof ws.getRow(2).getCell(3).value).toBe('number');
  });
});
