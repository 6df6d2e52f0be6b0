import { DESIGNER_DEFAULTS, fontFamilyCss } from './defaults';
import type { DataRow, TableColumn, TemplateItem } from './types';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** A data value as text: 0 and false print, null/undefined/missing print as ''. */
export function valueToText(v: unknown): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Date) return v.toISOString();
  return JSON.stringify(v);
}

/** Placeholders are `{field}`; dotted paths reach into nested objects (`{buyer.name}`). */
const PLACEHOLDER = /\{\s*([^{}\s]+)\s*\}/g;

function lookup(row: DataRow, path: string): unknown {
  if (Object.prototype.hasOwnProperty.call(row, path)) return row[path];
  let cur: unknown = row;
  for (const part of path.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

export function hasPlaceholders(text: string): boolean {
  PLACEHOLDER.lastIndex = 0;
  return PLACEHOLDER.test(text);
}

/**
 * Replace every `{field}` from the row. Values are HTML-escaped when `html` is set (the default):
 * that is how they reach HTML and table items, where data must never become markup. Plain text and
 * barcode items go to C-Lodop as raw strings (C-Lodop does not parse them), so they use html=false.
 */
export function fillPlaceholders(text: string, row: DataRow | undefined, html = true): string {
  if (!row) return text;
  return text.replace(PLACEHOLDER, (_m, key: string) => {
    const s = valueToText(lookup(row, key));
    return html ? escapeHtml(s) : s;
  });
}

/** The text an item shows for a row: its value with placeholders filled, raw (not escaped). */
export function bindText(item: Pick<TemplateItem, 'value'>, row?: DataRow): string {
  return fillPlaceholders(item.value ?? '', row, false);
}

/** The HTML an item shows for a row: its own markup kept, data values escaped. */
export function bindHtml(item: Pick<TemplateItem, 'value'>, row?: DataRow): string {
  return fillPlaceholders(item.value ?? '', row, true);
}

/** The rows of a table item: the list field named by `item.name`. */
export function tableRows(item: Pick<TemplateItem, 'name'>, row?: DataRow): DataRow[] {
  if (!row || !item.name) return [];
  const list = lookup(row, item.name);
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
  /** Only body rows [from, to) — one page of a table that runs over pages; `_seq` keeps counting. */
  rowRange?: [number, number];
}

/** A table item's HTML for a data row; `_seq` is the 1-based row number, every cell is escaped. */
export function buildTableHtml(item: TemplateItem, row: DataRow | undefined, opts: TableHtmlOptions = {}): string {
  const columns: TableColumn[] = item.columns ?? [];
  const all = tableRows(item, row);
  const from = opts.rowRange?.[0] ?? 0;
  const rows = opts.rowRange ? all.slice(from, opts.rowRange[1]) : all;
  const first = opts.firstColumnWidth ?? DESIGNER_DEFAULTS.tableSeqWidthPrint;
  const border = opts.borderColor ?? item.style.BorderColor ?? '#000000';
  const font: string[] = [
    `font-size:${opts.fontSize ?? item.style.FontSize ?? DESIGNER_DEFAULTS.fontSize}pt`,
    `color:${opts.color ?? item.style.FontColor ?? '#000000'}`,
  ];
  if (opts.bold ?? item.style.Bold) font.push('font-weight:bold');
  if (opts.italic ?? item.style.Italic) font.push('font-style:italic');
  if (opts.underline ?? item.style.Underline) font.push('text-decoration:underline');
  if (item.style.FontName) font.push(`font-family:${fontFamilyCss(item.style.FontName).replace(/"/g, "'")}`);
  const align = opts.align ?? item.style.Alignment ?? 'left';
  const cell = `border:1px solid ${escapeHtml(border)};padding:1px 2px;text-align:${align}`;
  const head = columns
    .map((c, i) => `<th style="${cell}${i === 0 ? `;width:${first}px` : ''}">${escapeHtml(c.title)}</th>`)
    .join('');
  const body = rows
    .map((r, ri) => {
      const tds = columns
        .map((c) => `<td style="${cell}">${escapeHtml(c.name === '_seq' ? String(from + ri + 1) : valueToText(lookup(r, c.name)))}</td>`)
        .join('');
      return `<tr>${tds}</tr>`;
    })
    .join('');
  return `<table style="border-collapse:collapse;width:100%;${font.join(';')}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
}
