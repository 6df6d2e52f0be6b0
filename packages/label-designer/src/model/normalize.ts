/**
 * The one place where the value forms of the template format are normalised (kr-print-designer
 * wrote them in several ways over its versions). The contract (API) and `parseTemplate` both run
 * it before they validate, so a template saved through either path ends in the same shape:
 * - flags `1`/`0` (also `'1'`, `'0'`, `'true'`, `'false'`) → true/false
 *   (isEdit, dragable, resizable; style Bold, Italic, Underline, ShowBarText, AutoHeight);
 * - style Alignment `1|2|3` → left|center|right;
 * - numbers written as text (`"120"`, also in `sheet`) → numbers; title/value/defaultValue written as numbers → text;
 * - colours `#  000000` (kr's own demo) and `#abc` → `#rrggbb`;
 * - a table's `defaultValue` stays its list of sample rows; unknown keys stay as they are.
 * It validates nothing: what it cannot convert is left for the validator to report. It never
 * changes its input; `notes` say what it changed, in words a user reads (zh-CN).
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export const ITEM_FLAG_KEYS = ['isEdit', 'dragable', 'resizable'] as const;
export const STYLE_FLAG_KEYS = ['Bold', 'Italic', 'Underline', 'ShowBarText', 'AutoHeight'] as const;
const ITEM_NUMBER_KEYS = ['width', 'height', 'left', 'top'] as const;
const STYLE_NUMBER_KEYS = ['zIndex', 'FontSize', 'BottomMargin', 'LinkedItem', 'ItemType', 'Angle', 'LineStyle', 'LineWidth'] as const;
const PAGE_NUMBER_KEYS = ['width', 'height', 'pageWidth', 'pageHeight'] as const;
const SHEET_NUMBER_KEYS = ['paperWidth', 'paperHeight', 'columns', 'rows', 'marginLeft', 'marginTop', 'gapX', 'gapY'] as const;
const TEXT_KEYS = ['title', 'value', 'defaultValue'] as const;
const COLOUR_KEYS = ['FontColor', 'BorderColor'] as const;
const ALIGN_BY_CODE: Record<string, string> = { '1': 'left', '2': 'center', '3': 'right' };

/** Keys of the format GemQC reads; anything else is carried along (and exported again). */
export const KNOWN_PAGE_KEYS = ['title', 'width', 'height', 'pageWidth', 'pageHeight', 'imageUrl', 'tempItems'] as const;
export const KNOWN_ITEM_KEYS = [
  'uuid', 'type', 'name', 'isEdit', 'dragable', 'resizable', 'width', 'height', 'left', 'top', 'title', 'value',
  'defaultValue', 'style', 'lodopStyle', 'columnsAttr', 'columns', 'selectCol',
] as const;
export const KNOWN_STYLE_KEYS = [
  'zIndex', 'FontSize', 'FontColor', 'BorderColor', 'Bold', 'Italic', 'Underline', 'ShowBarText', 'Alignment',
  'codeType', 'ItemType', 'AutoHeight', 'BottomMargin', 'LinkedItem',
] as const;

/** `#rrggbb`: the only colour form the renderers put into a style attribute. */
export const COLOUR_RE = /^#[0-9a-fA-F]{6}$/;

export interface NormalizeNote {
  /** JSON path of the changed value, from the template object. */
  path: (string | number)[];
  /** zh-CN sentence for the import dialog. */
  message: string;
}

export interface NormalizeResult {
  template: unknown;
  notes: NormalizeNote[];
}

function flagOf(v: unknown): boolean | undefined {
  if (v === 1 || v === '1' || v === 'true') return true;
  if (v === 0 || v === '0' || v === 'false') return false;
  return undefined;
}

