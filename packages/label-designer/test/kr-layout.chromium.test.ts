// @vitest-environment node
/**
 * kr-print-designer's layout rules, the C-Lodop job and the browser print compared on kr's demo
 * template in a real Chromium: the job's table HTML is laid out the way C-Lodop lays out an HTML
 * table (at the item's width), its linked items placed where C-Lodop puts them (LinkedItem: from the
 * table's end), and the browser print document must show every item at that same place.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildJob, readKrFile, type DataRow, type Template } from '../src';
import { LABEL_FONT } from '../src/model/defaults';
import { launchChromium, pageWithPackage } from './chromium';
import { recordingLodop, type Call } from './fake-lodop';

const demo = (): Template => readKrFile(fs.readFileSync(path.join(import.meta.dirname, 'fixtures/kr/kr-demo.json'), 'utf8')).templates[0]!.template!;
const row: DataRow = {
  warehouseName: '一号仓',
  remark: '易碎轻放',
  totalPrice: '105.00',
  table: (demo().tempItems.find((i) => i.type === 'braid-table')!.defaultValue as DataRow[]),
};

/** Where C-Lodop puts each text of the job: linked items from the table's end, which Chromium measures. */
async function lodopPlaces(page: Page, t: Template): Promise<{ tableHeight: number; firstColumn: number; texts: Map<string, { top: number; left: number }> }> {
  const lodop = recordingLodop();
  buildJob(lodop, t, [row]);
  const calls = lodop.calls;
  const table = calls.find((c) => c[0] === 'ADD_PRINT_TABLE') as Call;
  const [, tTop, tLeft, tWidth, , html] = table as [string, number, number, number, string, string];
  const size = await page.evaluate(
    ([w, h, font]) => {
      const box = document.createElement('div');
      // C-Lodop's default face is 宋体; LABEL_FONT is the browser path's stand-in for it
      box.style.cssText = `position:absolute;left:0;top:0;width:${w}px;font-family:${font}`;
      box.innerHTML = h;
      document.body.appendChild(box);
      const r = { height: box.querySelector('table')!.getBoundingClientRect().height, first: box.querySelector('th')!.getBoundingClientRect().width };
      box.remove();
      return r;
    },
    [tWidth, html, LABEL_FONT] as const,
  );
  const texts = new Map<string, { top: number; left: number }>();
  calls.forEach((c, i) => {
    if (c[0] !== 'ADD_PRINT_TEXT') return;
    const [, top, left, , , text] = c as [string, number, number, number, number, string];
    // the style calls up to the next ADD_ belong to this item
    const next = calls.slice(i + 1).findIndex((d) => d[0].startsWith('ADD_'));
    const linked = calls.slice(i + 1, next < 0 ? undefined : i + 1 + next).some((d) => d[2] === 'LinkedItem');
    texts.set(text, linked ? { top: tTop + size.height + top, left: tLeft + left } : { top, left });
  });
  return { tableHeight: size.height, firstColumn: size.first, texts };
}

/** Where the browser print document shows each text item, relative to its sheet. */
async function browserPlaces(page: Page, t: Template): Promise<{ tableHeight: number; firstColumn: number; texts: Map<string, { top: number; left: number }> }> {
  const html = await page.evaluate(async ([tt, r]) => (window as unknown as { gq: typeof import('../src') }).gq.buildPrintDocument(tt, [r]), [t, row] as const);
  const frame = await page.evaluate((h) => {
    const f = document.createElement('iframe');
    f.style.cssText = 'width:1200px;height:900px';
    document.body.appendChild(f);
    f.contentDocument!.open();
    f.contentDocument!.write(h);
    f.contentDocument!.close();
    const doc = f.contentDocument!;
    const sheet = doc.querySelector('.gq-sheet')!.getBoundingClientRect();
    const texts: [string, { top: number; left: number }][] = [];
    for (const el of Array.from(doc.querySelectorAll<HTMLElement>('.gq-sheet [style*="position:absolute"]'))) {
      if (el.querySelector('table') || el.children.length > 1) continue;
      const text = el.textContent ?? '';
      if (!text) continue;
      const r = el.getBoundingClientRect();
      texts.push([text, { top: Math.round(r.top - sheet.top), left: Math.round(r.left - sheet.left) }]);
    }
    const table = doc.querySelector('table')!;
    const res = { tableHeight: table.getBoundingClientRect().height, firstColumn: table.querySelector('th')!.getBoundingClientRect().width, texts };
    f.remove();
    return res;
  }, html);
  return { ...frame, texts: new Map(frame.texts) };
}

describe("kr's demo template: the same layout in the C-Lodop job and the browser print (Chromium)", () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await launchChromium();
    page = await pageWithPackage(browser);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('a first column that is not 序号 keeps its width, so the table grows as in kr (not squeezed to 30 px)', async () => {
    const lodop = await lodopPlaces(page, demo());
    const browserSide = await browserPlaces(page, demo());
    expect(lodop.firstColumn).toBeGreaterThan(40);
    expect(Math.abs(browserSide.firstColumn - lodop.firstColumn)).toBeLessThanOrEqual(1);
    // designed 90 px; kr's own print is ~290 px tall with these two rows of serial numbers
    expect(lodop.tableHeight).toBeGreaterThan(150);
    expect(lodop.tableHeight).toBeLessThan(400);
    expect(Math.abs(browserSide.tableHeight - lodop.tableHeight)).toBeLessThanOrEqual(1);
  });

  it('a 序号 column is the only narrow one: 30 px in both paths', async () => {
    const t = demo();
    const table = t.tempItems.find((i) => i.type === 'braid-table')!;
    table.columns = [{ name: '_seq', title: '序号' }, ...table.columns!];
    const lodop = await lodopPlaces(page, t);
    const browserSide = await browserPlaces(page, t);
    // 30 px wide plus its padding (2 + 2) and border
    expect(lodop.firstColumn).toBeCloseTo(35, 0);
    expect(browserSide.firstColumn).toBeCloseTo(35, 0);
  });

  it('items beside and below the growing table move down with it; items at its top stay; both paths agree', async () => {
    const t = demo();
    const lodop = await lodopPlaces(page, t);
    const browserSide = await browserPlaces(page, t);
    const grow = lodop.tableHeight - 90;
    const at = (m: Map<string, { top: number; left: number }>, prefix: string) => [...m].find(([k]) => k.startsWith(prefix))![1];
    // beside the table (top 100 > the table's 60): moves by the growth, as kr links it
    expect(at(lodop.texts, '备注').top).toBeCloseTo(100 + grow, 0);
    // below it
    expect(at(lodop.texts, '合计金额').top).toBeCloseTo(170 + grow, 0);
    expect(at(lodop.texts, '客户签收').top).toBeCloseTo(170 + grow, 0);
    // at the table's own top, and the header (ItemType 1): where designed
    expect(at(lodop.texts, '仓库')).toEqual({ top: 60, left: 560 });
    expect(at(lodop.texts, '标准出库单')).toEqual({ top: 10, left: 0 });
    for (const [text, place] of lodop.texts) {
      const b = browserSide.texts.get(text);
      expect(b, text).toBeDefined();
      expect(Math.abs(b!.top - place.top), `${text} top`).toBeLessThanOrEqual(1);
      expect(Math.abs(b!.left - place.left), `${text} left`).toBeLessThanOrEqual(1);
    }
  });
});
