import { batchBarcodeProblem, PrintJobError } from '../model/barcode-check';
import { qrLevelOf } from '../model/barcode-rules';
import type { Locale } from '../i18n';
import { compileText, cssAlign, cssColour, cssNumber, escapeHtml, htmlBinder, tableHtmlBuilder } from '../model/binding';
import { DESIGNER_DEFAULTS, fontFamilyCss, lineEnds } from '../model/defaults';
import { followsAnchor, linkOffset, printAnchor } from '../model/layout-rules';
import { printableImageSrc } from '../model/images';
import { copiesOf, sheetCellOf } from '../model/sheets';
import type { DataRow, ItemStyle, Template, TemplateItem } from '../model/types';
import type { Lodop, LodopLicence, Size } from './types';

export interface JobOptions {
  licence?: LodopLicence;
  /** Printer index or name for SET_PRINTER_INDEX; omitted = C-Lodop's default printer. */
  printer?: number | string;
  /** Task name; defaults to the template title. */
  taskName?: string;
  /** Copies of the whole job (SET_PRINT_COPIES); 1 when omitted. */
  copies?: number;
  /** The printer's calibration: the whole print moves down/right by this much (mm, may be negative). */
  offset?: PrintOffset;
  /** Language of the refusal message (PrintJobError); zh-CN when omitted. */
  locale?: Locale;
}

export interface PrintOffset {
  top: number;
  left: number;
}

/** Where a label's origin sits on the paper, in px (0,0 = one label per page). */
interface Origin {
  top: number;
  left: number;
}

const PX_PER_MM = 96 / 25.4;
const px = (mm: number): number => Math.round(mm * PX_PER_MM * 100) / 100;

/**
 * The cell of label `i` of a batch on a sheet: its origin in px and whether a new sheet starts with
 * it (`sheetCellOf`, shared with the browser print and the PDF). One label per page without a sheet layout.
 */
export function sheetCell(template: Template, i: number): { origin: Origin; newSheet: boolean } {
  const cell = sheetCellOf(template, i);
  return { origin: { left: px(cell.leftMm), top: px(cell.topMm) }, newSheet: cell.newSheet };
}

/** C-Lodop's intLineStyle for a line or rectangle item. */
const lineStyleOf = (style: ItemStyle): number => Math.min(4, Math.max(0, Math.round(style.LineStyle ?? 0)));
const lineWidthOf = (style: ItemStyle): number => Math.max(1, Math.round(style.LineWidth ?? 1));

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
  if (style.FontName && style.FontName !== '宋体') css.push(`font-family:${fontFamilyCss(style.FontName).replace(/"/g, "'")}`);
  return css.join(';');
}

function isAutoHeight(item: TemplateItem): boolean {
  return item.style.AutoHeight === true;
}

/**
 * Order of one page: the first auto-height item goes first (spec §4 Printing), the rest keep
 * their template order. Returns the anchor so later items can be linked to it.
 */
export function printOrder(items: TemplateItem[]): { ordered: TemplateItem[]; anchor: TemplateItem | undefined } {
  const anchor = printAnchor(items);
  return { ordered: anchor ? [anchor, ...items.filter((i) => i !== anchor)] : items.slice(), anchor };
}

/** One SET_PRINT_STYLEA of an item: the same for every data row. */
type StyleCall = readonly [key: string, value: string | number];

/**
 * One item of the page, worked out once per job from the template alone (order, linking,
 * position, styles, parsed placeholders, sanitised markup); `add` is the per-row part: the bound
 * data and the one ADD_PRINT_* call.
 */
interface ItemPlan {
  /** Relative to the auto-height item: top/left are offsets from it and do not move with a sheet cell. */
  linked: boolean;
  top: number;
  left: number;
  add(lodop: Lodop, top: number, left: number, row: DataRow | undefined): void;
  /** Style calls before LinkedItem, then after it (the template's own lodopStyle keys come last). */
  styles: StyleCall[];
  lodopStyles: StyleCall[];
  /** LinkedItem as a 1-based item number of this page; the job adds the count of earlier pages. */
  linkTo: number | undefined;
}

