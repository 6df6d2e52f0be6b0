/**
 * Several labels per sheet (issue 14): a 63 × 33 mm label on A4, 3 across × 8 down, previewed from
 * the designer as a full sheet of the sample label —
 *
 * - through the fake C-Lodop (e2e/clodop-fake.ts): one A4 page (SET_PRINT_PAGESIZE 210mm × 297mm),
 *   24 labels each moved to its cell, no NEWPAGEA;
 * - through the browser (no C-Lodop): one `@page` of A4 holding 24 cells, which Chromium prints as
 *   one A4 page with the 24 labels' text at their cells.
 *
 * Serial, holding the C-Lodop port lock like designer-clodop.spec.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { lockClodopPort, startClodopFake, type ClodopFake } from '../clodop-fake';
import { api, loginViaApi, type ApiSession } from '../helpers';

test.describe.configure({ mode: 'serial' });

const SHEET = { paperWidth: 210, paperHeight: 297, columns: 3, rows: 8, marginLeft: 7, marginTop: 15, gapX: 2.5, gapY: 0 };
const PX_PER_MM = 96 / 25.4;

function sheetTemplate(title: string) {
  const common = { isEdit: true, dragable: true, resizable: true, defaultValue: '' };
  return {
    title,
    width: 238,
    height: 125,
    pageWidth: 63,
    pageHeight: 33,
    imageUrl: '',
    sheet: SHEET,
    tempItems: [
      {
        ...common, uuid: 'e2e5000001', type: 'braid-txt', name: 'orderNo', title: '单号', value: '{orderNo}', left: 8, top: 8, width: 220, height: 24,
        style: { zIndex: 0, FontSize: 10, FontColor: '#000000', Bold: false, Italic: false, Underline: false, Alignment: 'left', ItemType: 0 },
      },
      {
        ...common, uuid: 'e2e5000002', type: 'braid-rect', name: '', title: '边框', value: '', left: 2, top: 2, width: 234, height: 121,
        style: { zIndex: 0, FontColor: '#000000', LineStyle: 0, LineWidth: 1, ItemType: 0 },
      },
    ],
  };
}

let session: ApiSession;
let templateId = '';
let orderNo = '';
let releasePort: (() => void) | null = null;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(210_000);
  releasePort = await lockClodopPort();
  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  session = await loginViaApi(page, 'qualityInspection', { path: '/QIconfig/template' });
  await ctx.close();
  const title = `E2E 一页多标签 ${Date.now().toString(36)}`;
  const saved = await api<{ id: string }>('POST', '/warehouse/v1/Template/save', { token: session.token, body: { name: title, kind: 'order_sheet', template: sheetTemplate(title) } });
  expect(saved.code, saved.msg).toBe(1000);
  templateId = saved.data.id;
  const sample = await api<{ row: { orderNo: string } }>('GET', '/warehouse/v1/Template/sample?kind=order_sheet', { token: session.token });
  orderNo = sample.data.row.orderNo;
});

test.afterAll(() => {
  releasePort?.();
  releasePort = null;
});

async function openDesigner(page: Page): Promise<void> {
  await loginViaApi(page, 'qualityInspection', { path: `/QIconfig/template?edit=${templateId}` });
  await expect(page.getByTestId('label-designer')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('designer-item')).toHaveCount(2);
  await page.locator('.tpl-fields .ant-collapse-header').click();
  await expect(page.locator('.tpl-fields')).toContainText(orderNo);
}

test('through C-Lodop: one A4 job page with 24 labels, each in its cell of the 3 × 8 grid', async ({ page }) => {
  const fake: ClodopFake = await startClodopFake();
  try {
    await openDesigner(page);
    await page.getByTestId('btn-preview').click();
    const job = await fake.waitForJob('PREVIEW');
    const calls = job.map((c) => [c.method, ...c.args]);
    expect(calls.filter((c) => c[0] === 'SET_PRINT_PAGESIZE')).toEqual([['SET_PRINT_PAGESIZE', 1, '210mm', '297mm', '']]);
    expect(calls.filter((c) => c[0] === 'NEWPAGEA' || c[0] === 'NEWPAGE')).toEqual([]);
    const texts = calls.filter((c) => c[0] === 'ADD_PRINT_TEXT');
    const rects = calls.filter((c) => c[0] === 'ADD_PRINT_RECT');
    expect(texts).toHaveLength(24);
    expect(rects).toHaveLength(24);
    for (const [i, t] of texts.entries()) {
      const col = i % 3;
      const row = Math.floor(i / 3);
      // the item's own top/left (8 px) plus its cell: margin + index × (label + gap), in px
      expect(Number(t[1])).toBeCloseTo(8 + (15 + row * 33) * PX_PER_MM, 1);
      expect(Number(t[2])).toBeCloseTo(8 + (7 + col * (63 + 2.5)) * PX_PER_MM, 1);
      expect(t[5]).toBe(orderNo);
    }
    expect(rects[0]).toEqual(['ADD_PRINT_RECT', expect.closeTo(2 + 15 * PX_PER_MM, 1), expect.closeTo(2 + 7 * PX_PER_MM, 1), 234, 121, 0, 1]);
  } finally {
    await fake.stop();
  }
});

test('through the browser: one A4 page holding the 24 labels at their cells', async ({ page, browser }) => {
  await page.addInitScript(() => {
    // keep the print document instead of opening the dialog
    const desc = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow')!;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      configurable: true,
      get(this: HTMLIFrameElement) {
        const w = desc.get!.call(this) as (Window & { __patched?: boolean }) | null;
        if (w && !w.__patched) {
          w.__patched = true;
          w.print = () => void ((window as unknown as { __printed: string[] }).__printed ??= []).push(w.document.documentElement.outerHTML);
        }
        return w;
      },
    });
  });
  await openDesigner(page);
  await page.getByTestId('btn-preview').click();
  const msg = page.getByTestId('print-message');
  await expect(msg).toHaveAttribute('data-state', 'not-installed', { timeout: 30_000 });
  await msg.getByTestId('btn-browser-print').click();
  await expect.poll(() => page.evaluate(() => ((window as unknown as { __printed?: string[] }).__printed ?? []).length), { timeout: 30_000 }).toBe(1);
  const html = await page.evaluate(() => (window as unknown as { __printed: string[] }).__printed[0]!);
  expect(html).toMatch(/@page\s*\{\s*size:\s*210mm 297mm;\s*margin:\s*0/);
  expect((html.match(/class="gq-sheet"/g) ?? []).length).toBe(1);
  expect((html.match(/class="gq-cell"/g) ?? []).length).toBe(24);

  // Chromium prints it: one A4 page, the order number 24 times in a 3 × 8 grid
  const ctx = await browser.newContext();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gq-sheet-'));
  try {
    const p = await ctx.newPage();
    await p.setContent(html);
    const pdf = path.join(dir, 'sheet.pdf');
    await p.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+1\n/);
    // A4 is 595.28 × 841.89 pt; Chromium rounds the page to its device pixels (within 1 pt)
    const [w, h] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!.slice(1).map(Number);
    expect(Math.abs(w! - 595.28)).toBeLessThan(1);
    expect(Math.abs(h! - 841.89)).toBeLessThan(1);
    const words = [...execFileSync('pdftotext', ['-bbox', pdf, '-'], { encoding: 'utf8' }).matchAll(/<word xMin="(-?[\d.]+)" yMin="(-?[\d.]+)"[^>]*>([^<]*)<\/word>/g)]
      .filter((m) => m[3] === orderNo)
      .map((m) => [Number(m[1]), Number(m[2])] as const);
    expect(words).toHaveLength(24);
    const MM = 72 / 25.4;
    const xs = [...new Set(words.map(([x]) => Math.round((x / MM - 8 / PX_PER_MM - 7) / 65.5)))].sort();
    const ys = [...new Set(words.map(([, y]) => Math.round((y / MM - 15) / 33)))].sort((a, b) => a - b);
    expect(xs).toEqual([0, 1, 2]);
    expect(ys).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  } finally {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
