import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantsApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let admin: ReturnType<typeof caller>;
let base: ReturnType<typeof caller>;
let cuiyu: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, await t.login('manage', '13600000001'));
  base = caller(t, await t.login('base', '13700000001'));
  cuiyu = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

async function sheetOf(res: { rawPayload: Buffer }) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}

describe('GET /admin/v1/Merchant/export', () => {
  it('streams an xlsx with a row per merchant, balance in yuan', async () => {
    const res = await admin.raw(merchantsApi.export, {});
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const ws = await sheetOf(res);
    const headers = (ws.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 5)).toEqual(['商户', '联系人', '手机号', '状态', '余额（元）']);
    const total = (await admin.call(merchantsApi.list)).data.total;
    expect(ws.actualRowCount).toBe(total + 1);
    let cuiyuRow: ExcelJS.Row | undefined;
    ws.eachRow((row) => {
      if (row.getCell(3).value === '13800000001') cuiyuRow = row;
    });
    expect(cuiyuRow!.getCell(1).value).toBe('翠玉轩珠宝');
    expect(cuiyuRow!.getCell(5).value).toBe(500);
    expect(cuiyuRow!.getCell(7).value).toBe('已通过');
  });

  it('applies the list filters', async () => {
    const ws = await sheetOf(await admin.raw(merchantsApi.export, { auth_status_id: -1 }));
    expect(ws.actualRowCount).toBe(2);
    expect(ws.getRow(2).getCell(3).value).toBe('13800000003');
  });

  it('answers 1001 for a bad filter instead of a file', async () => {
    expect((await admin.raw(merchantsApi.export, { status_id: 5 })).json()).toMatchObject({ code: 1001, msg: '状态只能是0（禁用）或1（启用）' });
  });

  it('is for managers only', async () => {
    expect((await base.raw(merchantsApi.export, {})).json()).toMatchObject({ code: 403 });
    expect((await cuiyu.raw(merchantsApi.export, {})).json()).toMatchObject({ code: 403 });
  });
});
