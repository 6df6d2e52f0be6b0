// @vitest-environment node
/**
 * QR codes through the browser print path in a real Chromium: the print document of a batch printed
 * to PDF, each page rendered at 300 dpi and read back with zbarimg — Chinese payloads in UTF-8, the
 * template's error-correction levels.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem, createTemplate, type DataRow, type Template } from '../src';
import { launchChromium, pageWithPackage } from './chromium';

/** A 50 × 30 mm label: two QR codes of the same data at levels L and H, and a Code 128. */
function label(): Template {
  return createTemplate({
    title: 'qr',
    width: 189,
    height: 113,
    pageWidth: 50,
    pageHeight: 30,
    tempItems: [
      createItem('bar-code', { left: 4, top: 4, width: 90, height: 90, value: '{text}', name: 'text', style: { codeType: 'QRCode' }, lodopStyle: { QRCodeErrorLevel: 'L' } }),
      createItem('bar-code', { left: 96, top: 4, width: 90, height: 90, value: '{text}', name: 'text', style: { codeType: 'QRCode', QRCodeErrorLevel: 'H' } }),
    ],
  });
}

const ROWS: DataRow[] = [{ text: '证书号：GQ2025100001 翡翠手镯 A货' }, { text: '和田玉籽料，检测结论：天然' }, { text: 'https://gemqc.example/c/GQ2025100002' }];

describe('QR codes in the browser print, read back from the PDF at 300 dpi (Chromium, zbarimg)', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await launchChromium();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gq-qr-print-'));
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every page holds both codes and each decodes to its row, Chinese included', async () => {
    const page = await pageWithPackage(browser);
    const html = await page.evaluate(async ([t, r]) => (window as unknown as { gq: typeof import('../src') }).gq.buildPrintDocument(t, r), [label(), ROWS] as const);
    expect(html).not.toContain('data-barcode="error"');
    await page.setContent(html);
    const pdf = path.join(dir, 'qr.pdf');
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    execFileSync('pdftoppm', ['-r', '300', '-gray', '-png', pdf, path.join(dir, 'p')]);
    const pngs = fs.readdirSync(dir).filter((f) => f.endsWith('.png')).sort();
    expect(pngs).toHaveLength(ROWS.length);
    pngs.forEach((png, i) => {
      const out = execFileSync('zbarimg', ['-q', '--raw', path.join(dir, png)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
      expect(out.trim().split('\n')).toEqual([ROWS[i]!.text, ROWS[i]!.text]);
    });
  }, 60_000);
});
