// @vitest-environment node
/**
 * Browser print = the C-Lodop result, checked on a real PDF: Chromium prints the document that
 * buildPrintDocument makes, and pdftotext reads each page back with word positions.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem, createTableItem, createTemplate, type DataRow, type Template } from '../src';
import { launchChromium, pageWithPackage } from './chromium';

/** An order sheet 100 × 80 mm: a goods table that grows, a footer linked to it, a header and page numbers on every page. */
function orderSheet(): Template {
  const table = createTableItem(
    [{ name: '_seq', title: '序号' }, { name: 'goods', title: '名称' }, { name: 'qty', title: '数量' }],
    ['_seq', 'goods', 'qty'],
    { name: 'lines', left: 30, top: 40, width: 300, height: 40, style: { AutoHeight: true, BottomMargin: 8, FontSize: 9 } },
  );
  return createTemplate({
    title: 'order-sheet',
    width: 378,
    height: 302,
    pageWidth: 100,
    pageHeight: 80,
    tempItems: [
      createItem('braid-txt', { left: 10, top: 5, width: 250, height: 20, value: '发货清单 {orderNo}', style: { ItemType: 1, FontSize: 11 } }),
      table,
      // below the table: follows its end on its last page
      createItem('braid-txt', { left: 30, top: 90, width: 300, height: 20, value: '合计 {total} 件 签收人____', style: { FontSize: 9 } }),
      createItem('braid-txt', { left: 250, top: 270, width: 120, height: 20, value: '第#页/共&页', style: { ItemType: 2, FontSize: 9 } }),
      createItem('braid-html', { left: 10, top: 270, width: 120, height: 20, value: "<span tdata='pageCount'>共##页</span>", style: { ItemType: 1, FontSize: 9 } }),
    ],
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
const order = (orderNo: string, lines: number): DataRow => ({
  orderNo,
  total: lines,
  lines: Array.from({ length: lines }, (_, i) => ({ goods: `翡翠手镯${pad(i + 1)}号`, qty: i + 1 })),
});

interface Word { text: string; x: number; y: number }

/** Words of one PDF page with their top-left position in pt. */
function wordsOf(pdf: string, page: number): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), pdf, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="(-?[\d.]+)" yMin="(-?[\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]), text: m[3]! }));
}
const texts = (ws: Word[]) => ws.map((w) => w.text).join(' ');
const goodsOn = (ws: Word[]) => ws.filter((w) => /^翡翠手镯\d\d号$/.test(w.text)).map((w) => Number(w.text.slice(4, 6)));

describe('browser print of a batch with a 4-page auto-height table (Chromium → PDF)', () => {
  let browser: Browser;
  let dir: string;
  let pdf: string;
  let pages: Word[][];

  beforeAll(async () => {
    browser = await launchChromium();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gq-print-'));
    const page = await pageWithPackage(browser);
    const rows = [order('DD001', 36), order('DD002', 3)];
    const html = await page.evaluate(
      async ([t, r]) => (window as unknown as { gq: typeof import('../src') }).gq.buildPrintDocument(t, r),
      [orderSheet(), rows] as const,
    );
    await page.setContent(html);
    await page.evaluate(() => document.fonts.ready);
    pdf = path.join(dir, 'batch.pdf');
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    const count = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf], { encoding: 'utf8' }))![1]);
    pages = Array.from({ length: count }, (_, i) => wordsOf(pdf, i + 1));
    // GQ_KEEP_PDF=<folder> keeps the PDF and a PNG of each page there, to look at
    if (process.env.GQ_KEEP_PDF) {
      fs.copyFileSync(pdf, path.join(process.env.GQ_KEEP_PDF, 'batch.pdf'));
      execFileSync('pdftoppm', ['-r', '72', '-png', pdf, path.join(process.env.GQ_KEEP_PDF, 'page')]);
    }
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints the first order on 4 pages and the second on its own fifth page, each at the exact paper size', () => {
    expect(pages).toHaveLength(5);
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '5', pdf], { encoding: 'utf8' });
    // 100 × 80 mm = 283.46 × 226.77 pt on every page
    expect([...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Math.round(Number(m[1])), Math.round(Number(m[2]))])).toEqual(Array(5).fill([283, 227]));
  });

  it('continues the table row after row over pages 1–4: every row once, in order, none cut off', () => {
    const seen = pages.slice(0, 4).map(goodsOn);
    for (const p of seen) expect(p.length).toBeGreaterThan(5);
    expect(seen.flat()).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    // continuation pages start the table at the same top as the first page
    const firstRowY = pages.slice(0, 4).map((ws) => ws.find((w) => w.text.startsWith('翡翠手镯'))!.y);
    expect(Math.max(...firstRowY) - Math.min(...firstRowY)).toBeLessThan(1);
    // and no row runs into the bottom margin (8 mm = 22.7 pt above the 226.8 pt page bottom)
    for (const ws of pages.slice(0, 4)) for (const w of ws.filter((x) => x.text.startsWith('翡翠手镯'))) expect(w.y).toBeLessThan(226.8 - 22.7);
  });

  it('repeats the table header and the header item (ItemType 1) on every page', () => {
    for (const ws of pages) {
      expect(texts(ws)).toContain('序号');
      expect(texts(ws)).toContain('名称');
      expect(texts(ws)).toContain('数量');
    }
    expect(pages.map((ws) => ws.find((w) => w.text === 'DD001' || w.text === 'DD002')?.text)).toEqual(['DD001', 'DD001', 'DD001', 'DD001', 'DD002']);
  });

  it("puts the linked footer right after the table's last row, only on each order's last page", () => {
    const footerPages = pages.map((ws, i) => (texts(ws).includes('合计') ? i + 1 : 0)).filter(Boolean);
    expect(footerPages).toEqual([4, 5]);
    for (const [at, last] of [[3, 36], [4, 3]] as const) {
      const ws = pages[at]!;
      const lastRow = ws.find((w) => w.text === `翡翠手镯${pad(last)}号`)!;
      const footer = ws.find((w) => w.text === '合计')!;
      // the design has the footer 10 px (7.5 pt) under the table; a row is ~12 pt high
      expect(footer.y).toBeGreaterThan(lastRow.y + 5);
      expect(footer.y).toBeLessThan(lastRow.y + 40);
      // the footer keeps its left (30 px = 22.5 pt), the table's own left
      expect(Math.abs(footer.x - 22.5)).toBeLessThan(2);
    }
  });

  it('fills page number and page count across the job (第#页/共&页 and tdata spans)', () => {
    expect(pages.map((ws) => ws.find((w) => /^第\d+页\/共\d+页$/.test(w.text))?.text)).toEqual(['第1页/共5页', '第2页/共5页', '第3页/共5页', '第4页/共5页', '第5页/共5页']);
    for (const ws of pages) expect(texts(ws)).toContain('共5页');
    expect(pages.flat().some((w) => w.text.includes('#'))).toBe(false);
  });

  it('embeds the Chinese fonts as text, not pictures', () => {
    const fonts = execFileSync('pdffonts', [pdf], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    // every font is embedded ("emb") so the PDF prints the same on a machine without them, with a
    // Unicode map ("uni") so its text is text; the Chinese words above were read back from it
    for (const line of fonts) expect(line).toMatch(/\syes\s+(yes|no)\s+yes\s+\d+\s+\d+\s*$/);
  });
});
