import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { testConfig } from '../../config';
import { printLicense } from './service';

interface Answer {
  code: number;
  msg: string;
  data: Record<string, { printer_name: string; printer_index: number | null; device_kind: string } | null> | null;
}

describe('Printer configuration and print licence', () => {
  let t: TestApp;
  let warehouse: string;
  let warehouse2: string;
  let clerk: string;
  let base: string;
  let trader: string;

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer> => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: t.auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return res.json() as Answer;
  };

  beforeAll(async () => {
    t = await createTestApp({
      config: { clodop: { companyName: '广州番禺检测中心有限公司', license: 'LIC-123', licenseA: 'LIC-A', licenseB: 'LIC-B' } },
    });
    warehouse = await t.login('qualityInspection', '13900000001');
    warehouse2 = await t.login('qualityInspection', '13900000009');
    clerk = await t.login('qualityInspection', '13900000002');
    base = await t.login('base', '13700000001');
    trader = await t.login('trader', '13800000001');
  });
  afterAll(async () => t.close());

  it('answers no printer for each device kind before one is chosen', async () => {
    const r = await call(warehouse, 'GET', '/warehouse/v1/Printer/get');
    expect(r).toMatchObject({ code: 1000, data: { base_printer: null, logistic_printer_device: null } });
  });

  it('refuses a printer index beyond any printer list with a sentence (it overflowed the column: a 500)', async () => {
    const r = await call(warehouse, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: 'Godex G500', printer_index: 2 ** 31 });
    expect(r).toMatchObject({ code: 1001, msg: expect.stringContaining('打印机序号不正确') });
  });

  it('stores the chosen printer per device kind for the account, and clears it with an empty name', async () => {
    const set = await call(warehouse, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: 'Godex G500', printer_index: 2 });
    expect(set.data!.base_printer).toMatchObject({ printer_name: 'Godex G500', printer_index: 2 });
    await call(warehouse, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'logistic_printer_device', printer_name: '  DELI DL-888T  ' });
    const again = await call(warehouse, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: 'TSC TTP-244', printer_index: 0 });
    expect(again.data!.base_printer).toMatchObject({ printer_name: 'TSC TTP-244', printer_index: 0 });
    const got = await call(warehouse, 'GET', '/warehouse/v1/Printer/get');
    expect(got.data).toMatchObject({
      base_printer: { device_kind: 'base_printer', printer_name: 'TSC TTP-244', printer_index: 0 },
      logistic_printer_device: { device_kind: 'logistic_printer_device', printer_name: 'DELI DL-888T', printer_index: null },
    });
    const cleared = await call(warehouse, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'logistic_printer_device', printer_name: '' });
    expect(cleared.data!.logistic_printer_device).toBeNull();
    expect(cleared.data!.base_printer!.printer_name).toBe('TSC TTP-244');
  });

  it("one account's choice is not another's (each PC has its own printers)", async () => {
    expect((await call(warehouse2, 'GET', '/warehouse/v1/Printer/get')).data!.base_printer).toBeNull();
    await call(base, 'POST', '/center/v1/Printer/set', { device_kind: 'base_printer', printer_name: '客服前台打印机' });
    expect((await call(base, 'GET', '/center/v1/Printer/get')).data!.base_printer!.printer_name).toBe('客服前台打印机');
    expect((await call(warehouse, 'GET', '/warehouse/v1/Printer/get')).data!.base_printer!.printer_name).toBe('TSC TTP-244');
  });

  it("keeps each printer's calibration (mm, 0.1 mm steps) with the choice: kept when only the index changes, reset for another printer", async () => {
    const set = await call(warehouse2, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: 'TSC TTP-244', printer_index: 0, offset_top_mm: 1.54, offset_left_mm: -2 });
    expect(set.data!.base_printer).toMatchObject({ printer_name: 'TSC TTP-244', offset_top_mm: 1.5, offset_left_mm: -2 });
    const moved = await call(warehouse2, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: 'TSC TTP-244', printer_index: 3 });
    expect(moved.data!.base_printer).toMatchObject({ printer_index: 3, offset_top_mm: 1.5, offset_left_mm: -2 });
    const other = await call(warehouse2, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: 'Godex G500' });
    expect(other.data!.base_printer).toMatchObject({ printer_name: 'Godex G500', offset_top_mm: 0, offset_left_mm: 0 });
    const far = await call(warehouse2, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: 'Godex G500', offset_top_mm: 80 });
    expect(far).toMatchObject({ code: 1001, msg: expect.stringContaining('上边距校准不能大于 50 毫米') });
    const text = await call(warehouse2, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: 'Godex G500', offset_left_mm: 'abc' });
    expect(text).toMatchObject({ code: 1001, msg: expect.stringContaining('左边距校准必须是数字') });
    await call(warehouse2, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: '' });
  });

  it('refuses an unknown device kind with a zh-CN message (1001)', async () => {
    const r = await call(warehouse, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'fax', printer_name: 'x' });
    expect(r.code).toBe(1001);
    expect(r.msg).toContain('打印设备类型不正确');
  });

  it('a sub-account without printer.config reads its choice but may not change it (1003)', async () => {
    expect((await call(clerk, 'GET', '/warehouse/v1/Printer/get')).code).toBe(1000);
    expect((await call(clerk, 'POST', '/warehouse/v1/Printer/set', { device_kind: 'base_printer', printer_name: 'x' })).code).toBe(1003);
  });

  it('answers the C-Lodop licence from configuration in the warehouse, service-centre and merchant portals', async () => {
    const want = { company_name: '广州番禺检测中心有限公司', license: 'LIC-123', licenseA: 'LIC-A', licenseB: 'LIC-B' };
    for (const [token, url] of [
      [warehouse, '/warehouse/v1/Print/license'],
      [base, '/center/v1/Print/license'],
      [trader, '/merchant/v1/Print/license'],
    ] as const) {
      const r = await call(token, 'GET', url);
      expect(r, url).toMatchObject({ code: 1000, data: want });
    }
    expect((await call(trader, 'GET', '/warehouse/v1/Print/license')).code).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/center/v1/Print/license' });
    expect(anonymous.json()).toMatchObject({ code: 403 });
  });

  it('reads the licence from the CLODOP_LICENSE_* variables (empty when unset: nothing is built in)', () => {
    const cfg = testConfig({}, { CLODOP_LICENSE_COMPANY: '某公司', CLODOP_LICENSE: 'L', CLODOP_LICENSE_A: 'A', CLODOP_LICENSE_B: 'B' });
    expect(printLicense(cfg)).toEqual({ company_name: '某公司', license: 'L', licenseA: 'A', licenseB: 'B' });
    expect(printLicense(testConfig())).toEqual({ company_name: '', license: '', licenseA: '', licenseB: '' });
  });
});