function planItem(item: TemplateItem, anchor: TemplateItem | undefined): ItemPlan {
  const style = item.style;
  // A normal item below the auto-height item's top follows it (kr's rule, model/layout-rules.ts):
  // C-Lodop places a linked item relative to the linked item's bottom-left corner.
  const linked = anchor !== undefined && followsAnchor(item, anchor);
  const { top, left } = linked ? linkOffset(item, anchor) : item;
  const height: Size = isAutoHeight(item) ? `BottomMargin:${cssNumber(style.BottomMargin, 0)}mm` : item.height;
  const { width } = item;
  const value = item.value ?? '';
  const text = compileText(value, item.name ?? '');
  const bound = (row: DataRow | undefined): string => (row ? text.fill(row, false) : value);
  const styles: StyleCall[] = [];
  let add: ItemPlan['add'];
  switch (item.type) {
    case 'braid-txt':
      add = (lodop, t, l, row) => lodop.ADD_PRINT_TEXT(t, l, width, height, bound(row));
      for (const key of TEXT_STYLE_KEYS) if (style[key] !== undefined) styles.push([key, styleValue(key, style[key])]);
      if (style.FontName && style.FontName !== '宋体') styles.push(['FontName', style.FontName]);
      break;
    case 'bar-code': {
      const codeType = style.codeType ?? 'Code39';
      add = (lodop, t, l, row) => lodop.ADD_PRINT_BARCODE(t, l, width, height, codeType, bound(row));
      break;
    }
    case 'braid-html': {
      const open = `<div style="${htmlFontCss(style)}">`;
      const html = htmlBinder(item);
      add = (lodop, t, l, row) => lodop.ADD_PRINT_HTM(t, l, width, height, `${open}${html(row)}</div>`);
      break;
    }
    case 'braid-table': {
      const table = tableHtmlBuilder(item, { seqColumnWidth: DESIGNER_DEFAULTS.tableSeqWidthPrint });
      add = (lodop, t, l, row) => lodop.ADD_PRINT_TABLE(t, l, width, height, table(row));
      break;
    }
    case 'braid-image':
      add = (lodop, t, l, row) => {
        // only stored pictures (model/images.ts), as absolute addresses: C-Lodop fetches them itself
        const src = printableImageSrc(bound(row), { absolute: true });
        lodop.ADD_PRINT_IMAGE(t, l, width, height, src ? `<img border="0" src="${escapeHtml(src)}"/>` : '');
      };
      // Fit the picture to the box, keeping its ratio (overridable through lodopStyle).
      styles.push(['Stretch', 2]);
      break;
    case 'braid-line': {
      const lineStyle = lineStyleOf(style);
      const lineWidth = lineWidthOf(style);
      add = (lodop, t, l) => {
        const [t1, l1, t2, l2] = lineEnds({ ...item, top: t, left: l });
        lodop.ADD_PRINT_LINE(t1, l1, t2, l2, lineStyle, lineWidth);
      };
      break;
    }
    case 'braid-rect': {
      const lineStyle = lineStyleOf(style);
      const lineWidth = lineWidthOf(style);
      add = (lodop, t, l) => lodop.ADD_PRINT_RECT(t, l, width, height, lineStyle, lineWidth);
      break;
    }
    default:
      throw new PrintJobError(`组件「${String((item as TemplateItem).title || (item as TemplateItem).uuid)}」的类型无法打印`);
  }
  // Lines and rectangles take their colour from FontColor in C-Lodop.
  if ((item.type === 'braid-line' || item.type === 'braid-rect') && style.FontColor !== undefined) styles.push(['FontColor', style.FontColor]);
  if (typeof style.Angle === 'number' && style.Angle % 360 !== 0) styles.push(['Angle', style.Angle]);
  if (item.type === 'bar-code') {
    if (style.FontColor !== undefined) styles.push(['FontColor', style.FontColor]);
    if (style.ShowBarText !== undefined) styles.push(['ShowBarText', flag(style.ShowBarText)]);
    // kr keeps C-Lodop keys in style; lodopStyle (passed as it is, below) wins
    if (style.codeType === 'QRCode' && style.QRCodeErrorLevel !== undefined && item.lodopStyle?.QRCodeErrorLevel === undefined) styles.push(['QRCodeErrorLevel', qrLevelOf(item)]);
  }
  if (style.ItemType !== undefined && style.ItemType !== 0) styles.push(['ItemType', style.ItemType]);
  return {
    linked,
    top,
    left,
    add,
    styles,
    lodopStyles: Object.entries(item.lodopStyle ?? {}).map(([key, v]) => [key, typeof v === 'boolean' ? flag(v) : v] as const),
    // a linked item follows the anchor, item 1 of the page; an explicit LinkedItem counts this page's items
    linkTo: linked ? 1 : typeof style.LinkedItem === 'number' && style.LinkedItem > 0 ? style.LinkedItem : undefined,
  };
}

