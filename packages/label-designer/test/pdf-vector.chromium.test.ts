// @vitest-environment node
/**
 * 下载 PDF is a real PDF (render/pdf.ts): made by the package in Chromium from the browser print's
 * document, then read back with poppler — pdftotext finds the Chinese text (searchable), pdffonts
 * shows the fonts embedded with a Unicode map, pdfimages finds no picture (barcodes are vectors),
 * and zbarimg decodes the barcodes from a 300 dpi rendering (pdftoppm -r 300). Copies, sheets
 * (sheetPlan) and the printer's calibration offset are those of the browser print.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem, createTemplate, readKrFile, sheetPlan, type DataRow, type SheetLayout, type Template } from '../src';
import { launchChromium, pageWithPackage } from './chromium';

const KR_DIR = path.resolve(import.meta.dirname, 'fixtures/kr');
const FONT_DIR = path.resolve(import.meta.dirname, '../../../node_modules/@fontsource/noto-sans-sc/files');
const MM_TO_PT = 72 / 25.4;

const certificateLabel = (sheet?: SheetLayout): Template =>
  createTemplate({
    title: 'cert-label',
    pageWidth: 70,
    pageHeight: 50,
    ...(sheet ? { sheet } : {}),
    tempItems: [
      createItem('braid-txt', { left: 10, top: 8, width: 240, height: 22, value: '鉴定结论：{conclusion}', style: { FontSize: 11, Bold: true } }),
      createItem('braid-txt', { left: 10, top: 32, width: 240, height: 20, value: '证书编号 {certNo}', style: { FontSize: 9 } }),
      createItem('bar-code', { left: 10, top: 60, width: 170, height: 60, value: '{certNo}', style: { codeType: '128Auto', ShowBarText: false } }),
      createItem('bar-code', { left: 190, top: 60, width: 70, height: 70, value: '{verifyUrl}', style: { codeType: 'QRCode' } }),
      createItem('braid-rect', { left: 4, top: 4, width: 256, height: 176, style: { LineWidth: 1 } }),
    ],
  });

const row = (i: number): DataRow => ({ conclusion: i % 2 ? '天然翡翠（A货）' : '天然和田玉', certNo: `GZPY26112200${String(i).padStart(2, '0')}`, verifyUrl: `https://gemqc.example/v/GZPY26112200${String(i).padStart(2, '0')}` });

interface Made {
  file: string;
  pages: number;
  sizes: [number, number][];
}

describe('下载 PDF: text as text, barcodes as vectors, copies and calibration (Chromium → poppler, zbar)', () => {
  let browser: Browser;
  let page: Page;
  let dir: string;

  /** The package's renderPdf in the page, the font chunks read from @fontsource/noto-sans-sc. */
  async function make(name: string, template: Template, rows: DataRow[], opts: { copies?: number; offset?: { top: number; left: number } } = {}): Promise<Made> {
    const b64 = await page.evaluate(
      async ([t, r, o]) => {
        const gq = (window as unknown as { gq: typeof import('../src') }).gq;
        const font = (window as unknown as { gqFont(c: string, w: number): Promise<string> }).gqFont;
        const fonts = { load: async (c: string, w: 400 | 700) => Uint8Array.from(atob(await font(c, w)), (ch) => ch.charCodeAt(0)) };
        const blob = await gq.renderPdf(t, r, { ...o, fonts });
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let s = '';
        for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(s);
      },
      [template, rows, opts] as const,
    );
    const file = path.join(dir, `${name}.pdf`);
    fs.writeFileSync(file, Buffer.from(b64, 'base64'));
    if (process.env.GQ_KEEP_PDF) fs.copyFileSync(file, path.join(process.env.GQ_KEEP_PDF, `${name}.pdf`));
    const info = execFileSync('pdfinfo', ['-f', '1', '-l', '999', file], { encoding: 'utf8' });
    const sizes = [...info.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+) pts/g)].map((m) => [Number(m[1]), Number(m[2])] as [number, number]);
    return { file, pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), sizes };
  }

  const words = (file: string, pageNo: number) =>
    [...execFileSync('pdftotext', ['-bbox', '-f', String(pageNo), '-l', String(pageNo), file, '-'], { encoding: 'utf8' }).matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]*)<\/word>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      text: m[3]!,
    }));

  /** Every barcode zbar reads on a page rendered at 300 dpi. */
  function decoded(file: string, pageNo: number): string[] {
    const png = path.join(dir, `p${pageNo}`);
    execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', '-f', String(pageNo), '-l', String(pageNo), file, png]);
    const out = execFileSync('zbarimg', ['-q', `${png}.png`], { encoding: 'utf8' });
    return out.split('\n').filter(Boolean).sort();
  }

  beforeAll(async () => {
    browser = await launchChromium();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gq-pdf-'));
    page = await pageWithPackage(browser);
    await page.exposeFunction('gqFont', (chunk: string, weight: number) =>
      fs.readFileSync(path.join(FONT_DIR, `noto-sans-sc-${chunk.replace(/^\[(\d+)\]$/, '$1')}-${weight}-normal.woff`)).toString('base64'),
    );
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds the label as searchable Chinese text in embedded Noto Sans SC subsets, no picture in it', async () => {
    const pdf = await make('one', certificateLabel(), [row(1)]);
    expect(pdf.pages).toBe(1);
    expect(pdf.sizes[0]![0]).toBeCloseTo(70 * MM_TO_PT, 1);
    expect(pdf.sizes[0]![1]).toBeCloseTo(50 * MM_TO_PT, 1);
    const text = execFileSync('pdftotext', ['-layout', pdf.file, '-'], { encoding: 'utf8' });
    expect(text).toContain('鉴定结论：天然翡翠（A货）');
    expect(text).toContain('证书编号 GZPY2611220001');
    const fonts = execFileSync('pdffonts', [pdf.file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    // every font embedded ("emb" yes) with a Unicode map ("uni" yes); regular and bold
    for (const line of fonts) expect(line).toMatch(/NotoSansSC.*\syes\s+(yes|no)\s+yes\s+\d+\s+\d+\s*$/);
    // barcodes and the frame are paths: the PDF holds no image at all
    expect(execFileSync('pdfimages', ['-list', pdf.file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean)).toEqual([]);
    // subset fonts: the whole label stays small
    expect(fs.statSync(pdf.file).size).toBeLessThan(150_000);
  }, 60_000);

  it('draws Code 128 and QR as vectors that zbar decodes at 300 dpi', async () => {
    const pdf = await make('codes', certificateLabel(), [row(7)]);
    expect(decoded(pdf.file, 1)).toEqual(['CODE-128:GZPY2611220007', 'QR-Code:https://gemqc.example/v/GZPY2611220007']);
  }, 60_000);

  it('prints the sheets and copies of sheetPlan: 5 labels, 2 × 2 to a sheet, 2 copies = 4 pages, each copy from a new sheet', async () => {
    const sheet: SheetLayout = { paperWidth: 150, paperHeight: 110, columns: 2, rows: 2, marginLeft: 4, marginTop: 4, gapX: 2, gapY: 2 };
    const t = certificateLabel(sheet);
    const rows = [1, 2, 3, 4, 5].map(row);
    const pdf = await make('sheets', t, rows, { copies: 2 });
    expect(pdf.pages).toBe(sheetPlan(t, 5, 2).sheets);
    expect(pdf.pages).toBe(4);
    for (const [w, h] of pdf.sizes) {
      expect(w).toBeCloseTo(150 * MM_TO_PT, 1);
      expect(h).toBeCloseTo(110 * MM_TO_PT, 1);
    }
    const certs = (p: number) => words(pdf.file, p).filter((w) => /^GZPY/.test(w.text)).map((w) => w.text).sort();
    // copy 1: labels 1–4 then 5 alone; copy 2 the same again
    expect([1, 2, 3, 4].map(certs)).toEqual([
      ['GZPY2611220001', 'GZPY2611220002', 'GZPY2611220003', 'GZPY2611220004'],
      ['GZPY2611220005'],
      ['GZPY2611220001', 'GZPY2611220002', 'GZPY2611220003', 'GZPY2611220004'],
      ['GZPY2611220005'],
    ]);
    expect(decoded(pdf.file, 2)).toEqual(['CODE-128:GZPY2611220005', 'QR-Code:https://gemqc.example/v/GZPY2611220005']);
  }, 120_000);

  it("moves everything by the printer's calibration offset (mm), as the C-Lodop job's PRINT_INITA does", async () => {
    const plain = await make('plain', certificateLabel(), [row(3)]);
    const moved = await make('moved', certificateLabel(), [row(3)], { offset: { top: 3, left: -2 } });
    const at = (file: string) => words(file, 1).find((w) => w.text === 'GZPY2611220003')!;
    const a = at(plain.file);
    const b = at(moved.file);
    expect(b.x - a.x).toBeCloseTo(-2 * MM_TO_PT, 0);
    expect(b.y - a.y).toBeCloseTo(3 * MM_TO_PT, 0);
    expect(decoded(moved.file, 1)).toEqual(['CODE-128:GZPY2611220003', 'QR-Code:https://gemqc.example/v/GZPY2611220003']);
  }, 60_000);

  it('turns an item with Angle as the browser does: its text reads upwards, its line stands upright', async () => {
    const t = createTemplate({
      title: 'angle',
      pageWidth: 70,
      pageHeight: 50,
      tempItems: [
        // Angle 90 (counter-clockwise, as C-Lodop): a 150 × 20 px text box turned about its centre
        createItem('braid-txt', { left: 40, top: 80, width: 150, height: 20, value: '竖排文字ABC', style: { FontSize: 10, Angle: 90 } }),
        createItem('braid-line', { left: 200, top: 20, width: 100, height: 2, style: { Angle: 90, LineWidth: 2 } }),
      ],
    });
    const pdf = await make('angle', t, []);
    // Chromium printing the browser print document is the reference for where the turned word lands
    const html = await page.evaluate(async ([tt]) => (window as unknown as { gq: typeof import('../src') }).gq.buildPrintDocument(tt, []), [t] as const);
    const other = await browser.newPage();
    const ref = path.join(dir, 'angle-chromium.pdf');
    try {
      await other.setContent(html);
      await other.pdf({ path: ref, preferCSSPageSize: true, printBackground: true });
    } finally {
      await other.close();
    }
    /** Dark pixels of a page at 96 dpi (1 px = 1 CSS px), as a lookup. */
    const ink = (file: string, name: string) => {
      const png = path.join(dir, name);
      execFileSync('pdftoppm', ['-r', '96', '-gray', '-singlefile', file, png]);
      const pgm = fs.readFileSync(`${png}.pgm`);
      const [, w, h] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.toString('latin1', 0, 30))!.map(Number) as [number, number, number];
      const pixels = pgm.subarray(pgm.length - w * h);
      return { w, h, dark: (x: number, y: number) => pixels[y * w + x]! < 128 };
    };
    /** The box of the ink left of x = 200 px (the turned text; the line is at x = 250). */
    const textBox = (p: ReturnType<typeof ink>) => {
      let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
      for (let y = 0; y < p.h; y++) for (let x = 0; x < 200; x++) if (p.dark(x, y)) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      return { x0, y0, x1, y1 };
    };
    const mine = ink(pdf.file, 'angle');
    const a = textBox(mine);
    const r = textBox(ink(ref, 'angle-chromium'));
    // it reads upwards: tall and narrow, where Chromium puts it (within 3 px; the fonts differ)
    expect(a.y1 - a.y0).toBeGreaterThan((a.x1 - a.x0) * 3);
    for (const k of ['x0', 'y0', 'x1', 'y1'] as const) expect(Math.abs(a[k] - r[k]), k).toBeLessThanOrEqual(3);
    // the line (100 px long, turned upright about its centre (250, 21), so y from -29 to 71) darkens a column, not a row
    expect([-15, 0, 20, 40].every((dy) => [249, 250, 251].some((x) => mine.dark(x, 21 + dy)))).toBe(true);
    expect(mine.dark(215, 21) || mine.dark(285, 21)).toBe(false);
  }, 60_000);

  /**
   * The Chinese, full-width and printable ASCII characters of each page, sorted: the same text
   * whatever the word breaks (a barcode's text of a code set that cannot hold a placeholder's
   * Chinese is mojibake in both, with control characters each reader treats its own way).
   */
  const pageChars = (file: string, pages: number) =>
    Array.from({ length: pages }, (_, i) =>
      [...execFileSync('pdftotext', ['-f', String(i + 1), '-l', String(i + 1), file, '-'], { encoding: 'utf8' })].filter((c) => /[\p{Script=Han}\x21-\x7e\u3000-\u303f\uff00-\uffef]/u.test(c)).sort().join(''),
    );

  for (const name of ['order-sheet.json', 'certificate-labels.json', 'batch-list.json']) {
    it(`kr's ${name}: the same pages and the same text on each as Chromium printing the browser print document (2 copies)`, async () => {
      const [first] = readKrFile(fs.readFileSync(path.join(KR_DIR, name), 'utf8')).templates;
      const template = first!.template!;
      // one row filling every bound field with digits every barcode type can encode (a placeholder
      // like {证书编号} is refused by 128A in both paths, as C-Lodop refuses it)
      const rows: DataRow[] = [Object.fromEntries(template.tempItems.filter((i) => i.name && i.type !== 'braid-table' && i.type !== 'braid-image').map((i) => [i.name!, '20260001']))];
      const mine = await make(`kr-${name}`, template, rows, { copies: 2 });
      const html = await page.evaluate(async ([t, r]) => (window as unknown as { gq: typeof import('../src') }).gq.buildPrintDocument(t, r, { copies: 2 }), [template, rows] as const);
      const other = await browser.newPage();
      const ref = path.join(dir, `kr-${name}-chromium.pdf`);
      try {
        await other.setContent(html);
        await other.evaluate(() => document.fonts.ready);
        await other.pdf({ path: ref, preferCSSPageSize: true, printBackground: true });
      } finally {
        await other.close();
      }
      const refPages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [ref], { encoding: 'utf8' }))![1]);
      expect(mine.pages).toBe(refPages);
      expect(mine.pages % 2).toBe(0);
      expect(pageChars(mine.file, mine.pages)).toEqual(pageChars(ref, refPages));
      expect(pageChars(mine.file, 1)[0]!.length).toBeGreaterThan(10);
    }, 60_000);
  }
});
