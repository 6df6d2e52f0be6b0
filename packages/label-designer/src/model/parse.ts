import { createTemplate, defaultStyle, newUuid } from './defaults';
import { COLOUR_RE, normalizeTemplateForms } from './normalize';
import {
  ALIGNMENTS, BARCODE_TYPES, ITEM_TYPES, LODOP_ITEM_TYPES,
  type DataRow, type ItemKind, type ItemStyle, type LodopStyle, type TableColumn, type Template, type TemplateItem,
} from './types';

/** Thrown by parseTemplate; `issues` holds one readable line per problem, with its JSON path. */
export class TemplateError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid template: ${issues.join('; ')}`);
    this.name = 'TemplateError';
    this.issues = issues;
  }
}

export type ParseResult = { ok: true; template: Template } | { ok: false; issues: string[] };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

class Ctx {
  issues: string[] = [];
  fail(path: string, msg: string): void {
    this.issues.push(`${path}: ${msg}`);
  }
  /** Other tools bind numbers to text inputs, so numeric strings are accepted. */
  num(o: Obj, key: string, path: string, fallback: number | undefined, min?: number): number | undefined {
    const v = o[key];
    if (v === undefined || v === null || v === '') return fallback;
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) {
      this.fail(`${path}.${key}`, `expected a number, got ${JSON.stringify(v)}`);
      return fallback;
    }
    if (min !== undefined && n < min) {
      this.fail(`${path}.${key}`, `must be at least ${min}, got ${n}`);
      return fallback;
    }
    return n;
  }
  str(o: Obj, key: string, path: string, fallback: string): string {
    const v = o[key];
    if (v === undefined || v === null) return fallback;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    this.fail(`${path}.${key}`, `expected text, got ${Array.isArray(v) ? 'a list' : typeof v}`);
    return fallback;
  }
  bool(o: Obj, key: string, path: string, fallback: boolean | undefined): boolean | undefined {
    const v = o[key];
    if (v === undefined || v === null || v === '') return fallback;
    if (typeof v === 'boolean') return v;
    if (v === 1 || v === 0 || v === '1' || v === '0' || v === 'true' || v === 'false') return v === 1 || v === '1' || v === 'true';
    this.fail(`${path}.${key}`, `expected true/false, got ${JSON.stringify(v)}`);
    return fallback;
  }
}

function parseColumns(ctx: Ctx, v: unknown, path: string): TableColumn[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) {
    ctx.fail(path, 'expected a list of columns');
    return undefined;
  }
  const out: TableColumn[] = [];
  v.forEach((c, i) => {
    if (typeof c === 'string') return void out.push({ name: c, title: c });
    if (!isObj(c) || typeof c.name !== 'string' || c.name === '') return ctx.fail(`${path}[${i}]`, 'a column needs a text "name"');
    out.push({ ...c, name: c.name, title: typeof c.title === 'string' ? c.title : c.name });
  });
  return out;
}

/** A table's sample rows (kr-print-designer keeps them in defaultValue): a list of objects. */
function sampleRows(ctx: Ctx, v: unknown[], path: string): DataRow[] {
  v.forEach((r, i) => {
    if (!isObj(r)) ctx.fail(`${path}[${i}]`, 'a sample row must be an object');
  });
  return v.filter(isObj);
}

function parseStyle(ctx: Ctx, v: unknown, type: ItemKind, path: string): ItemStyle {
  if (v === undefined || v === null) return defaultStyle(type);
  if (!isObj(v)) {
    ctx.fail(path, 'expected an object');
    return defaultStyle(type);
  }
  const s: ItemStyle = { ...v };
  for (const key of ['zIndex', 'FontSize', 'BottomMargin', 'LinkedItem'] as const) {
    const min = key === 'FontSize' || key === 'BottomMargin' ? 0 : undefined;
    const n = ctx.num(v, key, path, undefined, min);
    if (n === undefined) delete s[key];
    else s[key] = n;
  }
  for (const key of ['Bold', 'Italic', 'Underline', 'ShowBarText', 'AutoHeight'] as const) {
    const b = ctx.bool(v, key, path, undefined);
    if (b === undefined) delete s[key];
    else s[key] = b;
  }
  for (const key of ['FontColor', 'BorderColor'] as const) {
    if (v[key] === undefined || v[key] === null) delete s[key];
    else if (typeof v[key] !== 'string' || !COLOUR_RE.test(v[key])) ctx.fail(`${path}.${key}`, `expected a colour like #000000, got ${JSON.stringify(v[key])}`);
  }
  if (v.Alignment !== undefined && v.Alignment !== null && v.Alignment !== '') {
    // Old templates stored C-Lodop's numeric alignment (1/2/3).
    const a = v.Alignment === 1 || v.Alignment === '1' ? 'left' : v.Alignment === 2 || v.Alignment === '2' ? 'center' : v.Alignment === 3 || v.Alignment === '3' ? 'right' : v.Alignment;
    if ((ALIGNMENTS as readonly unknown[]).includes(a)) s.Alignment = a as ItemStyle['Alignment'];
    else ctx.fail(`${path}.Alignment`, `expected one of ${ALIGNMENTS.join(', ')}, got ${JSON.stringify(v.Alignment)}`);
  } else delete s.Alignment;
  if (v.codeType !== undefined && v.codeType !== null && v.codeType !== '') {
    if ((BARCODE_TYPES as readonly unknown[]).includes(v.codeType)) s.codeType = v.codeType as ItemStyle['codeType'];
    else ctx.fail(`${path}.codeType`, `unknown barcode type ${JSON.stringify(v.codeType)} (expected one of ${BARCODE_TYPES.join(', ')})`);
  } else delete s.codeType;
  if (v.ItemType !== undefined && v.ItemType !== null && v.ItemType !== '') {
    const n = Number(v.ItemType);
    if ((LODOP_ITEM_TYPES as readonly number[]).includes(n)) s.ItemType = n as ItemStyle['ItemType'];
    else ctx.fail(`${path}.ItemType`, `expected 0..4, got ${JSON.stringify(v.ItemType)}`);
  } else delete s.ItemType;
  if (type === 'bar-code' && s.codeType === undefined) s.codeType = 'Code39';
  return s;
}

