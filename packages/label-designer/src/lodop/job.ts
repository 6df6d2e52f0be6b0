import { barcodeValueProblem } from '../model/barcode-rules';
import { bindHtml, bindText, buildTableHtml, cssAlign, cssColour, cssNumber, escapeHtml } from '../model/binding';
import { DESIGNER_DEFAULTS } from '../model/defaults';
import type { DataRow, ItemStyle, Template, TemplateItem } from '../model/types';
import type { Lodop, LodopLicence, Size } from './types';

export interface JobOptions {
  licence?: LodopLicence;
  /** Printer index or name for SET_PRINTER_INDEX; omitted = C-Lodop's default printer. */
  printer?: number | string;
  /** Task name; defaults to the template title. */
  taskName?: string;
}

const ALIGN_CODE: Record<string, number> = { left: 1, center: 2, right: 3 };
const flag = (b: unknown): number => (b ? 1 : 0);

/** Style keys of ours that are C-Lodop SET_PRINT_STYLEA keys, with their value conversion. */
const TEXT_STYLE_KEYS: readonly (keyof ItemStyle & string)[] = ['FontSize', 'FontColor', 'Bold', 'Italic', 'Underline', 'Alignment'];

function styleValue(key: string, v: unknown): string | number {
  if (key === 'Alignment') return ALIGN_CODE[String(v)] ?? 1;
  if (key === 'Bold' || key === 'Italic' || key === 'Underline' || key === 'ShowBarText') return flag(v);
  if (typeof v === 'number') return v;
  return String(v);
}

/**
 * The CSS that carries an item's font style into HTML (C-Lodop ignores FontSize on HTM items);
 * every value checked by its type, so nothing from the template leaves the style attribute.
 */
function htmlFontCss(style: ItemStyle): string {
  const css = [`font-size:${cssNumber(style.FontSize, DESIGNER_DEFAULTS.fontSize)}pt`, `color:${cssColour(style.FontColor)}`];
  if (style.Bold) css.push('font-weight:bold');
  if (style.Italic) css.push('font-style:italic');
  if (style.Underline) css.push('text-decoration:underline');
  if (style.Alignment) css.push(`text-align:${cssAlign(style.Alignment)}`);
  return css.join(';');
}

/** A job that cannot be printed as designed (the message is for the user, zh-CN). */
export class PrintJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintJobError';
  }
}

/** Refuse the whole job before its first call when a barcode value cannot be encoded in its code set. */
function checkBarcodes(template: Template, pages: (DataRow | undefined)[]): void {
  for (const item of template.tempItems) {
    if (item.type !== 'bar-code') continue;
    for (const row of pages) {
      const problem = barcodeValueProblem(item.style.codeType ?? 'Code39', bindText(item, row));
      if (problem) throw new PrintJobError(`条码组件「${item.title || item.uuid}」${problem}`);
    }
  }
}

function isAutoHeight(item: TemplateItem): boolean {
  return item.style.AutoHeight === true;
}

function isNormal(item: TemplateItem): boolean {
  return (item.style.ItemType ?? 0) === 0;
}

/**
 * Order of one page: the first auto-height item goes first (spec §4 Printing), the rest keep
 * their template order. Returns the anchor so later items can be linked to it.
 */
export function printOrder(items: TemplateItem[]): { ordered: TemplateItem[]; anchor: TemplateItem | undefined } {
  const anchor = items.find(isAutoHeight);
  return { ordered: anchor ? [anchor, ...items.filter((i) => i !== anchor)] : items.slice(), anchor };
}

/**
 * Add one page's items. `base` is how many items the job already holds: C-Lodop numbers items
 * across the whole job (a new page does not restart the count), so LinkedItem must be offset by it.
 * Returns how many items were added.
 */
