import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { templateContent, templateKinds, TEMPLATE_VERSION_CONFLICT, type TemplateContentInput } from '@gemqc/contract';
import type { Database } from '../../db/client';
import { accounts, centres, labelTemplates } from '../../db/schema';
import { builtinContent } from './builtin';
import batchListJson from './builtin/batch_list.json';
import certificateLabelJson from './builtin/certificate_label.json';
import orderSheetJson from './builtin/order_sheet.json';
import { AppError } from '../../platform/errors';
import { createTestDatabase } from '../../../test/db';
import * as service from './service';

const now = new Date('2026-11-21T06:00:00Z');

function content(title: string, extra: Partial<TemplateContentInput> = {}): TemplateContentInput {
  return {
    title,
    width: 265,
    height: 189,
    pageWidth: 70,
    pageHeight: 50,
    imageUrl: '',
    tempItems: [
      {
        uuid: '0123456789',
        type: 'braid-txt',
        name: 'orderNo',
        isEdit: true,
        dragable: true,
        resizable: true,
        width: 120,
        height: 40,
        left: 50,
        top: 0,
        title: '订单号',
        value: '{orderNo}',
        defaultValue: '',
        style: { FontSize: 9, Alignment: 'left' },
      },
    ],
    ...extra,
  };
}

const parse = (c: TemplateContentInput) => templateContent.parse(c);
/** The owner as the audit log's operator of a save. */
const by = (a: service.TemplateActor) => ({ actor: { type: 'qualityInspection' as const, id: a.accountId }, ip: '127.0.0.1' });

async function expectCode(p: Promise<unknown>, code: number, msg?: string | RegExp): Promise<void> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  if (msg) expect((err as AppError).message).toMatch(msg);
}