function parseItem(ctx: Ctx, v: unknown, path: string, seen: Set<string>): TemplateItem | undefined {
  if (!isObj(v)) {
    ctx.fail(path, 'expected an item object');
    return undefined;
  }
  const type = v.type;
  if (!(ITEM_TYPES as readonly unknown[]).includes(type)) {
    ctx.fail(`${path}.type`, `unknown item type ${JSON.stringify(type)} (expected one of ${ITEM_TYPES.join(', ')})`);
    return undefined;
  }
  const kind = type as ItemKind;
  let uuid = ctx.str(v, 'uuid', path, '');
  // Items saved by other tools may lack a uuid; give them one rather than refuse the template.
  if (uuid === '') uuid = newUuid();
  if (seen.has(uuid)) ctx.fail(`${path}.uuid`, `duplicate uuid "${uuid}"`);
  seen.add(uuid);
  const item: TemplateItem = {
    ...v,
    uuid,
    type: kind,
    name: ctx.str(v, 'name', path, ''),
    isEdit: ctx.bool(v, 'isEdit', path, true) ?? true,
    dragable: ctx.bool(v, 'dragable', path, true) ?? true,
    resizable: ctx.bool(v, 'resizable', path, true) ?? true,
    width: ctx.num(v, 'width', path, 0, 0) ?? 0,
    height: ctx.num(v, 'height', path, 0, 0) ?? 0,
    left: ctx.num(v, 'left', path, 0) ?? 0,
    top: ctx.num(v, 'top', path, 0) ?? 0,
    title: ctx.str(v, 'title', path, ''),
    value: ctx.str(v, 'value', path, ''),
    defaultValue: kind === 'braid-table' && Array.isArray(v.defaultValue) ? sampleRows(ctx, v.defaultValue, `${path}.defaultValue`) : ctx.str(v, 'defaultValue', path, ''),
    style: parseStyle(ctx, v.style, kind, `${path}.style`),
  };
  if (v.lodopStyle !== undefined && v.lodopStyle !== null) {
    if (!isObj(v.lodopStyle)) ctx.fail(`${path}.lodopStyle`, 'expected an object of C-Lodop style keys');
    else {
      const ls: LodopStyle = {};
      for (const [k, val] of Object.entries(v.lodopStyle)) {
        if (typeof val === 'string' || typeof val === 'number' || typeof val === 'boolean') ls[k] = val;
        else ctx.fail(`${path}.lodopStyle.${k}`, 'expected text, a number or true/false');
      }
      item.lodopStyle = ls;
    }
  } else delete item.lodopStyle;
  if (kind === 'braid-table') {
    item.columnsAttr = parseColumns(ctx, v.columnsAttr, `${path}.columnsAttr`) ?? [];
    item.columns = parseColumns(ctx, v.columns, `${path}.columns`) ?? [];
    if (v.selectCol !== undefined && v.selectCol !== null) {
      if (!Array.isArray(v.selectCol) || v.selectCol.some((s) => typeof s !== 'string')) ctx.fail(`${path}.selectCol`, 'expected a list of column names');
      else item.selectCol = v.selectCol as string[];
    } else item.selectCol = item.columns.map((c) => c.name);
  }
  return item;
}

/** Validate and normalise a template (object or JSON text); never throws. */
export function safeParseTemplate(input: unknown): ParseResult {
  let json = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch (e) {
      return { ok: false, issues: [`not valid JSON: ${(e as Error).message}`] };
    }
  }
  if (!isObj(input) && !isObj(json)) return { ok: false, issues: ['a template must be an object'] };
  json = normalizeTemplateForms(json).template;
  if (!isObj(json)) return { ok: false, issues: ['a template must be an object'] };
  const ctx = new Ctx();
  const base = createTemplate();
  const tpl: Template = {
    ...json,
    title: ctx.str(json, 'title', '$', base.title),
    width: ctx.num(json, 'width', '$', base.width, 0) ?? base.width,
    height: ctx.num(json, 'height', '$', base.height, 0) ?? base.height,
    pageWidth: ctx.num(json, 'pageWidth', '$', base.pageWidth, 0) ?? base.pageWidth,
    pageHeight: ctx.num(json, 'pageHeight', '$', base.pageHeight, 0) ?? base.pageHeight,
    imageUrl: ctx.str(json, 'imageUrl', '$', ''),
    tempItems: [],
  };
  const items = json.tempItems;
  if (items !== undefined && items !== null && !Array.isArray(items)) ctx.fail('$.tempItems', 'expected a list of items');
  else if (Array.isArray(items)) {
    const seen = new Set<string>();
    items.forEach((it, i) => {
      const parsed = parseItem(ctx, it, `$.tempItems[${i}]`, seen);
      if (parsed) tpl.tempItems.push(parsed);
    });
  }
  return ctx.issues.length ? { ok: false, issues: ctx.issues } : { ok: true, template: tpl };
}

/** Validate and normalise a template; throws TemplateError listing every problem. */
export function parseTemplate(input: unknown): Template {
  const r = safeParseTemplate(input);
  if (!r.ok) throw new TemplateError(r.issues);
  return r.template;
}
