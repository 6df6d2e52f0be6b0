import { DESIGNER_DEFAULTS, fontFamilyCss } from './defaults';
import { COLOUR_RE } from './normalize';
import { isSeqColumn } from './layout-rules';
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
  const found = PLACEHOLDER.test(text);
  PLACEHOLDER.lastIndex = 0;
  return found;
}

/** Every `{field}` of a text; a fresh regex, so no lastIndex left by another search starts it midway. */
const placeholdersOf = (text: string): RegExpStringIterator<RegExpExecArray> => text.matchAll(new RegExp(PLACEHOLDER));

/** One `{field}` of a text, split once: its path and, for a dotted path, the parts. */
interface Slot {
  path: string;
  parts: string[] | null;
}

/** The value of a slot for a row, with kr's fallback to the item's bound field (see fillPlaceholders). */
function slotValue(row: DataRow, slot: Slot, bound: Slot | null): unknown {
  if (own(row, slot.path)) return row[slot.path];
  if (slot.parts) {
    let cur: unknown = row;
    let known = true;
    for (const part of slot.parts) {
      if (!own(cur, part)) {
        known = false;
        break;
      }
      cur = (cur as Record<string, unknown>)[part];
    }
    if (known) return cur;
  }
  return bound ? slotValue(row, bound, null) : undefined;
}

const slotOf = (path: string): Slot => ({ path, parts: path.includes('.') ? path.split('.') : null });

/** A text with placeholders, parsed once: fill it for any number of rows. */
export interface CompiledText {
  /** The text has no placeholder: it prints as it is for every row. */
  readonly constant: boolean;
  fill(row: DataRow | undefined, html: boolean): string;
}

function compile(text: string, boundName: string): CompiledText {
  // statics[i] precedes slots[i]; the last static follows the last slot
  const statics: string[] = [];
  const slots: Slot[] = [];
  let at = 0;
  for (const m of placeholdersOf(text)) {
    statics.push(text.slice(at, m.index));
    slots.push(slotOf(m[1] as string));
    at = m.index + m[0].length;
  }
  const tail = text.slice(at);
  const bound = boundName ? slotOf(boundName) : null;
  if (!slots.length) return { constant: true, fill: () => text };
  return {
    constant: false,
    fill(row, html) {
      if (!row) return text;
      let out = '';
      for (let i = 0; i < slots.length; i++) {
        const s = valueToText(slotValue(row, slots[i] as Slot, bound));
        out += (statics[i] as string) + (html ? escapeHtml(s) : s);
      }
      return out + tail;
    },
  };
}

/**
 * Compiled texts by bound field and text: a print of thousands of rows fills the same few item
 * values again and again, so each is parsed once. Bounded, so a long designer session cannot grow it.
 */
const compiled = new Map<string, CompiledText>();
const COMPILED_MAX = 2000;

/** `text` parsed once for filling rows (see fillPlaceholders for the two conventions). */
export function compileText(text: string, boundName = ''): CompiledText {
  const key = `${boundName}\u0000${text}`;
  let c = compiled.get(key);
  if (!c) {
    if (compiled.size >= COMPILED_MAX) compiled.clear();
    c = compile(text, boundName);
    compiled.set(key, c);
  }
  return c;
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
  return compileText(text, boundName).fill(row, html);
}

/** The text an item shows for a row: its value with placeholders filled, raw (not escaped). */
export function bindText(item: Pick<TemplateItem, 'value'> & { name?: string }, row?: DataRow): string {
  return fillPlaceholders(item.value ?? '', row, false, item.name ?? '');
}

/** The HTML an item shows for a row: its markup reduced to the safe subset, data values escaped. */
export function bindHtml(item: Pick<TemplateItem, 'value'> & { name?: string }, row?: DataRow): string {
  return sanitizeHtml(fillPlaceholders(item.value ?? '', row, true, item.name ?? ''));
}

