import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { demoIds } from '../orders/testkit';
import { recordExportRows, recordFilter } from './service';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;
let jinfu: ReturnType<typeof caller>;
const m = codesApi.merchant;

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

async function sheetOf(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
const column = (ws: ExcelJS.Worksheet, n: number) => Array.from({ length: ws.actualRowCount - 1 }, (_, k) => ws.getRow(k + 2).getCell(n).value);

describe('GET /merchant/v1/Testing/recordExport', () => {
  it('answers an xlsx of the merchant’s records, newest first, with the list’s columns', async () => {
    const res = await cuiyu.raw(m.recordExport);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(String(res.headers['content-disposition'])).toMatch(new RegExp(`filename\\*=UTF-8''${encodeURIComponent('绑码记录-')}\\d{14}\\.xlsx`));
    const ws = await sheetOf(res);
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['标签码', '订单号', '商品', '品类', '绑码时间', '操作人', '状态', '解绑时间', '解绑人']);
    const list = await cuiyu.call(m.recordList, { page_size: 100 });
    expect(ws.actualRowCount - 1).toBe(list.data.total);
    const first = list.data.list[0]!;
    expect((ws.getRow(2).values as unknown[]).slice(1, 7)).toEqual([first.code, first.order_no, first.item_name, first.category_name, expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), '广州番禺检测中心 质检']);
    expect(ws.getRow(2).getCell(7).value).toBe('已绑定');
    expect(column(ws, 1).slice(0, 100)).toEqual(list.data.list.map((x) => x.code));
  });

  it('applies the list’s filters (keyword, dates)', async () => {
    const r = (await cuiyu.call(m.recordList)).data.list[0]!;
    expect(column(await sheetOf(await cuiyu.raw(m.recordExport, { keyword: ` ${r.code} ` })), 1)).toEqual([r.code]);
    const byName = await cuiyu.call(m.recordList, { keyword: '手镯', page_size: 100 });
    const names = column(await sheetOf(await cuiyu.raw(m.recordExport, { keyword: '手镯' })), 3);
    expect(names).toHaveLength(byName.data.total);
    expect(names.every((n) => String(n).includes('手镯'))).toBe(true);
    expect((await sheetOf(await cuiyu.raw(m.recordExport, { start_date: '2000-01-01', end_date: '2000-01-31' }))).actualRowCount).toBe(1);
  });

  it('never holds another merchant’s codes', async () => {
    const mine = new Set(column(await sheetOf(await cuiyu.raw(m.recordExport)), 1));
    const theirs = column(await sheetOf(await jinfu.raw(m.recordExport)), 1);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.some((c) => mine.has(c))).toBe(false);
    const r = (await cuiyu.call(m.recordList)).data.list[0]!;
    expect((await sheetOf(await jinfu.raw(m.recordExport, { keyword: r.code }))).actualRowCount).toBe(1);
  });

  it('stops at the row cap', async () => {
    const { cuiyu: merchantId } = await demoIds(t.database.db);
    const rows = [];
    for await (const r of recordExportRows(t.database.db, recordFilter(merchantId, {}), 5)) rows.push(r);
    expect(rows).toHaveLength(5);
  });

  it('refuses a bad filter with 1001 and a sentence, before any file', async () => {
    const bad = await cuiyu.raw(m.recordExport, { start_date: '2000-13-45' });
    expect(bad.headers['content-type']).toContain('application/json');
    expect(bad.json()).toMatchObject({ code: 1001, msg: '日期不存在，请检查年、月、日' });
    expect((await cuiyu.raw(m.recordExport, { start_date: '2026-11-22', end_date: '2026-11-01' })).json()).toMatchObject({ code: 1001, msg: '开始日期不能晚于结束日期' });
    expect((await cuiyu.raw(m.recordExport, { keyword: 'x'.repeat(51) })).json()).toMatchObject({ code: 1001, msg: '关键词不能超过50个字' });
  });
});
