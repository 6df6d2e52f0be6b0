/**
 * Copies, labels per sheet, sheets and page counts of a print job, worked out once for every print
 * path (the C-Lodop job, browser print, the PDF), so they all print the same number of sheets.
 *
 * C-Lodop's rule, which the others follow: SET_PRINT_COPIES repeats the whole job, so every copy
 * starts on a new sheet — 30 labels, 20 to a sheet, 2 copies are 2 sheets a copy, 4 sheets in all
 * (not the 3 that 60 labels laid end to end would take). Page numbers (第#页/共&页) count one copy.
 */
import type { Template } from './types';

export interface SheetPlan {
  /** Label pages of one copy (a label whose table runs over pages counts each of its pages). */
  labels: number;
  /** Label pages on one sheet: the sheet's columns × rows, 1 without a sheet layout. */
  perSheet: number;
  copies: number;
  /** Sheets one copy takes (at least 1: an empty job still prints the design once). */
  sheetsPerCopy: number;
  /** Sheets of the whole job: sheetsPerCopy × copies. */
  sheets: number;
}

/** Where label page `i` of a copy lands: its sheet (0-based, within the copy), its cell and that cell's top-left on the paper in mm. */
export interface SheetCell {
  sheet: number;
  column: number;
  row: number;
  /** A new sheet starts with this label page (false for the first of a copy: the copy starts one anyway). */
  newSheet: boolean;
  leftMm: number;
  topMm: number;
}

/** Copies as printed: a whole number, at least 1. */
export const copiesOf = (copies: number | undefined): number => Math.max(1, Math.floor(Number.isFinite(copies) ? (copies as number) : 1));

export const labelsPerSheet = (template: Pick<Template, 'sheet'>): number => (template.sheet ? Math.max(1, template.sheet.columns * template.sheet.rows) : 1);

export function sheetPlan(template: Pick<Template, 'sheet'>, labels: number, copies?: number): SheetPlan {
  const perSheet = labelsPerSheet(template);
  const n = Math.max(1, Math.floor(labels));
  const c = copiesOf(copies);
  const sheetsPerCopy = Math.ceil(n / perSheet);
  return { labels: n, perSheet, copies: c, sheetsPerCopy, sheets: sheetsPerCopy * c };
}

/** The cell of label page `i` (0-based, within one copy); cell (0, 0) at the paper's corner without a sheet layout. */
export function sheetCellOf(template: Pick<Template, 'sheet' | 'pageWidth' | 'pageHeight'>, i: number): SheetCell {
  const sh = template.sheet;
  if (!sh) return { sheet: i, column: 0, row: 0, newSheet: i > 0, leftMm: 0, topMm: 0 };
  const perSheet = labelsPerSheet(template);
  const cell = i % perSheet;
  const column = cell % sh.columns;
  const row = Math.floor(cell / sh.columns);
  return {
    sheet: Math.floor(i / perSheet),
    column,
    row,
    newSheet: i > 0 && cell === 0,
    leftMm: sh.marginLeft + column * (template.pageWidth + sh.gapX),
    topMm: sh.marginTop + row * (template.pageHeight + sh.gapY),
  };
}

/** Label pages of one copy grouped by sheet (the items of `labels` in order, `perSheet` at a time). */
export function groupBySheet<T>(template: Pick<Template, 'sheet'>, labels: readonly T[]): T[][] {
  const perSheet = labelsPerSheet(template);
  const out: T[][] = [];
  for (let at = 0; at < labels.length; at += perSheet) out.push(labels.slice(at, at + perSheet));
  return out;
}
