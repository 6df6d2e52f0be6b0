import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApi, ordersApi, recordingsApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;
let newbie: ReturnType<typeof caller>;
let base: ReturnType<typeof caller>;
let baseSz: ReturnType<typeof caller>;
let centreGz: string;
let jade: string;
const m = ordersApi.merchant;

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
  newbie = caller(t, await t.login('trader', '13800000003'));
  base = caller(t, await t.login('base', '13700000001'));
  baseSz = caller(t, await t.login('base', '13700000009'));
  centreGz = (await cuiyu.call(catalogueApi.stationList)).data.find((s) => s.code === 'GZPY')!.id;
  jade = (await cuiyu.call(catalogueApi.gemList)).data.find((g) => g.code === 'FC')!.id;
});
afterAll(async () => t.close());

const newOrder = (over: Record<string, unknown> = {}) => ({
  centre_id: centreGz,
  buyer_name: '陈小姐',
  buyer_phone: '13800138000',
  buyer_address: '广东省深圳市南山区科技园南区粤海街道8号',
  items: [{ name: '冰种翡翠手镯', category_id: jade, weight: 52.3, declared_value: 880000 }],
  ...over,
});

describe('GET /merchant/v1/Testing/orderList', () => {
  it('pages the merchant’s orders with masked phones, deadlines, overdue flags and remaining seconds', async () => {
    const a = await cuiyu.call(m.list, { page: 1, page_size: 20 });
    expect(a.code).toBe(1000);
    expect(a.data.total).toBe(200);
    expect(a.data.list).toHaveLength(20);
    const row = a.data.list[0]!;
    expect(row.buyer_phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(row.merchant_name).toBe('翠玉轩珠宝');
    expect(typeof row.ship_deadline).toBe('string');
    const pending = await cuiyu.call(m.list, { status: 'received', page_size: 100 });
    for (const r of pending.data.list) {
      expect(r.remaining_seconds).toBe(Math.floor((Date.parse(r.ship_deadline) - Date.parse(pending.data.server_time)) / 1000));
      expect(r.overdue).toBe(r.remaining_seconds! < 0);
    }
  });

  it('filters by status, overdue, order no, platform order id, waybill, category and date; sorts', async () => {
    const intercepted = await cuiyu.call(m.list, { status: 'intercepted' });
    expect(intercepted.data.total).toBe(2);
    expect(intercepted.data.list.every((r) => r.intercept_reason)).toBe(true);
    const overdue = await cuiyu.call(m.list, { overdue: '1', page_size: 100 });
    expect(overdue.data.total).toBeGreaterThan(0);
    expect(overdue.data.list.every((r) => r.overdue)).toBe(true);
    const any = (await cuiyu.call(m.list, { status: 'shipped', page_size: 1 })).data.list[0]!;
    expect((await cuiyu.call(m.list, { order_no: any.order_no })).data.list.map((r) => r.id)).toEqual([any.id]);
    expect((await cuiyu.call(m.list, { waybill: any.inbound_waybill })).data.list.map((r) => r.id)).toEqual([any.id]);
    expect((await cuiyu.call(m.list, { waybill: any.outbound_waybill })).data.list.map((r) => r.id)).toEqual([any.id]);
    const withPlatform = (await cuiyu.call(m.list, { page_size: 50 })).data.list.find((r) => r.platform_order_id)!;
    expect((await cuiyu.call(m.list, { platform_order_id: withPlatform.platform_order_id! })).data.list.map((r) => r.id)).toEqual([withPlatform.id]);
    const jadeOnly = await cuiyu.call(m.list, { category_id: jade, page_size: 100 });
    expect(jadeOnly.data.total).toBeGreaterThan(0);
    expect(jadeOnly.data.list.every((r) => r.category_names.includes('翡翠'))).toBe(true);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const todays = await cuiyu.call(m.list, { start_date: today, end_date: today, page_size: 100 });
    expect(todays.data.list.every((r) => new Date(Date.parse(r.created_at) + 8 * 3600_000).toISOString().slice(0, 10) === today)).toBe(true);
    const asc = await cuiyu.call(m.list, { sort_by: 'ship_deadline', sort_order: 'asc', page_size: 50 });
    const ds = asc.data.list.map((r) => Date.parse(r.ship_deadline));
    expect(ds).toEqual([...ds].sort((x, y) => x - y));
  });

  it('refuses bad filters with a message', async () => {
    expect((await cuiyu.call(m.list, { status: 'lost' })).msg).toBe('订单状态不正确');
    expect((await cuiyu.call(m.list, { page_size: 500 })).msg).toBe('每页最多100条');
    expect((await cuiyu.call(m.list, { start_date: '2026/11/01' })).msg).toBe('日期格式应为YYYY-MM-DD');
    expect((await cuiyu.call(m.list, { start_date: '2026-11-10', end_date: '2026-11-01' })).msg).toBe('开始日期不能晚于结束日期');
  });

  it('answers 403 without a session and to another portal', async () => {
    expect((await caller(t, '').call(m.list)).code).toBe(403);
    expect((await base.call(m.list)).code).toBe(403);
  });
});

describe('POST /merchant/v1/Testing/orderCreate, orderWaybill, orderCancel', () => {
  it('creates an order, then enters the waybill (created → awaiting_arrival) and refuses to cancel twice', async () => {
    const created = await cuiyu.call(m.create, newOrder({ platform_order_id: '6912345678901234567' }));
    expect(created.code).toBe(1000);
    expect(created.data.order_no).toMatch(/^JC\d{12}$/);
    const wb = await cuiyu.call(m.waybill, { id: created.data.id, carrier: '顺丰速运', waybill: 'SF1234567890123' });
    expect(wb.data).toEqual({ id: created.data.id, status: 'awaiting_arrival', status_text: '待到仓' });
    expect((await cuiyu.call(m.waybill, { id: created.data.id, carrier: '顺丰速运', waybill: 'SF1234567890123' })).code).toBe(1001);
    const c1 = await cuiyu.call(m.cancel, { id: created.data.id, reason: '买家取消' });
    expect(c1.data.status).toBe('cancelled');
    const c2 = await cuiyu.call(m.cancel, { id: created.data.id });
    expect(c2).toMatchObject({ code: 1001, msg: '订单已取消，请勿重复操作' });
    expect((await cuiyu.call(m.waybill, { id: created.data.id, carrier: '顺丰速运', waybill: 'SF1234567890124' })).msg).toBe('订单已取消，不能录入运单号');
  });

  it('refuses a duplicate platform order and bad input with field messages', async () => {
    await cuiyu.call(m.create, newOrder({ platform_order_id: '6999999999999999999' }));
    expect((await cuiyu.call(m.create, newOrder({ platform_order_id: '6999999999999999999' }))).msg).toMatch(/已创建过检测订单/);
    expect((await cuiyu.call(m.create, newOrder({ items: [] }))).msg).toBe('请至少添加一件检测物品');
    expect((await cuiyu.call(m.create, newOrder({ buyer_phone: '12345' }))).msg).toBe('请输入正确的11位手机号');
    expect((await cuiyu.call(m.create, newOrder({ buyer_name: '' }))).msg).toBe('请输入收件人姓名');
    expect((await cuiyu.call(m.create, newOrder({ items: [{ name: '手镯', category_id: jade, weight: -1 }] }))).msg).toBe('重量必须大于0');
    expect((await cuiyu.call(m.create, newOrder({ centre_id: '999999' }))).msg).toBe('检测中心不存在或已停用，请重新选择');
    expect((await cuiyu.call(m.waybill, { id: '1', carrier: '顺丰', waybill: '12' })).msg).toBe('运单号为6-32位字母或数字');
    expect((await cuiyu.call(m.cancel, {})).code).toBe(1001);
  });

  it('refuses a merchant whose testing authorisation is not approved (the server enforces the gate)', async () => {
    const a = await newbie.call(m.create, newOrder());
    expect(a.code).toBe(1001);
    expect(a.msg).toContain('请先在「检测信息」中提交检测授权');
  });

  it('answers 1004 for an order id that does not exist', async () => {
    expect((await cuiyu.call(m.cancel, { id: '99999999' })).code).toBe(1004);
    expect((await cuiyu.call(m.detail, { id: '99999999' })).code).toBe(1004);
  });
});

describe('GET /merchant/v1/Testing/orderDetail', () => {
  it('gives the order with items, events, inspection results, certificates, recordings and bound codes', async () => {
    const row = (await cuiyu.call(m.list, { status: 'completed', page_size: 1 })).data.list[0]!;
    const d = await cuiyu.call(m.detail, { id: row.id });
    expect(d.code).toBe(1000);
    expect(d.data.events.map((e) => e.to_status)).toEqual(['created', 'awaiting_arrival', 'received', 'inspecting', 'passed', 'bound', 'shipped', 'completed']);
    expect(d.data.inspections.length).toBe(d.data.items.length);
    expect(d.data.certificates.length).toBe(d.data.items.length);
    expect(d.data.certificates[0]!.verify_url).toBe(`/verify/${d.data.certificates[0]!.verify_code}`);
    expect(d.data.codes.length).toBe(d.data.items.length);
    expect(d.data.items.every((i) => i.result === 'pass' && i.inspection_fee! > 0 && i.bound_code)).toBe(true);
    expect(d.data.order.buyer_phone_full).toMatch(/^1\d{10}$/);
    expect(d.data.order.next_statuses).toEqual([]);
    // the list reads its times as ISO text, the detail through Dates: the same row either way
    const { buyer_phone_full: _f, buyer_address: _a, remark: _r, merchant_id: _m, shipped_at: _s, updated_at: _u, next_statuses: _n, platform_sync: _p, ...shown } = d.data.order;
    expect(shown).toEqual(row);
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const video = (await cuiyu.call(recordingsApi.merchant.videoList, { page_size: 1 })).data.list[0]!;
    const withVideo = await cuiyu.call(m.detail, { id: video.order_id });
    expect(withVideo.data.recordings.length).toBeGreaterThan(0);
    expect(withVideo.data.recordings[0]!.url).toMatch(/^\/merchant\/v1\/Testing\/video\?id=\d+&exp=\d+&sig=[0-9a-f]{64}$/);
  });
});

describe('GET /merchant/v1/Testing/orderSheet', () => {
  it('gives print rows with the barcode value, centre address, masked buyer and items', async () => {
    const ids = (await cuiyu.call(m.list, { page_size: 3 })).data.list.map((r) => r.id);
    const a = await cuiyu.call(m.sheet, { ids: ids.join(',') });
    expect(a.code).toBe(1000);
    expect(a.data.list.map((s) => s.id)).toEqual(ids);
    const s = a.data.list[0]!;
    expect(s.barcode).toBe(s.order_no);
    expect(s.centre_address).not.toBe('');
    expect(s.buyer_phone).toContain('****');
    expect(s.items[0]).toMatchObject({ seq: 1 });
  });

  it('carries the inbound carrier and the remark the order-sheet template binds', async () => {
    const created = await cuiyu.call(m.create, newOrder({ remark: '易碎，轻拿轻放' }));
    expect(created.code).toBe(1000);
    const before = (await cuiyu.call(m.sheet, { ids: created.data.id })).data.list[0]!;
    expect(before).toMatchObject({ inbound_carrier: '', inbound_waybill: '', remark: '易碎，轻拿轻放' });
    expect((await cuiyu.call(m.waybill, { id: created.data.id, carrier: '中通快递', waybill: 'ZT7788990011' })).code).toBe(1000);
    const after = (await cuiyu.call(m.sheet, { ids: created.data.id })).data.list[0]!;
    expect(after).toMatchObject({ inbound_carrier: '中通快递', inbound_waybill: 'ZT7788990011', remark: '易碎，轻拿轻放' });
  });

  it('refuses an empty or malformed id list', async () => {
    expect((await cuiyu.call(m.sheet, { ids: '' })).msg).toBe('请选择要打印的订单');
    expect((await cuiyu.call(m.sheet, { ids: '1,abc' })).msg).toBe('订单编号格式不正确');
  });
});

describe('GET /merchant/v1/Testing/orderExport', () => {
  it('streams an xlsx that opens with exceljs and has a row per order of the filter', async () => {
    const res = await cuiyu.raw(m.export, { status: 'completed' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(1).value).toBe('订单号');
    const total = (await cuiyu.call(m.list, { status: 'completed' })).data.total;
    expect(ws.actualRowCount).toBe(total + 1);
    expect(String(ws.getRow(2).getCell(1).value)).toMatch(/^JC\d{12}$/);
  });

  it('导出所选: with ids, exactly those of the merchant’s orders; another merchant’s ids are not in it', async () => {
    const mine = (await cuiyu.call(m.list, { page_size: 4, sort_by: 'order_no', sort_order: 'asc' })).data.list.slice(1);
    const jinfu = caller(t, await t.login('trader', '13800000002'));
    const theirs = (await jinfu.call(m.list, { page_size: 1 })).data.list[0]!;
    const ids = [theirs.id, ...mine.map((r) => r.id)].join(',');
    expect((await jinfu.raw(m.export, { ids })).statusCode).toBe(200);
    const res = await cuiyu.raw(m.export, { ids, sort_by: 'order_no', sort_order: 'asc' });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const out: string[] = [];
    wb.worksheets[0]!.eachRow((row, i) => void (i > 1 && out.push(String(row.getCell(1).value))));
    expect(out).toEqual(mine.map((r) => r.order_no));
  });

  it('answers 1001 for a bad filter instead of a file', async () => {
    const res = await cuiyu.raw(m.export, { start_date: 'yesterday' });
    expect(res.json()).toMatchObject({ code: 1001 });
  });
});

describe('service centre: /center/v1/Order/list, detail, alerts', () => {
  it("lists only the caller centre's orders", async () => {
    const gz = await base.call(ordersApi.center.list, { page_size: 100 });
    const sz = await baseSz.call(ordersApi.center.list, { page_size: 100 });
    expect(gz.code).toBe(1000);
    expect(gz.data.list.every((r) => r.centre_name === '广州番禺检测中心')).toBe(true);
    expect(sz.data.list.every((r) => r.centre_name === '深圳水贝检测中心')).toBe(true);
    const other = sz.data.list[0]!;
    expect((await base.call(ordersApi.center.detail, { id: other.id })).code).toBe(1004);
    expect((await baseSz.call(ordersApi.center.detail, { id: other.id })).code).toBe(1000);
  });

  it('gives the nearest deadline, the overdue count and the intercepted orders with reasons', async () => {
    const a = await base.call(ordersApi.center.alerts);
    expect(a.code).toBe(1000);
    expect(a.data.overdue_count).toBeGreaterThanOrEqual(0);
    if (a.data.nearest_deadline) expect(Date.parse(a.data.nearest_deadline)).toBeGreaterThanOrEqual(Date.parse(a.data.server_time));
    const all = [...a.data.intercepted, ...(await baseSz.call(ordersApi.center.alerts)).data.intercepted];
    expect(all).toHaveLength(2);
    expect(all.every((i) => i.reason.includes('退款'))).toBe(true);
  });

  it('counts an order as overdue once the clock passes its deadline', async () => {
    const before = (await base.call(ordersApi.center.alerts)).data;
    const created = await cuiyu.call(m.create, newOrder());
    expect(created.code).toBe(1000);
    t.clock.advanceSeconds(49 * 3600);
    const after = (await base.call(ordersApi.center.alerts)).data;
    expect(after.overdue_count).toBeGreaterThan(before.overdue_count);
    const row = (await cuiyu.call(m.list, { order_no: created.data.order_no })).data.list[0]!;
    expect(row.overdue).toBe(true);
    expect(row.remaining_seconds).toBeLessThan(0);
  });
});
