import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import certificateLabelTemplate from './builtin/certificate_label.json';

interface Answer {
  code: number;
  msg: string;
  data: Record<string, unknown> & { list?: Record<string, unknown>[] };
}

describe('Template API (warehouse and service-centre portals)', () => {
  let t: TestApp;
  let gzWarehouse: string;
  let gzBase: string;
  let gzClerk: string;
  let szWarehouse: string;
  let trader: string;

  const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer> => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: t.auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return res.json() as Answer;
  };

  beforeAll(async () => {
    t = await createTestApp();
    gzWarehouse = await t.login('qualityInspection', '13900000001');
    gzClerk = await t.login('qualityInspection', '13900000002');
    gzBase = await t.login('base', '13700000001');
    szWarehouse = await t.login('qualityInspection', '13900000009');
    trader = await t.login('trader', '13800000001');
  });
  afterAll(async () => t.close());

  const newTemplate = (title = '新标签') => ({ ...certificateLabelTemplate, title });

  it('creates, reads, updates (version +1), sets default and deletes through the warehouse endpoints', async () => {
    const created = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: '接口标签', kind: 'certificate_label', template: newTemplate() });
    expect(created.code).toBe(1000);
    expect(created.data).toMatchObject({ name: '接口标签', version: 1, is_default: false });
    const id = created.data.id as string;

    const detail = await call(gzWarehouse, 'GET', `/warehouse/v1/Template/detail?id=${id}`);
    expect(detail.data.template).toMatchObject({ title: '新标签', pageWidth: 70, pageHeight: 50 });

    const updated = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { id, version: 1, name: '接口标签2', kind: 'certificate_label', template: newTemplate('改过') });
    expect(updated.data).toMatchObject({ version: 2, name: '接口标签2' });

    const stale = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { id, version: 1, name: '接口标签3', kind: 'certificate_label', template: newTemplate() });
    expect(stale).toMatchObject({ code: 1001, msg: '模板已被他人修改，请刷新后再保存' });

    const def = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/setDefault', { id });
    expect(def.data.is_default).toBe(true);
    const refused = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/delete', { id });
    expect(refused.code).toBe(1001);
    expect(refused.msg).toContain('默认模板，不能删除');

    const list = await call(gzWarehouse, 'GET', '/warehouse/v1/Template/list?kind=certificate_label&page=1&page_size=10');
    const ids = list.data.list!.map((r) => r.id);
    expect(ids).toContain(id);
    const previous = list.data.list!.find((r) => r.id !== id)!;
    expect(previous.is_default).toBe(false);
    expect((await call(gzWarehouse, 'POST', '/warehouse/v1/Template/setDefault', { id: previous.id })).code).toBe(1000);
    expect((await call(gzWarehouse, 'POST', '/warehouse/v1/Template/delete', { id })).code).toBe(1000);
    expect((await call(gzWarehouse, 'GET', `/warehouse/v1/Template/detail?id=${id}`)).code).toBe(1004);
  });

  it("the service-centre portal sees its centre's templates at /center/v1/Template", async () => {
    const list = await call(gzBase, 'GET', '/center/v1/Template/list');
    expect(list.code).toBe(1000);
    expect(list.data.list!.some((r) => r.name === '证书标签（70×50mm）')).toBe(true);
    const def = await call(gzBase, 'GET', '/center/v1/Template/default?kind=order_sheet');
    expect(def.data).toMatchObject({ kind: 'order_sheet', is_default: true });
  });

  it("another centre's template answers 1004 and its data never leaves the server", async () => {
    const list = await call(gzWarehouse, 'GET', '/warehouse/v1/Template/list?kind=certificate_label');
    const id = list.data.list![0]!.id as string;
    const detail = await call(szWarehouse, 'GET', `/warehouse/v1/Template/detail?id=${id}`);
    expect(detail).toMatchObject({ code: 1004, data: null });
    expect((await call(szWarehouse, 'POST', '/warehouse/v1/Template/save', { id, version: 1, name: 'x', kind: 'certificate_label', template: newTemplate() })).code).toBe(1004);
    expect((await call(szWarehouse, 'POST', '/warehouse/v1/Template/delete', { id })).code).toBe(1004);
    expect((await call(szWarehouse, 'POST', '/warehouse/v1/Template/setDefault', { id })).code).toBe(1004);
    const theirs = await call(szWarehouse, 'GET', '/warehouse/v1/Template/list');
    expect(theirs.data.list!.every((r) => r.id !== id)).toBe(true);
  });

  it('bad template JSON answers 1001 with a message saying where the problem is', async () => {
    const badWidth = { ...newTemplate(), tempItems: [...certificateLabelTemplate.tempItems.slice(0, 2), { ...certificateLabelTemplate.tempItems[2]!, width: 'wide' }] };
    const r1 = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: '坏模板', kind: 'certificate_label', template: badWidth });
    expect(r1).toMatchObject({ code: 1001, msg: '模板第 3 个组件的宽度必须是数字' });

    const badType = { ...newTemplate(), tempItems: [{ ...certificateLabelTemplate.tempItems[0]!, type: 'braid-video' }] };
    const r2 = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: '坏模板', kind: 'certificate_label', template: badType });
    expect(r2.code).toBe(1001);
    expect(r2.msg).toContain('模板第 1 个组件的类型不正确');

    const badCode = { ...newTemplate(), tempItems: [{ ...certificateLabelTemplate.tempItems[5]!, style: { codeType: 'Code128X' } }] };
    const r3 = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: '坏模板', kind: 'certificate_label', template: badCode });
    expect(r3.msg).toBe('模板第 1 个组件的样式的条码类型不是支持的条码类型（Code128X）');

    const noItems = { title: 'x', width: 10, height: 10, pageWidth: 10, pageHeight: 10 };
    const r4 = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: '坏模板', kind: 'certificate_label', template: noItems });
    expect(r4).toMatchObject({ code: 1001, msg: '模板的组件列表必须是列表' });

    const negative = { ...newTemplate(), pageWidth: -1 };
    const r5 = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: '坏模板', kind: 'certificate_label', template: negative });
    expect(r5).toMatchObject({ code: 1001, msg: '模板的纸张宽度不能小于 0' });

    const r6 = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: '坏模板', kind: 'certificate_label', template: 'not json' });
    expect(r6.msg).toContain('模板内容必须是 JSON 对象');

    const r7 = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: ' ', kind: 'certificate_label', template: newTemplate() });
    expect(r7).toMatchObject({ code: 1001, msg: '请输入模板名称' });
    const r8 = await call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: 'x', kind: 'sticker', template: newTemplate() });
    expect(r8.msg).toContain('模板类型不正确');
  });

  it('refuses what the designer cannot open: two items with one uuid, a broken sheet, a column written as text (1001, saying where)', async () => {
    const save = (template: unknown) => call(gzWarehouse, 'POST', '/warehouse/v1/Template/save', { name: '坏模板', kind: 'certificate_label', template });
    const [first, second] = certificateLabelTemplate.tempItems;
    const twice = { ...newTemplate(), tempItems: [first!, { ...second!, uuid: first!.uuid }] };
    expect(await save(twice)).toMatchObject({ code: 1001, msg: '模板第 2 个组件的编号与第 1 个重复' });

    expect(await save({ ...newTemplate(), sheet: { columns: 'x' } })).toMatchObject({ code: 1001, msg: '模板的拼版设置的列数必须是数字' });
    expect(await save({ ...newTemplate(), sheet: 5 })).toMatchObject({ code: 1001, msg: expect.stringContaining('模板的拼版设置必须是对象') });
    expect(await save({ ...newTemplate(), sheet: { paperWidth: 0 } })).toMatchObject({ code: 1001, msg: '模板的拼版设置的纸张宽度不能小于 1' });
    const sheetAsText = await save({ ...newTemplate(), sheet: { columns: '2', rows: 3 } });
    expect(sheetAsText.code).toBe(1000);
    expect(sheetAsText.data.template).toMatchObject({ sheet: { columns: 2, rows: 3 } });

    const table = { uuid: 't1', type: 'braid-table', width: 100, height: 40, left: 0, top: 0, columns: ['goods'] };
    expect(await save({ ...newTemplate(), tempItems: [table] })).toMatchObject({ code: 1001, msg: '模板第 1 个组件的已选列第 1 项必须是对象（包含列名 name 和列标题 title）' });
  });

  it('a sub-account without template.manage may read templates but not change them (1003)', async () => {
    expect((await call(gzClerk, 'GET', '/warehouse/v1/Template/list')).code).toBe(1000);
    expect((await call(gzClerk, 'GET', '/warehouse/v1/Template/default?kind=certificate_label')).code).toBe(1000);
    const r = await call(gzClerk, 'POST', '/warehouse/v1/Template/save', { name: '无权限', kind: 'certificate_label', template: newTemplate() });
    expect(r.code).toBe(1003);
  });

  it('a merchant token is refused by the template endpoints (403)', async () => {
    expect((await call(trader, 'GET', '/warehouse/v1/Template/list')).code).toBe(403);
    expect((await call(trader, 'GET', '/center/v1/Template/list')).code).toBe(403);
  });

  it("a merchant prints with the default order sheet of its default centre; a centre without templates answers the built-in one", async () => {
    const r = await call(trader, 'GET', '/merchant/v1/Template/default?kind=order_sheet');
    expect(r.code).toBe(1000);
    expect(r.data).toMatchObject({ kind: 'order_sheet', is_default: true, name: '检测订单（210×140mm）' });
    const centres = await t.database.db.execute(sql`select id from centres where code = 'SZSB'`);
    const sz = String((centres as unknown as { rows: { id: number }[] }).rows[0]!.id);
    const none = await call(trader, 'GET', `/merchant/v1/Template/default?kind=order_sheet&centre_id=${sz}`);
    expect(none).toMatchObject({ code: 1000, data: { id: '0', kind: 'order_sheet', version: 0, name: '检测订单（210×140mm）' } });
    expect((await call(gzWarehouse, 'GET', '/merchant/v1/Template/default?kind=order_sheet')).code).toBe(403);
  });

  it('fields and sample answer per kind; the sample verifyUrl points at the host the request came to', async () => {
    const f = await call(gzWarehouse, 'GET', '/warehouse/v1/Template/fields?kind=order_sheet');
    const names = (f.data.fields as { name: string }[]).map((x) => x.name);
    expect(names).toEqual(expect.arrayContaining(['orderNo', 'merchantName', 'centreName', 'items']));
    const s = await t.app.inject({ method: 'GET', url: '/api/center/v1/Template/sample?kind=certificate_label', headers: { ...t.auth(gzBase), host: 'qc.example.com' } });
    const row = (s.json() as Answer).data.row as Record<string, unknown>;
    expect(row.verifyUrl).toBe('http://qc.example.com/verify/V8K2M9Q4');
    expect(row.centreName).toBe('广州番禺检测中心');
    expect((await call(gzWarehouse, 'GET', '/warehouse/v1/Template/fields?kind=nope')).code).toBe(1001);
  });
});