function numberOf(v: unknown): number | undefined {
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** `#  000000` → `#000000`, `#abc` → `#aabbcc`; anything else unchanged (the validator decides). */
export function normalizeColour(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const s = v.replace(/\s+/g, '');
  if (/^#[0-9a-fA-F]{3}$/.test(s)) return `#${s[1]}${s[1]}${s[2]}${s[2]}${s[3]}${s[3]}`;
  return COLOUR_RE.test(s) ? s : v;
}

const show = (v: unknown) => JSON.stringify(v);

/** Label of an item in notes: 第 3 个组件「公司名称」. */
export function itemLabel(index: number, item: unknown): string {
  const title = isObj(item) && typeof item.title === 'string' && item.title ? `「${item.title}」` : '';
  return `第 ${index + 1} 个组件${title}`;
}

function normalizeStyle(style: Obj, changes: string[]): Obj {
  const s: Obj = { ...style };
  for (const k of STYLE_FLAG_KEYS) {
    const b = flagOf(s[k]);
    if (b !== undefined) {
      changes.push(`${k} ${show(s[k])} → ${b}`);
      s[k] = b;
    }
  }
  for (const k of STYLE_NUMBER_KEYS) {
    const n = numberOf(s[k]);
    if (n !== undefined) {
      changes.push(`${k} ${show(s[k])} → ${n}`);
      s[k] = n;
    }
  }
  const a = ALIGN_BY_CODE[String(s.Alignment)];
  if (a !== undefined && (typeof s.Alignment === 'number' || typeof s.Alignment === 'string')) {
    changes.push(`Alignment ${show(s.Alignment)} → ${a}`);
    s.Alignment = a;
  }
  for (const k of COLOUR_KEYS) {
    const c = normalizeColour(s[k]);
    if (c !== s[k]) {
      changes.push(`${k} ${show(s[k])} → ${String(c)}`);
      s[k] = c;
    }
  }
  return s;
}

function normalizeItem(item: Obj, changes: string[]): Obj {
  const it: Obj = { ...item };
  for (const k of ITEM_FLAG_KEYS) {
    const b = flagOf(it[k]);
    if (b !== undefined) {
      changes.push(`${k} ${show(it[k])} → ${b}`);
      it[k] = b;
    }
  }
  for (const k of ITEM_NUMBER_KEYS) {
    const n = numberOf(it[k]);
    if (n !== undefined) {
      changes.push(`${k} ${show(it[k])} → ${n}`);
      it[k] = n;
    }
  }
  for (const k of TEXT_KEYS) {
    // a table's defaultValue is its list of sample rows; only plain numbers become text
    if (typeof it[k] === 'number') {
      changes.push(`${k} ${show(it[k])} → "${String(it[k])}"`);
      it[k] = String(it[k]);
    }
  }
  if (isObj(it.style)) it.style = normalizeStyle(it.style, changes);
  return it;
}

/** Normalise the value forms of a template object (see the file comment); never throws. */
export function normalizeTemplateForms(input: unknown): NormalizeResult {
  if (!isObj(input)) return { template: input, notes: [] };
  const notes: NormalizeNote[] = [];
  const page: Obj = { ...input };
  for (const k of PAGE_NUMBER_KEYS) {
    const n = numberOf(page[k]);
    if (n !== undefined) {
      notes.push({ path: [k], message: `模板的 ${k} ${show(page[k])} 改为数字 ${n}` });
      page[k] = n;
    }
  }
  if (isObj(page.sheet)) {
    const sheet: Obj = { ...page.sheet };
    for (const k of SHEET_NUMBER_KEYS) {
      const n = numberOf(sheet[k]);
      if (n !== undefined) {
        notes.push({ path: ['sheet', k], message: `模板的拼版设置的 ${k} ${show(sheet[k])} 改为数字 ${n}` });
        sheet[k] = n;
      }
    }
    page.sheet = sheet;
  }
  if (Array.isArray(page.tempItems)) {
    page.tempItems = page.tempItems.map((item, i) => {
      if (!isObj(item)) return item;
      const changes: string[] = [];
      const out = normalizeItem(item, changes);
      if (changes.length) notes.push({ path: ['tempItems', i], message: `${itemLabel(i, item)}：${changes.join('，')}` });
      return out;
    });
  }
  return { template: page, notes };
}

/** Only the normalised template (what the contract's preprocess step needs). */
export function normalizeTemplateValue(input: unknown): unknown {
  return normalizeTemplateForms(input).template;
}
