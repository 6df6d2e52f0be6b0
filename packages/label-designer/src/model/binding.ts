import { DESIGNER_DEFAULTS } from './defaults';
import { COLOUR_RE } from './normalize';
import { sanitizeHtml } from './sanitize';
import type { DataRow, TableColumn, TemplateItem } from './types';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A data value as text: falsy values print as '' (as in kr-print-designer), except 0, which prints 0. */
export function valueToText(v: unknown): string {
  if (v === 0) return '0';
  if (!v && v !== 0n) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

/** Placeholders are `{field}`; dotted paths reach into nested objects (`{buyer.name}`). */
const PLACEHOLDER = /\{\s*([^{}\s]+)\s*\}/g;

const own = (o: unknown, k: string): boolean => typeof o === 'object' && o !== null && Object.prototype.hasOwnProperty.call(o, k);

/** The value at `path` and whether the row has that field at all. */
function find(row: DataRow, path: string): { known: boolean; value: unknown } {
  if (own(row, path)) return { known: true, value: row[path] };
  let cur: unknown = row;
  for (const part of path.split('.')) {
    if (!own(cur, part)) return { known: false, value: undefined };
    cur = (cur as Record<string, unknown>)[part];
  }
  return { known: true, value: cur };
}

function lookup(row: DataRow, path: string): unknown {
  return find(row, path).value;
}

export function hasPlaceholders(text: string): boolean {
  PLACEHOLDER.lastIndex = 0;
  return PLACEHOLDER.test(text);
}

/**
 * Replace every `{field}` from the row. Two conventions: a placeholder naming a field of the row
 * takes that field (`{orderNo}`); any other placeholder takes the item's bound field `boundName`
 * (kr-print-designer's convention: `收货人：{收货人手机}` bound to `buyerPhone` prints the phone).
 * Values are HTML-escaped when `html` is set (the default): that is how they reach HTML and table
 * items, where data must never become markup. Plain text and barcode items go to C-Lodop as raw
 * strings (C-Lodop does not parse them), so they use html=false.
 */
export function fillPlaceholders(text: string, row: DataRow | undefined, html = true, boundName = ''): string {
  if (!row) return text;
  return text.replace(PLACEHOLDER, (_m, key: string) => {
    const hit = find(row, key);
    const v = hit.known || !boundName ? hit.value : lookup(row, boundName);
    const s = valueToText(v);
    return html ? escapeHtml(s) : s;
  });
}

/** The text an item shows for a row: its value with placeholders filled, raw (not escaped). */
export function bindText(item: Pick<TemplateItem, 'value'> & { name?: string }, row?: DataRow): string {
  return fillPlaceholders(item.value ?? '', row, false, item.name ?? '');
}

/** The HTML an item shows for a row: its markup reduced to the safe subset, data values escaped. */
export function bindHtml(item: Pick<TemplateItem, 'value'> & { name?: string }, row?: DataRow): string {
  return sanitizeHtml(fillPlaceholders(item.value ?? '', row, true, item.name ?? ''));
}

/** A colour for a style attribute: `#rrggbb` only, anything else falls back. */
export function cssColour(v: unknown, fallback = '#000000'): string {
  return typeof v === 'string' && COLOUR_RE.test(v) ? v : fallback;
}

/** A number for a style attribute; anything else falls back. */
export function cssNumber(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : fallback;
}

const ALIGNS = ['left', 'center', 'right'] as const;
export function cssAlign(v: unknown): (typeof ALIGNS)[number] {
  return (ALIGNS as readonly unknown[]).includes(v) ? (v as (typeof ALIGNS)[number]) : 'left';
}

/**
 * The rows of a table item: the list field named by `item.name`; without a data row, the sample
 * rows of its `defaultValue` (kr-print-designer keeps them there, and prints them in a preview).
 */
export function tableRows(item: Pick<TemplateItem, 'name' | 'defaultValue'>, row?: DataRow): DataRow[] {
  const list = row ? (item.name ? lookup(row, item.name) : undefined) : item.defaultValue;
  return Array.isArray(list) ? list.filter((r): r is DataRow => typeof r === 'object' && r !== null) : [];
}

export interface TableHtmlOptions {
  /** Width of the first column: 30 in print, 40 on the canvas (spec §9). */
  firstColumnWidth?: number;
  fontSize?: number;
  color?: string;
  borderColor?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  align?: 'left' | 'center' | 'right';
}

/** A table item's HTML for a data row; `_seq` is the 1-based row number, every cell is escaped. */
export function buildTableHtml(item: TemplateItem, row: DataRow | undefined, opts: TableHtmlOptions = {}): string {
  const columns: TableColumn[] = item.columns ?? [];
  const rows = tableRows(item, row);
  const first = opts.firstColumnWidth ?? DESIGNER_DEFAULTS.tableSeqWidthPrint;
  // every style value by its type, so no template value can leave the style attribute
  const border = cssColour(opts.borderColor ?? item.style.BorderColor);
  const font: string[] = [
    `font-size:${cssNumber(opts.fontSize ?? item.style.FontSize, DESIGNER_DEFAULTS.fontSize)}pt`,
    `color:${cssColour(opts.color ?? item.style.FontColor)}`,
  ];
  if (opts.bold ?? item.style.Bold) font.push('font-weight:bold');
  if (opts.italic ?? item.style.Italic) font.push('font-style:italic');
  if (opts.underline ?? item.style.Underline) font.push('text-decoration:underline');
  const align = cssAlign(opts.align ?? item.style.Alignment);
  const cell = `border:1px solid ${border};padding:1px 2px;text-align:${align}`;
  const head = columns
    .map((c, i) => `<th style="${cell}${i === 0 ? `;width:${cssNumber(first, DESIGNER_DEFAULTS.tableSeqWidthPrint)}px` : ''}">${escapeHtml(c.title)}</th>`)
    .join('');
  const body = rows
    .map((r, ri) => {
      const tds = columns
        .map((c) => `<td style="${cell}">${escapeHtml(c.name === '_seq' ? String(ri + 1) : valueToText(lookup(r, c.name)))}</td>`)
        .join('');
      return `<tr>${tds}</tr>`;
    })
    .join('');
  return `<table style="border-collapse:collapse;width:100%;${font.join(';')}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}