/**
 * bindHtml for many rows of one item, sanitising its markup once instead of once per row. That
 * gives the same HTML when every placeholder sits in text, before and after sanitising, and
 * survives it unchanged: escaped values hold no `<`, `>` or quotes, so they are plain text to the
 * sanitiser, which leaves them as they are. A placeholder inside a tag (an attribute value could
 * become a URL the sanitiser must judge per value) keeps the per-row sanitising.
 */
export function htmlBinder(item: Pick<TemplateItem, 'value'> & { name?: string }): (row?: DataRow) => string {
  const value = item.value ?? '';
  const name = item.name ?? '';
  const safe = sanitizeHtml(value);
  const text = compileText(safe, name);
  if (text.constant && !hasPlaceholders(value)) return () => safe;
  const keys = (html: string): string => [...placeholdersOf(html)].map((m) => m[0]).join('\u0000');
  if (placeholderInTag(value) || placeholderInTag(safe) || keys(value) !== keys(safe)) return (row) => bindHtml(item, row);
  return (row) => (row ? text.fill(row, true) : safe);
}

/** Whether a placeholder of the markup sits between a `<` and the next `>`. */
function placeholderInTag(html: string): boolean {
  for (const m of placeholdersOf(html)) {
    if (html.lastIndexOf('<', m.index) > html.lastIndexOf('>', m.index)) return true;
  }
  return false;
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
  /** Width of the 序号 column (`_seq`, kr's rule: no other column is narrowed): 30 in print, 40 on the canvas (spec §9). */
  seqColumnWidth?: number;
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
  return tableHtmlBuilder(item, opts)(row);
}

/**
 * buildTableHtml for many rows of one item: the styles and the header row are built once, only
 * the body is built per data row.
 */
export function tableHtmlBuilder(item: TemplateItem, opts: TableHtmlOptions = {}): (row: DataRow | undefined) => string {
  const columns: TableColumn[] = item.columns ?? [];
  const seqWidth = `;width:${cssNumber(opts.seqColumnWidth, DESIGNER_DEFAULTS.tableSeqWidthPrint)}px`;
  // every style value by its type, so no template value can leave the style attribute
  const border = cssColour(opts.borderColor ?? item.style.BorderColor);
  const font: string[] = [
    `font-size:${cssNumber(opts.fontSize ?? item.style.FontSize, DESIGNER_DEFAULTS.fontSize)}pt`,
    `color:${cssColour(opts.color ?? item.style.FontColor)}`,
  ];
  if (opts.bold ?? item.style.Bold) font.push('font-weight:bold');
  if (opts.italic ?? item.style.Italic) font.push('font-style:italic');
  if (opts.underline ?? item.style.Underline) font.push('text-decoration:underline');
  if (item.style.FontName) font.push(`font-family:${fontFamilyCss(item.style.FontName).replace(/"/g, "'")}`);
  const align = cssAlign(opts.align ?? item.style.Alignment);
  const cell = `border:1px solid ${border};padding:1px 2px;text-align:${align}`;
  const head = columns
    .map((c) => `<th style="${cell}${isSeqColumn(c) ? seqWidth : ''}">${escapeHtml(c.title)}</th>`)
    .join('');
  const open = `<table style="border-collapse:collapse;width:100%;${font.join(';')}"><thead><tr>${head}</tr></thead><tbody>`;
  const td = `<td style="${cell}">`;
  const slots = columns.map((c) => (isSeqColumn(c) ? null : slotOf(c.name)));
  const from = opts.rowRange?.[0] ?? 0;
  return (row) => {
    const all = tableRows(item, row);
    const rows = opts.rowRange ? all.slice(from, opts.rowRange[1]) : all;
    let body = '';
    for (let ri = 0; ri < rows.length; ri++) {
      const r = rows[ri] as DataRow;
      body += '<tr>';
      for (const slot of slots) body += `${td}${escapeHtml(slot ? valueToText(slotValue(r, slot, null)) : String(from + ri + 1))}</td>`;
      body += '</tr>';
    }
    return `${open}${body}</tbody></table>`;
  };
}
