import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeTemplateForms, parseTemplate, readKrFile, sanitizeTemplateHtml, toKr } from '@gemqc/label-designer/model';
import { createTestApp, type TestApp } from '../../../test/app';

const dir = path.resolve(import.meta.dirname, '../../../../../packages/label-designer/test/fixtures/kr');
const raw = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const FIXTURES = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));

interface Answer {
  code: number;
  msg: string;
  data: Record<string, unknown>;
}

describe('kr-print-designer templates through the save API', () => {
  let t: TestApp;
  let token: string;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer> => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: t.auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return res.json() as Answer;
  };
  const save = (name: string, template: unknown) => call('POST', '/warehouse/v1/Template/save', { name, kind: 'order_sheet', template });

  beforeAll(async () => {
    t = await createTestApp();
    token = await t.login('qualityInspection', '13900000001');
  });
  afterAll(async () => t.close());

  it("accepts kr's own file as it is: flags 1/0, Alignment 1|2|3, a table's sample rows, unknown keys kept", async () => {
    const saved = await save('kr 原样', JSON.parse(raw('order-sheet.json')));
    expect(saved.code).toBe(1000);
    const tpl = saved.data.template as { tempItems: Record<string, unknown>[] };
    expect(tpl.tempItems[0]).toMatchObject({ isEdit: true, isEidt: 1, dynamic: false, style: { Bold: true, Alignment: 'center', FontColor: '#000000' } });
    expect(tpl.tempItems[3]).toMatchObject({ defaultValue: [{ productName: '苹果ipone11pro' }, { quantity: 0 }], tabelHtml: '', style: { AutoHeight: true } });
  });

  it('refuses a colour that could leave a style attribute, saying where it is', async () => {
    const bad = JSON.parse(raw('order-sheet.json'));
    bad.tempItems[1].style.FontColor = '#000;background:url(//evil)';
    expect(await save('坏颜色', bad)).toMatchObject({ code: 1001, msg: expect.stringContaining('模板第 2 个组件的样式的字体颜色必须是 #rrggbb 形式的颜色') });
  });

  it('stores braid-html sanitised: no script, no event handler reaches another tenant', async () => {
    const saved = await save('不安全', JSON.parse(raw('unsafe-html.json')));
    expect(saved.code).toBe(1000);
    const detail = await call('GET', `/warehouse/v1/Template/detail?id=${String(saved.data.id)}`);
    const html = JSON.stringify(detail.data.template);
    expect(html).not.toMatch(/<script|onclick|onerror|javascript:|<iframe/i);
    expect(html).toContain('注意');
  });

  for (const name of FIXTURES) {
    it(`${name}: import → save → export round-trips with nothing lost`, async () => {
      const originals = [JSON.parse(raw(name))].flat() as Record<string, unknown>[];
      const imported = readKrFile(raw(name)).templates;
      expect(imported).toHaveLength(originals.length);
      for (const [i, imp] of imported.entries()) {
        expect(imp.issues).toEqual([]);
        const saved = await save(`${name} ${i}`, imp.template);
        expect(saved.code).toBe(1000);
        const detail = await call('GET', `/warehouse/v1/Template/detail?id=${String(saved.data.id)}`);
        const exported = JSON.parse(JSON.stringify(toKr(parseTemplate(detail.data.template))));
        const o = originals[i]!;
        const original = o.pageInfo ? { ...(o.pageInfo as object), tempItems: o.tempItems } : o;
        expect(exported).toMatchObject(sanitizeTemplateHtml(normalizeTemplateForms(original).template as object).template);
      }
    });
  }
});