/** The page plan of a template: its items in print order, each planned once. */
function planPage(template: Template): ItemPlan[] {
  const { ordered, anchor } = printOrder(template.tempItems);
  return ordered.map((item) => planItem(item, anchor));
}

/**
 * Add one page's items. `base` is how many items the job already holds: C-Lodop numbers items
 * across the whole job (a new page does not restart the count), so LinkedItem is offset by it.
 * A label's own items move with its cell on a sheet; a linked item is relative to the anchor already.
 */
function addPage(lodop: Lodop, plan: ItemPlan[], row: DataRow | undefined, base: number, origin: Origin): void {
  for (const item of plan) {
    if (item.linked) item.add(lodop, item.top, item.left, row);
    else item.add(lodop, item.top + origin.top, item.left + origin.left, row);
    for (const [key, v] of item.styles) lodop.SET_PRINT_STYLEA(0, key, v);
    if (item.linkTo !== undefined) lodop.SET_PRINT_STYLEA(0, 'LinkedItem', base + item.linkTo);
    for (const [key, v] of item.lodopStyles) lodop.SET_PRINT_STYLEA(0, key, v);
  }
}

/** C-Lodop's page size argument: millimetres as a unit string, 0 for "the printer's own". */
const mm = (v: number): Size => (v > 0 ? `${v}mm` : 0);

/**
 * Build a C-Lodop job: one page per data row, or one page of the design itself when `rows` is
 * empty. Rows after the first start with NEWPAGEA — a new page after the last page the previous row
 * used, so a table that runs over several pages is not cut. The caller then calls PREVIEW() or
 * PRINT(). Throws PrintJobError (before any call) when a barcode value cannot be encoded.
 * The template is planned once (see ItemPlan); each row then costs only its data.
 */
export function buildJob(lodop: Lodop, template: Template, rows: DataRow[] = [], opts: JobOptions = {}): void {
  const pages: (DataRow | undefined)[] = rows.length ? rows : [undefined];
  // Refuse the whole job before its first call when a barcode value cannot be encoded in its code set.
  const problem = batchBarcodeProblem(template.tempItems, pages, opts.locale);
  if (problem) throw new PrintJobError(problem);
  const plan = planPage(template);
  const lic = opts.licence;
  if (lic) lodop.SET_LICENSES(lic.companyName, lic.license, lic.licenseA ?? '', lic.licenseB ?? '');
  // PRINT_INITA's top/left move the whole print: that is where a printer's calibration goes.
  const off = opts.offset;
  const offTop: Size = off && off.top ? `${off.top}mm` : 0;
  const offLeft: Size = off && off.left ? `${off.left}mm` : 0;
  lodop.PRINT_INITA(offTop, offLeft, template.width, template.height, opts.taskName ?? template.title);
  if (opts.printer !== undefined && opts.printer !== '' && opts.printer !== -1) lodop.SET_PRINTER_INDEX(opts.printer);
  // A sheet prints on its paper; one label per page otherwise.
  const paperW = template.sheet ? template.sheet.paperWidth : template.pageWidth;
  const paperH = template.sheet ? template.sheet.paperHeight : template.pageHeight;
  lodop.SET_PRINT_PAGESIZE(1, mm(paperW), mm(paperH), '');
  // every copy is the whole job again, from a new sheet (sheetPlan: the browser and the PDF do the same)
  const copies = copiesOf(opts.copies);
  if (copies > 1) lodop.SET_PRINT_COPIES(copies);
  const perPage = plan.length;
  for (let i = 0; i < pages.length; i++) {
    const { origin, newSheet } = sheetCell(template, i);
    if (newSheet) lodop.NEWPAGEA();
    addPage(lodop, plan, pages[i], i * perPage, origin);
  }
}
