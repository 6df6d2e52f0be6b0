/**
 * Copies, labels per sheet and sheets are worked out once (sheetPlan) and both print paths follow
 * it: the C-Lodop job (NEWPAGEA per new sheet, SET_PRINT_COPIES repeating the whole job) and the
 * browser print document (one .gq-sheet per sheet) give the same number of sheets for every
 * template × copies × N-up combination — kr's own templates included.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildJob, buildPrintDocument, createItem, createTemplate, readKrFile, sheetCellOf, sheetPlan, type DataRow, type SheetLayout, type Template } from '../src';
import { recordingLodop } from './fake-lodop';

const dir = path.join(import.meta.dirname, 'fixtures/kr');
const krTemplates = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json') && f !== 'unsafe-html.json')
  .flatMap((f) => readKrFile(fs.readFileSync(path.join(dir, f), 'utf8')).templates.map((t, i) => [`kr ${f} #${i + 1}`, t.template!] as const));

const label = createTemplate({
  title: '证书标签',
  pageWidth: 50,
  pageHeight: 30,
  tempItems: [
    createItem('braid-txt', { left: 4, top: 4, width: 150, height: 20, value: '证书号 {certNo}' }),
    createItem('bar-code', { left: 4, top: 40, width: 150, height: 50, value: '{certNo}', style: { codeType: '128Auto' } }),
  ],
});

const LAYOUTS: [string, SheetLayout | undefined][] = [
  ['one label a page', undefined],
  ['2 × 1', { paperWidth: 110, paperHeight: 40, columns: 2, rows: 1, marginLeft: 3, marginTop: 3, gapX: 2, gapY: 0 }],
  ['3 × 4', { paperWidth: 210, paperHeight: 297, columns: 3, rows: 4, marginLeft: 5, marginTop: 5, gapX: 2, gapY: 2 }],
  ['4 × 5', { paperWidth: 210, paperHeight: 297, columns: 4, rows: 5, marginLeft: 0, marginTop: 0, gapX: 0, gapY: 0 }],
];
const rowsOf = (n: number): DataRow[] => Array.from({ length: n }, (_, i) => ({ certNo: `GZ${String(100000 + i)}`, orderNo: `DD${i}` }));

/** Sheets C-Lodop prints for a job: its pages (the first, plus one per NEWPAGEA) times SET_PRINT_COPIES. */
function lodopSheets(template: Template, rows: DataRow[], copies: number): number {
  const lodop = recordingLodop();
  buildJob(lodop, template, rows, { copies });
  const pages = 1 + lodop.calls.filter((c) => c[0] === 'NEWPAGEA').length;
  const set = lodop.calls.find((c) => c[0] === 'SET_PRINT_COPIES');
  return pages * (set ? Number(set[1]) : 1);
}

async function browserSheets(template: Template, rows: DataRow[], copies: number): Promise<number> {
  const html = await buildPrintDocument(template, rows, { copies });
  return (html.match(/class="gq-sheet"/g) ?? []).length;
}

describe('sheetPlan: one count of sheets for every print path', () => {
  it('30 labels, 20 to a sheet, 2 copies: 2 sheets a copy, 4 in all (each copy starts a new sheet, as C-Lodop prints it)', async () => {
    const t = { ...label, sheet: LAYOUTS[3]![1] };
    expect(sheetPlan(t, 30, 2)).toEqual({ labels: 30, perSheet: 20, copies: 2, sheetsPerCopy: 2, sheets: 4 });
    expect(lodopSheets(t, rowsOf(30), 2)).toBe(4);
    expect(await browserSheets(t, rowsOf(30), 2)).toBe(4);
  });

  it('copies are whole numbers of at least 1 and an empty job prints the design once', () => {
    expect(sheetPlan(label, 0, 0)).toMatchObject({ labels: 1, copies: 1, sheets: 1 });
    expect(sheetPlan(label, 3, 2.7)).toMatchObject({ copies: 2, sheets: 6 });
  });

  it('a cell is where the C-Lodop job puts it: margins, gaps, a new sheet after columns × rows', () => {
    const t = { ...label, sheet: LAYOUTS[2]![1] };
    expect(sheetCellOf(t, 0)).toEqual({ sheet: 0, column: 0, row: 0, newSheet: false, leftMm: 5, topMm: 5 });
    expect(sheetCellOf(t, 4)).toEqual({ sheet: 0, column: 1, row: 1, newSheet: false, leftMm: 5 + 52, topMm: 5 + 32 });
    expect(sheetCellOf(t, 12)).toMatchObject({ sheet: 1, column: 0, row: 0, newSheet: true });
  });

  for (const [name, template] of [['证书标签 50×30', label] as const, ...krTemplates]) {
    it(`${name}: the same sheets in the browser and in C-Lodop for every N-up × copies × batch size`, async () => {
      for (const [, sheet] of LAYOUTS) {
        const t: Template = { ...template, sheet };
        for (const n of [1, 7, 30]) {
          for (const copies of [1, 2, 3]) {
            const rows = rowsOf(n);
            const want = sheetPlan(t, n, copies).sheets;
            expect([lodopSheets(t, rows, copies), await browserSheets(t, rows, copies)], `${String(sheet?.columns ?? 1)}×${String(sheet?.rows ?? 1)} ${n} labels × ${copies}`).toEqual([want, want]);
          }
        }
      }
    }, 60_000);
  }
});
