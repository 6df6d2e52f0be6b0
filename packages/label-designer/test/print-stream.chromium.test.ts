// @vitest-environment node
/**
 * writePrintDocument (what printInBrowser uses) builds the print frame a step at a time while the
 * barcodes are drawn; the document it ends with must be the one buildPrintDocument describes.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createItem, createTemplate, type DataRow, type Template } from '../src';
import { launchChromium, pageWithPackage } from './chromium';

/** 11 Code 128 per label makes the steps 113 rows long; 4 labels a sheet leaves one over at each step. */
function sheetOfLabels(): Template {
  return createTemplate({
    title: 'stream <&>',
    width: 227,
    height: 151,
    pageWidth: 60,
    pageHeight: 40,
    sheet: { columns: 2, rows: 2, paperWidth: 210, paperHeight: 297, marginLeft: 5, marginTop: 5, gapX: 2, gapY: 2 },
    tempItems: [
      createItem('braid-txt', { left: 4, top: 2, width: 200, height: 16, value: '证书 {no}' }),
      ...Array.from({ length: 11 }, (_, k) =>
        createItem('bar-code', { left: 4 + (k % 4) * 55, top: 20 + Math.floor(k / 4) * 40, width: 50, height: 36, value: `{no}-${k}`, style: { codeType: '128Auto', ShowBarText: k % 2 === 0 } }),
      ),
    ],
  });
}

describe('print document written step by step (Chromium)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('ends as the same document as buildPrintDocument: several steps, sheets split across steps, copies', async () => {
    const page = await pageWithPackage(browser);
    const rows: DataRow[] = Array.from({ length: 300 }, (_, i) => ({ no: `GQ${1000 + i}` }));
    const out = await page.evaluate(
      async ([t, r]) => {
        const gq = (window as unknown as { gq: typeof import('../src') }).gq;
        const frame = (): Document => {
          const f = document.createElement('iframe');
          document.body.appendChild(f);
          return f.contentDocument as Document;
        };
        const streamed = frame();
        await gq.writePrintDocument(streamed, t, r, { copies: 2, offset: { top: 1, left: -0.5 } });
        const whole = frame();
        whole.open();
        whole.write(await gq.buildPrintDocument(t, r, { copies: 2, offset: { top: 1, left: -0.5 } }));
        whole.close();
        return {
          streamed: streamed.documentElement.outerHTML,
          whole: whole.documentElement.outerHTML,
          sheets: streamed.querySelectorAll('.gq-sheet').length,
          pending: streamed.querySelectorAll('[data-barcode="pending"]').length,
        };
      },
      [sheetOfLabels(), rows] as const,
    );
    expect(out.sheets).toBe(150); // 300 rows × 2 copies, 4 a sheet
    expect(out.pending).toBe(0);
    expect(out.streamed).toBe(out.whole);
  }, 120_000);
});
