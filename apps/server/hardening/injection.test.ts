import { createItem, createTemplate } from '@gemqc/label-designer/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, type Operation, type Schema } from './openapi';
import { buildWorld, call, validRequest, xlsxCells, type CallerName, type World } from './world';

/**
 * Injection of issue 13: markup and formula payloads in every writable text field and in template
 * fields never reach a page, a browser print document, a C-Lodop job or an export unescaped or as
 * a formula.
 */

const MARKUP = '<img src=x onerror=alert(1)>';
const payloads = [MARKUP, '=HYPERLINK("http://evil.example","点我")', '+cmd|" /C calc"!A0', '@SUM(1+1)', '-1+1', '<script>alert(2)</script>'];
/** What must never be found live in markup: an event handler, a script, a javascript: URL. */
const LIVE_MARKUP = /<img[^>]*onerror|<script|<[a-z][^>]*\son\w+\s*=|<[a-z][^>]*=\s*["']?\s*javascript:/i;
/** A cell a spreadsheet would run: starts like a formula and is not quoted. */
const FORMULA_CELL = /^[=+@\t\r]|^-[^\d\s]|^-\d+[+*/^&-]/;

const ownerOf: Record<string, CallerName> = { trader: 'merchantA', qualityInspection: 'inspectorX', base: 'centreX', manage: 'manager' };

/** Free-text fields of a JSON body: strings without a pattern, an enum or an id meaning. */
function textFields(s: Schema | null): string[] {
  return Object.entries(s?.properties ?? {})
    .filter(([, v]) => v.type === 'string' && !v.pattern && !v.enum && !v['x-gemqc-ref'] && !v.format)
    .map(([k]) => k);
}

let w: World;
let ops: Operation[];
beforeAll(async () => {
  w = await buildWorld();
  ops = operationsOf(w.t.app);
});
afterAll(async () => {
  await w?.t.close();
});

describe('markup and formulas typed into the API stay data', () => {
  const written: string[] = [];

  it('every writable text field takes the payloads (or refuses them with a readable 1001)', async () => {
    let i = 0;
    for (const op of ops.filter((o) => o.method === 'POST' && o.auth !== 'public' && !/logout|login|password|Account\/status|Merchant\/status/i.test(o.url))) {
      const fields = textFields(op.body);
      if (!fields.length) continue;
      const caller = w.callers[ownerOf[(op.auth as string[])[0]!]!];
      const { body } = validRequest(op, (kind) => w.refValue(kind, op.url));
      const evil = { ...(body as object) } as Record<string, unknown>;
      for (const f of fields) evil[f] = payloads[i++ % payloads.length];
      const res = await call(w.t, caller.token, 'POST', op.url, evil);
      expect(res.statusCode, `${op.url} ${res.body}`).toBeLessThan(500);
      written.push(`${op.url}: ${fields.join(',')}`);
    }
    // the order A makes is the one every export below must show safely
    const order = await call(w.t, w.callers.merchantA.token, 'POST', '/api/merchant/v1/Testing/orderCreate', {
      centre_id: w.centreX,
      buyer_name: '=HYPERLINK("http://e.x","x")',
      buyer_phone: '13900003333',
      buyer_address: `${MARKUP} 广东省广州市番禺区注入测试路4号`,
      remark: '+cmd|" /C calc"!A0',
      items: [{ name: '@SUM(1+1)', category_id: w.refValue('category', ''), declared_value: 1000 }],
    });
    expect(order.json().code, order.body).toBe(1000);
    console.log('[hardening] injection: text fields written', written.length);
    expect(written.length).toBeGreaterThan(10);
  });

  it('no API answer is a page: JSON or a file, never text/html, never sniffed', async () => {
    for (const op of ops.filter((o) => o.method === 'GET' && o.auth !== 'public')) {
      const caller = w.callers[ownerOf[(op.auth as string[])[0]!]!];
      const { query } = validRequest(op, (kind) => w.refValue(kind, op.url));
      const res = await call(w.t, caller.token, 'GET', op.url, undefined, query);
      expect(String(res.headers['content-type']), op.url).not.toMatch(/text\/html/);
      expect(res.headers['x-content-type-options'], op.url).toBe('nosniff');
    }
  });

  it('every Excel export writes typed formulas as quoted text, none as a formula', async () => {
    const exportOps = ops.filter((o) => o.method === 'GET' && /export/i.test(o.url));
    expect(exportOps.length).toBeGreaterThan(5);
    let cells = 0;
    const bad: string[] = [];
    let sawQuoted = false;
    for (const op of exportOps) {
      const callers = op.auth === 'public' ? [] : (op.auth as string[]).map((t) => w.callers[ownerOf[t]!]);
      for (const caller of callers) {
        // only the parameters an export requires: an optional filter (a shop, a category) would leave out the order above
        const required = new Set(op.query.filter((q) => q.required).map((q) => q.name));
        const query = Object.fromEntries(Object.entries(validRequest(op, (kind) => w.refValue(kind, op.url)).query).filter(([k]) => required.has(k)));
        const res = await call(w.t, caller.token, 'GET', op.url, undefined, query);
        if (!String(res.headers['content-type']).includes('spreadsheetml')) continue;
        for (const c of await xlsxCells(res.rawPayload)) {
          cells++;
          if (c.startsWith("'=HYPERLINK") || c.startsWith("'+cmd") || c.startsWith("'@SUM")) sawQuoted = true;
          if (FORMULA_CELL.test(c)) bad.push(`${op.url} as ${caller.name}: ${c.slice(0, 60)}`);
        }
      }
    }
    console.log('[hardening] injection: export cells read', cells, 'formula cells', bad.length);
    expect(bad).toEqual([]);
    expect(sawQuoted, 'the payloads reached an export (quoted)').toBe(true);
  });
});

describe('template fields: the label designer prints data, never markup', () => {
  const evilHtml = `${MARKUP}<script>alert(2)</script><a href="javascript:alert(3)">x</a><b onclick="alert(4)">{item_name}</b>`;
  const template = (colour: string) =>
    createTemplate({
      title: '注入测试',
      width: 300,
      height: 200,
      pageWidth: 80,
      pageHeight: 50,
      tempItems: [
        createItem('braid-html', { left: 0, top: 0, width: 200, height: 40, value: evilHtml, style: { FontColor: colour } }),
        createItem('braid-txt', { left: 0, top: 50, width: 200, height: 20, value: '{item_name}', style: { FontColor: colour } }),
      ],
    });

  it('a colour that breaks out of its style is refused at save with a readable message', async () => {
    const res = await call(w.t, w.callers.inspectorX.token, 'POST', '/api/warehouse/v1/Template/save', {
      name: '注入测试',
      kind: 'certificate_label',
      template: template('#000000;background:url(javascript:alert(1))" onmouseover="alert(1)'),
    });
    expect(res.json().code, res.body).toBe(1001);
    expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('braid-html saved by a centre is stored sanitised: what merchants load has no live markup', async () => {
    const saved = await call(w.t, w.callers.inspectorX.token, 'POST', '/api/warehouse/v1/Template/save', { name: '注入测试', kind: 'certificate_label', template: template('#112233') });
    expect(saved.json().code, saved.body).toBe(1000);
    expect(JSON.stringify(saved.json().data)).not.toMatch(LIVE_MARKUP);
    const detail = await call(w.t, w.callers.inspectorX.token, 'GET', '/api/warehouse/v1/Template/detail', undefined, { id: String(saved.json().data.id) });
    expect(detail.json().code).toBe(1000);
    expect(JSON.stringify(detail.json().data.template)).not.toMatch(LIVE_MARKUP);
  });
});