describe('label templates service', () => {
  let database: Database;
  let gz: service.TemplateActor;
  let sz: service.TemplateActor;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const owner = async (code: string) => {
      const [c] = await db.select({ id: centres.id }).from(centres).where(eq(centres.code, code));
      const [a] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.centreId, c!.id), eq(accounts.userType, 'qualityInspection'), isNull(accounts.parentId)));
      return { centreId: c!.id, accountId: a!.id };
    };
    gz = await owner('GZPY');
    sz = await owner('SZSB');
  });
  afterAll(async () => database.close());

  it('demo seed gives 广州番禺检测中心 a default 70×50 mm certificate label with text, Code128 and QR items, and an order sheet', async () => {
    const list = await service.listTemplates(database.db, gz, { page: 1, page_size: 20 });
    const label = list.list.find((t) => t.kind === 'certificate_label')!;
    expect(label).toMatchObject({ is_default: true, page_width: 70, page_height: 50, version: 1 });
    const detail = await service.getTemplate(database.db, gz, label.id);
    const types = detail.template.tempItems.map((i) => `${i.type}:${String(i.style?.codeType ?? '')}`);
    expect(types).toContain('braid-txt:');
    expect(types).toContain('bar-code:128Auto');
    expect(types).toContain('bar-code:QRCode');
    expect(list.list.some((t) => t.kind === 'order_sheet' && t.is_default)).toBe(true);
  });

  it('the built-in templates are valid template JSON of the contract, read unchanged', () => {
    for (const json of [certificateLabelJson, orderSheetJson, batchListJson]) expect(templateContent.safeParse(json).success).toBe(true);
    expect(builtinContent('batch_list')).toMatchObject({ pageWidth: 210, pageHeight: 297, title: batchListJson.title });
  });

  it('a centre without a default of a kind is answered the built-in template of that kind', async () => {
    const def = await service.getDefaultTemplate(database.db, sz, 'certificate_label');
    expect(def).toMatchObject({ id: '0', version: 0, is_default: true, kind: 'certificate_label', page_width: 70, page_height: 50 });
    expect(def.template).toEqual(builtinContent('certificate_label'));
  });

  it('creates a template at version 1; the first of its kind becomes the default', async () => {
    const t = await service.saveTemplate(database.db, sz, { name: '批次清单A', kind: 'batch_list', template: parse(content('批次清单A')) }, now, by(sz));
    expect(t).toMatchObject({ name: '批次清单A', kind: 'batch_list', version: 1, is_default: true, item_count: 1, updated_by_name: '深圳水贝检测中心 质检' });
    const second = await service.saveTemplate(database.db, sz, { name: '批次清单B', kind: 'batch_list', template: parse(content('批次清单B')) }, now, by(sz));
    expect(second.is_default).toBe(false);
    expect((await service.getTemplate(database.db, sz, t.id)).template.title).toBe('批次清单A');
  });

  it('a save with the loaded version writes version+1; a save with a stale version answers 1001 模板已被他人修改，请刷新后再保存', async () => {
    const t = await service.saveTemplate(database.db, gz, { name: '冲突测试', kind: 'certificate_label', template: parse(content('v1')) }, now, by(gz));
    const a = await service.saveTemplate(database.db, gz, { id: t.id, version: 1, name: '冲突测试', kind: 'certificate_label', template: parse(content('v2 by A')) }, now, by(gz));
    expect(a.version).toBe(2);
    await expectCode(
      service.saveTemplate(database.db, gz, { id: t.id, version: 1, name: '冲突测试', kind: 'certificate_label', template: parse(content('v2 by B')) }, now, by(gz)),
      1001,
      TEMPLATE_VERSION_CONFLICT,
    );
    const stored = await service.getTemplate(database.db, gz, t.id);
    expect(stored.template.title).toBe('v2 by A');
    expect(stored.version).toBe(2);
    await expectCode(service.saveTemplate(database.db, gz, { id: t.id, name: '冲突测试', kind: 'certificate_label', template: parse(content('x')) }, now, by(gz)), 1001, /版本号/);
  });

  it('two saves of the same version at once: exactly one wins, the other gets the conflict message', async () => {
    const t = await service.saveTemplate(database.db, gz, { name: '并发保存', kind: 'order_sheet', template: parse(content('v1')) }, now, by(gz));
    const results = await Promise.allSettled(
      ['A', 'B'].map((who) => service.saveTemplate(database.db, gz, { id: t.id, version: 1, name: '并发保存', kind: 'order_sheet', template: parse(content(who)) }, now, by(gz))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as AppError).message).toBe(TEMPLATE_VERSION_CONFLICT);
    expect((await service.getTemplate(database.db, gz, t.id)).version).toBe(2);
  });

  it('keeps template JSON keys it does not know (the file format of other tools survives a save)', async () => {
    const input = content('extras', { paperKind: 'A4', tempItems: [{ ...content('x').tempItems[0]!, customFlag: 7, style: { FontSize: 9, Letter: 2 }, lodopStyle: { LineSpacing: 3 } }] });
    const t = await service.saveTemplate(database.db, gz, { name: '未知字段', kind: 'batch_list', template: parse(input) }, now, by(gz));
    const back = await service.getTemplate(database.db, gz, t.id);
    expect(back.template.paperKind).toBe('A4');
    expect(back.template.tempItems[0]).toMatchObject({ customFlag: 7, style: { FontSize: 9, Letter: 2 }, lodopStyle: { LineSpacing: 3 } });
  });

  it('setting a default leaves exactly one default per centre and kind (the previous one loses the flag)', async () => {
    const a = await service.saveTemplate(database.db, sz, { name: '标签A', kind: 'certificate_label', template: parse(content('A')) }, now, by(sz));
    const b = await service.saveTemplate(database.db, sz, { name: '标签B', kind: 'certificate_label', template: parse(content('B')) }, now, by(sz));
    expect(a.is_default).toBe(true);
    expect(b.is_default).toBe(false);
    await service.setDefaultTemplate(database.db, sz, b.id);
    expect((await service.getTemplate(database.db, sz, a.id)).is_default).toBe(false);
    expect((await service.getDefaultTemplate(database.db, sz, 'certificate_label'))!.id).toBe(b.id);
    // a save with is_default moves it again
    const c = await service.saveTemplate(database.db, sz, { name: '标签C', kind: 'certificate_label', template: parse(content('C')), is_default: true }, now, by(sz));
    expect(c.is_default).toBe(true);
    // concurrent setDefault calls still end with one default
    await Promise.all([a.id, b.id, c.id, a.id].map((id) => service.setDefaultTemplate(database.db, sz, id)));
    const defaults = await database.db
      .select({ id: labelTemplates.id })
      .from(labelTemplates)
      .where(and(eq(labelTemplates.centreId, sz.centreId!), eq(labelTemplates.kind, 'certificate_label'), eq(labelTemplates.isDefault, true)));
    expect(defaults).toHaveLength(1);
    // the other centre's default is untouched
    expect((await service.getDefaultTemplate(database.db, gz, 'certificate_label'))!.name).toBe('证书标签（70×50mm）');
  });

  it('refuses to delete the default template with a message saying what to do; deletes a non-default one', async () => {
    const def = (await service.getDefaultTemplate(database.db, gz, 'order_sheet'))!;
    await expectCode(service.deleteTemplate(database.db, gz, def.id), 1001, /是默认模板，不能删除；请先把同类的其他模板设为默认/);
    const t = await service.saveTemplate(database.db, gz, { name: '待删除', kind: 'order_sheet', template: parse(content('del')) }, now, by(gz));
    expect(await service.deleteTemplate(database.db, gz, t.id)).toBeNull();
    await expectCode(service.getTemplate(database.db, gz, t.id), 1004);
    await expectCode(service.deleteTemplate(database.db, gz, t.id), 1004);
  });

  it('refuses to change the kind of a default template', async () => {
    const def = (await service.getDefaultTemplate(database.db, gz, 'certificate_label'))!;
    await expectCode(
      service.saveTemplate(database.db, gz, { id: def.id, version: def.version, name: def.name, kind: 'batch_list', template: def.template }, now, by(gz)),
      1001,
      /默认模板不能修改类型/,
    );
  });

  it("another centre's template is not found (1004) for detail, save, delete and setDefault, and stays unchanged", async () => {
    const mine = (await service.getDefaultTemplate(database.db, gz, 'certificate_label'))!;
    await expectCode(service.getTemplate(database.db, sz, mine.id), 1004);
    await expectCode(
      service.saveTemplate(database.db, sz, { id: mine.id, version: mine.version, name: 'hijack', kind: 'certificate_label', template: parse(content('hijack')) }, now, by(sz)),
      1004,
    );
    await expectCode(service.deleteTemplate(database.db, sz, mine.id), 1004);
    await expectCode(service.setDefaultTemplate(database.db, sz, mine.id), 1004);
    const list = await service.listTemplates(database.db, sz, { page: 1, page_size: 100 });
    expect(list.list.some((t) => t.id === mine.id)).toBe(false);
    const after = await service.getTemplate(database.db, gz, mine.id);
    expect(after).toMatchObject({ name: mine.name, version: mine.version, is_default: true });
  });

  it('an account without a centre may not manage templates (1003)', async () => {
    await expectCode(service.listTemplates(database.db, { centreId: null, accountId: 1 }, { page: 1, page_size: 20 }), 1003);
  });

  it('the list filters by kind and keyword (% matches itself), paginates and reports the total', async () => {
    for (let i = 1; i <= 5; i++) {
      await service.saveTemplate(database.db, gz, { name: `分页模板${i}`, kind: 'batch_list', template: parse(content(`p${i}`)) }, now, by(gz));
    }
    await service.saveTemplate(database.db, gz, { name: '100%纯度标签', kind: 'certificate_label', template: parse(content('pct')) }, now, by(gz));
    const page1 = await service.listTemplates(database.db, gz, { page: 1, page_size: 2, keyword: '分页模板', kind: 'batch_list' });
    expect(page1.total).toBe(5);
    expect(page1.list).toHaveLength(2);
    const page3 = await service.listTemplates(database.db, gz, { page: 3, page_size: 2, keyword: '分页模板', kind: 'batch_list' });
    expect(page3.list).toHaveLength(1);
    const pct = await service.listTemplates(database.db, gz, { page: 1, page_size: 20, keyword: '%' });
    expect(pct.list.map((t) => t.name)).toEqual(['100%纯度标签']);
    const labels = await service.listTemplates(database.db, gz, { page: 1, page_size: 100, kind: 'certificate_label' });
    expect(labels.list.every((t) => t.kind === 'certificate_label')).toBe(true);
    expect(labels.list[0]!.is_default).toBe(true);
  });

  it('each kind offers its data fields; order sheet and batch list offer an items table with columns including _seq', () => {
    const label = service.templateFields('certificate_label').fields.map((f) => f.name);
    expect(label).toEqual(expect.arrayContaining(['orderNo', 'itemName', 'conclusion', 'mass', 'certificateNo', 'verifyUrl', 'merchantName', 'centreName']));
    for (const kind of ['order_sheet', 'batch_list'] as const) {
      const items = service.templateFields(kind).fields.find((f) => f.name === 'items')!;
      expect(items.columns!.map((c) => c.name)).toContain('_seq');
    }
  });

  it('the sample row of each kind fills every field, with the caller centre name and a verification address', async () => {
    for (const kind of templateKinds) {
      const { row } = await service.templateSample(database.db, gz, kind, 'https://qc.example.com', now);
      for (const f of service.templateFields(kind).fields) expect(row[f.name], `${kind}.${f.name}`).toBeDefined();
      expect(row.centreName).toBe('广州番禺检测中心');
      if (kind !== 'certificate_label') expect(Array.isArray(row.items) && row.items.length).toBeGreaterThan(0);
    }
    const { row } = await service.templateSample(database.db, sz, 'certificate_label', 'https://qc.example.com', now);
    expect(row.centreName).toBe('深圳水贝检测中心');
    expect(row.verifyUrl).toBe('https://qc.example.com/verify/V8K2M9Q4');
  });
});
