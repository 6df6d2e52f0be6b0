import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchFilterQuery, ordersApi, warehouseApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { demoIds, orderIn, type DemoIds } from '../orders/testkit';
import { batchExportRows, batchFilter } from './service';

let t: TestApp;
let ids: DemoIds;
let owner: ReturnType<typeof caller>; // GZPY warehouse owner
let szOwner: ReturnType<typeof caller>; // SZSB warehouse owner
const w = warehouseApi;

beforeAll(async () => {
  t = await createTestApp();
  ids = await demoIds(t.database.db);
  owner = caller(t, await t.login('qualityInspection', '13900000001'));
  szOwner = caller(t, await t.login('qualityInspection', '13900000009'));
  // a batch at the other centre: SZSB receives one of its parcels
  const cuiyu = caller(t, await t.login('trader', '13800000001'));
  const id = await orderIn(t.database.db, ids, 'created', { centreId: ids.sz });
  expect((await cuiyu.call(ordersApi.merchant.waybill, { id, carrier: '顺丰速运', waybill: 'SF5500112233' })).code).toBe(1000);
  expect((await szOwner.call(w.intakeReceive, { id })).code).toBe(1000);
});
afterAll(async () => t.close());

async function sheetOf(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
const values = (ws: ExcelJS.Worksheet, n: number) => (ws.getRow(n).values as unknown[]).slice(1);
const column = (ws: ExcelJS.Worksheet, n: number) => Array.from({ length: ws.actualRowCount - 1 }, (_, k) => ws.getRow(k + 2).getCell(n).value);

describe('GET /warehouse/v1/Batch/export', () => {
  it('answers an xlsx of the centre’s batches, newest first, with the list’s columns', async () => {
    const res = await owner.raw(w.batchExport);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`filename\\*=UTF-8''${encodeURIComponent('批次列表-')}\\d{14}\\.xlsx`));
    const ws = await sheetOf(res);
    expect(values(ws, 1)).toEqual(['批次号', '状态', '操作员', '订单数', '物品数', '开始时间', '结束时间', '关闭人']);
    const list = await owner.call(w.batchList, { page_size: 100 });
    expect(list.data.total).toBeGreaterThan(1);
    expect(column(ws, 1)).toEqual(list.data.list.map((b) => b.batch_no));
    const b = list.data.list[0]!;
    expect(values(ws, 2).slice(0, 5)).toEqual([b.batch_no, b.status_text, b.operator_name, b.order_count, b.item_count]);
    expect(values(ws, 2)[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('applies the list’s filters (status, batch no, operator, dates)', async () => {
    const closed = await owner.call(w.batchList, { status: 'closed', page_size: 100 });
    const closedSheet = await sheetOf(await owner.raw(w.batchExport, { status: 'closed' }));
    expect(column(closedSheet, 1)).toEqual(closed.data.list.map((b) => b.batch_no));
    expect(column(closedSheet, 2).every((s) => s === '已关闭')).toBe(true);
    const one = closed.data.list.at(-1)!;
    expect(column(await sheetOf(await owner.raw(w.batchExport, { batch_no: one.batch_no })), 1)).toEqual([one.batch_no]);
    const ops = (await owner.call(w.batchOperators)).data;
    const byOp = await owner.call(w.batchList, { operator_id: ops[0]!.value, page_size: 100 });
    expect(column(await sheetOf(await owner.raw(w.batchExport, { operator_id: ops[0]!.value })), 1)).toEqual(byOp.data.list.map((b) => b.batch_no));
    expect((await sheetOf(await owner.raw(w.batchExport, { start_date: '2000-01-01', end_date: '2000-01-31' }))).actualRowCount).toBe(1);
  });

  it('never holds another centre’s batches', async () => {
    const gz = column(await sheetOf(await owner.raw(w.batchExport)), 1);
    const sz = column(await sheetOf(await szOwner.raw(w.batchExport)), 1);
    const szList = await szOwner.call(w.batchList, { page_size: 100 });
    expect(sz).toEqual(szList.data.list.map((b) => b.batch_no));
    expect(sz.length).toBeGreaterThan(0);
    const gzIds = new Set((await owner.call(w.batchList, { page_size: 100 })).data.list.map((b) => b.id));
    expect(szList.data.list.some((b) => gzIds.has(b.id))).toBe(false);
    // batch numbers are per centre and day, so the same text may occur at both: compare by what each sheet holds
    expect(gz).not.toEqual(sz);
    const szOperators = new Set(column(await sheetOf(await szOwner.raw(w.batchExport)), 3));
    const gzOperators = new Set(column(await sheetOf(await owner.raw(w.batchExport)), 3));
    expect([...szOperators].some((o) => gzOperators.has(o))).toBe(false);
  });

  it('stops at the row cap', async () => {
    const rows = [];
    for await (const r of batchExportRows(t.database.db, batchFilter(ids.gz, batchFilterQuery.parse({})), 2)) rows.push(r);
    expect(rows).toHaveLength(2);
  });

  it('refuses a bad filter with 1001 and a sentence, before any file; other portals get 403', async () => {
    const bad = await owner.raw(w.batchExport, { status: 'x' });
    expect(bad.headers['content-type']).toContain('application/json');
    expect(bad.json()).toMatchObject({ code: 1001, msg: '批次状态只能是进行中或已关闭' });
    expect((await owner.raw(w.batchExport, { start_date: '2026-11-22', end_date: '2026-11-01' })).json()).toMatchObject({ code: 1001, msg: '开始日期不能晚于结束日期' });
    expect((await owner.raw(w.batchExport, { operator_id: 'abc' })).json()).toMatchObject({ code: 1001 });
    const base = caller(t, await t.login('base', '13700000001'));
    expect((await base.raw(w.batchExport)).json()).toMatchObject({ code: 403 });
  });
});
