import { describe, expect, it } from 'vitest';
import { buildJob, buildPrintDocument, createItem, createTemplate, parseTemplate, type Lodop } from '../src';

/**
 * Injection of issue 13, template fields: whatever HTML a centre puts in a braid-html item and
 * whatever a bound value holds, the browser print document and the C-Lodop job carry no live
 * markup (C-Lodop has no CSP), and the bound value prints as text.
 */

const MARKUP = '<img src=x onerror=alert(1)>';
const LIVE_MARKUP = /<img[^>]*onerror|<script|<[a-z][^>]*\son\w+\s*=|<[a-z][^>]*=\s*["']?\s*javascript:/i;
const evilHtml = `${MARKUP}<script>alert(2)</script><a href="javascript:alert(3)">x</a><b onclick="alert(4)">{item_name}</b>`;

/** A template as an attacker would store it: raw JSON, read back through parseTemplate. */
const raw = () =>
  JSON.parse(
    JSON.stringify(
      createTemplate({
        title: '注入测试',
        width: 300,
        height: 200,
        pageWidth: 80,
        pageHeight: 50,
        tempItems: [
          createItem('braid-html', { left: 0, top: 0, width: 200, height: 40, value: evilHtml }),
          createItem('braid-txt', { left: 0, top: 50, width: 200, height: 20, value: '{item_name}' }),
        ],
      }),
    ),
  ) as unknown;
const rows = [{ item_name: MARKUP }];

describe('template fields never reach a print as live markup', () => {
  it('the browser print document: braid-html sanitised, bound values escaped', async () => {
    const doc = await buildPrintDocument(parseTemplate(raw()), rows);
    expect(doc).not.toMatch(LIVE_MARKUP);
    expect(doc).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('the C-Lodop job: its HTML calls sanitised, bound values escaped', () => {
    const calls: unknown[][] = [];
    const lodop = new Proxy({}, { get: (_t, name) => (name === 'CVERSION' || name === 'VERSION' ? '6.6.0.1' : (...args: unknown[]) => (calls.push([name, ...args]), true)) }) as Lodop;
    buildJob(lodop, parseTemplate(raw()), rows);
    // ADD_PRINT_TEXT prints text as text; ADD_PRINT_HTM and ADD_PRINT_TABLE are rendered as HTML
    const html = JSON.stringify(calls.filter((c) => /HTM|TABLE/.test(String(c[0]))));
    expect(html).not.toBe('[]');
    expect(html).not.toMatch(LIVE_MARKUP);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('a colour that would break out of the style attribute is not taken as a colour', () => {
    const t = raw() as { tempItems: { style: Record<string, unknown> }[] };
    t.tempItems[0]!.style.FontColor = '#000;background:url(javascript:alert(1))" onmouseover="alert(1)';
    let parsed: ReturnType<typeof parseTemplate>;
    try {
      parsed = parseTemplate(t);
    } catch {
      return; // refused: fine
    }
    expect(String(parsed.tempItems[0]!.style.FontColor ?? '')).toMatch(/^#[0-9a-fA-F]{6}$|^$/);
  });
});