function addPage(lodop: Lodop, template: Template, row: DataRow | undefined, base: number): number {
  const { ordered, anchor } = printOrder(template.tempItems);
  const anchorBottom = anchor ? anchor.top + anchor.height : 0;
  let n = 0;
  for (const item of ordered) {
    const style = item.style;
    // A normal item below the auto-height one follows it (as in kr-print-designer): C-Lodop places a
    // linked item relative to the linked item's bottom-left corner, so its top becomes the gap below
    // the anchor's bottom and its left the offset from the anchor's left.
    const linked = anchor !== undefined && item !== anchor && isNormal(item) && item.top >= anchorBottom;
    const top: Size = linked ? item.top - anchorBottom : item.top;
    const left: Size = linked ? item.left - anchor.left : item.left;
    const height: Size = isAutoHeight(item) ? `BottomMargin:${cssNumber(style.BottomMargin, 0)}mm` : item.height;
    const { width } = item;
    switch (item.type) {
      case 'braid-txt':
        lodop.ADD_PRINT_TEXT(top, left, width, height, bindText(item, row));
        break;
      case 'bar-code':
        lodop.ADD_PRINT_BARCODE(top, left, width, height, style.codeType ?? 'Code39', bindText(item, row));
        break;
      case 'braid-html':
        lodop.ADD_PRINT_HTM(top, left, width, height, `<div style="${htmlFontCss(style)}">${bindHtml(item, row)}</div>`);
        break;
      case 'braid-table':
        lodop.ADD_PRINT_TABLE(top, left, width, height, buildTableHtml(item, row, { firstColumnWidth: DESIGNER_DEFAULTS.tableSeqWidthPrint }));
        break;
      case 'braid-image':
        lodop.ADD_PRINT_IMAGE(top, left, width, height, `<img border="0" src="${escapeHtml(bindText(item, row))}"/>`);
        // Fit the picture to the box, keeping its ratio (overridable through lodopStyle).
        lodop.SET_PRINT_STYLEA(0, 'Stretch', 2);
        break;
    }
    n++;
    if (item.type === 'braid-txt') {
      for (const key of TEXT_STYLE_KEYS) if (style[key] !== undefined) lodop.SET_PRINT_STYLEA(0, key, styleValue(key, style[key]));
    }
    if (item.type === 'bar-code') {
      if (style.FontColor !== undefined) lodop.SET_PRINT_STYLEA(0, 'FontColor', style.FontColor);
      if (style.ShowBarText !== undefined) lodop.SET_PRINT_STYLEA(0, 'ShowBarText', flag(style.ShowBarText));
    }
    if (style.ItemType !== undefined && style.ItemType !== 0) lodop.SET_PRINT_STYLEA(0, 'ItemType', style.ItemType);
    if (linked) lodop.SET_PRINT_STYLEA(0, 'LinkedItem', base + 1);
    // An explicit LinkedItem counts items of this page (1-based), so shift it onto this page.
    else if (typeof style.LinkedItem === 'number' && style.LinkedItem > 0) lodop.SET_PRINT_STYLEA(0, 'LinkedItem', base + style.LinkedItem);
    for (const [key, v] of Object.entries(item.lodopStyle ?? {})) lodop.SET_PRINT_STYLEA(0, key, typeof v === 'boolean' ? flag(v) : v);
  }
  return n;
}

/** C-Lodop's page size argument: millimetres as a unit string, 0 for "the printer's own". */
const mm = (v: number): Size => (v > 0 ? `${v}mm` : 0);

/**
 * Build a C-Lodop job: one page per data row, or one page of the design itself when `rows` is
 * empty. Rows after the first start with NEWPAGEA — a new page after the last page the previous row
 * used, so a table that runs over several pages is not cut. The caller then calls PREVIEW() or
 * PRINT(). Throws PrintJobError (before any call) when a barcode value cannot be encoded.
 */
export function buildJob(lodop: Lodop, template: Template, rows: DataRow[] = [], opts: JobOptions = {}): void {
  const pages: (DataRow | undefined)[] = rows.length ? rows : [undefined];
  checkBarcodes(template, pages);
  const lic = opts.licence;
  if (lic) lodop.SET_LICENSES(lic.companyName, lic.license, lic.licenseA ?? '', lic.licenseB ?? '');
  lodop.PRINT_INITA(0, 0, template.width, template.height, opts.taskName ?? template.title);
  if (opts.printer !== undefined && opts.printer !== '' && opts.printer !== -1) lodop.SET_PRINTER_INDEX(opts.printer);
  lodop.SET_PRINT_PAGESIZE(1, mm(template.pageWidth), mm(template.pageHeight), '');
  let count = 0;
  pages.forEach((row, i) => {
    if (i > 0) lodop.NEWPAGEA();
    count += addPage(lodop, template, row, count);
  });
}
