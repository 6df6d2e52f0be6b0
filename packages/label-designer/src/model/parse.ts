import { createItem, createTemplate, defaultStyle, newUuid } from './defaults';
import { templateContent } from './schema';
import { ITEM_TYPES, type ItemKind, type SheetLayout, type Template } from './types';

/** Thrown by parseTemplate; `issues` holds one readable line per problem, naming its place. */
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
/** Other tools leave keys out, or write them as null (and numbers as ''): all mean "not given". */
const missing = (v: unknown) => v === undefined || v === null;
const missingNumber = (v: unknown) => missing(v) || v === '';

const SHEET_DEFAULTS: SheetLayout = { paperWidth: 210, paperHeight: 297, columns: 1, rows: 1, marginLeft: 0, marginTop: 0, gapX: 0, gapY: 0 };
const STYLE_OPTIONAL_KEYS = [
  'zIndex', 'FontSize', 'BottomMargin', 'LinkedItem', 'Angle', 'LineStyle', 'LineWidth', 'Bold', 'Italic', 'Underline', 'ShowBarText',
  'AutoHeight', 'FontName', 'FontColor', 'BorderColor', 'Alignment', 'codeType', 'ItemType',
] as const;

/** Fill what a key left out means in the designer; what is there is left for the schema to judge. */
function fill(o: Obj, defaults: object, isMissing: (v: unknown) => boolean): void {
  for (const [k, v] of Object.entries(defaults)) if (isMissing(o[k])) o[k] = v;
}

/** A table's columns: other tools write a column as its name alone, or leave the title out. */
function withColumnDefaults(v: unknown): unknown {
  if (missing(v)) return [];
  if (!Array.isArray(v)) return v;
  return v.map((c) => (typeof c === 'string' ? { name: c, title: c } : isObj(c) && missing(c.title) ? { ...c, title: c.name } : c));
}

function withStyleDefaults(v: unknown, kind: ItemKind): unknown {
  if (missing(v)) return defaultStyle(kind);
  if (!isObj(v)) return v;
  const s: Obj = { ...v };
  for (const k of STYLE_OPTIONAL_KEYS) if (missing(s[k]) || s[k] === '') delete s[k];
  if (kind === 'bar-code' && s.codeType === undefined) s.codeType = 'Code39';
  return s;
}

function withItemDefaults(v: unknown): unknown {
  if (!isObj(v)) return v;
  // an unknown type is the one mistake to report: the sizes of a text stand in for its own
  const known = (ITEM_TYPES as readonly unknown[]).includes(v.type);
  const kind = known ? (v.type as ItemKind) : 'braid-txt';
  const it: Obj = { ...v };
  // Items saved by other tools may lack a uuid; give them one rather than refuse the template.
  if (missing(it.uuid) || it.uuid === '') it.uuid = newUuid();
  fill(it, { name: '', title: '', value: '', defaultValue: '' }, missing);
  fill(it, { isEdit: true, dragable: true, resizable: true }, missingNumber);
  const { width, height } = createItem(kind);
  fill(it, { width, height, left: 0, top: 0 }, missingNumber);
  if (!known) return it;
  it.style = withStyleDefaults(it.style, kind);
  if (missing(it.lodopStyle)) delete it.lodopStyle;
  if (kind === 'braid-table') {
    it.columnsAttr = withColumnDefaults(it.columnsAttr);
    it.columns = withColumnDefaults(it.columns);
    if (missing(it.selectCol) && Array.isArray(it.columns)) it.selectCol = it.columns.map((c) => (isObj(c) ? c.name : c));
  }
  return it;
}

function withDefaults(json: Obj): Obj {
  const base = createTemplate();
  const tpl: Obj = { ...json };
  fill(tpl, { title: base.title }, missing);
  fill(tpl, { width: base.width, height: base.height, pageWidth: base.pageWidth, pageHeight: base.pageHeight }, missingNumber);
  fill(tpl, { imageUrl: '', tempItems: [] }, missing);
  if (Array.isArray(tpl.tempItems)) tpl.tempItems = tpl.tempItems.map(withItemDefaults);
  if (missing(tpl.sheet)) delete tpl.sheet;
  else if (isObj(tpl.sheet)) {
    const sheet: Obj = { ...tpl.sheet };
    fill(sheet, SHEET_DEFAULTS, missingNumber);
    tpl.sheet = sheet;
  }
  return tpl;
}

/**
 * Validate a template (object or JSON text) for the designer; never throws. The file format's one
 * schema judges it (its messages are the API's), after the normaliser and the designer's defaults.
 */
export function safeParseTemplate(input: unknown): ParseResult {
  let json = input;
  if (typeof input === 'string') {
    try {
      json = JSON.parse(input);
    } catch (e) {
      return { ok: false, issues: [`模板内容不是有效的 JSON：${(e as Error).message}`] };
    }
  }
  const r = templateContent.safeParse(isObj(json) ? withDefaults(json) : json);
  if (!r.success) return { ok: false, issues: r.error.issues.map((i) => i.message) };
  const template = r.data as Template;
  // cells are whole: 2.5 columns print as 2
  if (template.sheet) template.sheet = { ...template.sheet, columns: Math.floor(template.sheet.columns), rows: Math.floor(template.sheet.rows) };
  return { ok: true, template };
}

/** Validate and normalise a template; throws TemplateError listing every problem. */
export function parseTemplate(input: unknown): Template {
  const r = safeParseTemplate(input);
  if (!r.ok) throw new TemplateError(r.issues);
  return r.template;
}
