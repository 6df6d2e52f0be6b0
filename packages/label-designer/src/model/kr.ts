import { newUuid } from './defaults';
import { itemLabel, KNOWN_ITEM_KEYS, KNOWN_PAGE_KEYS, KNOWN_STYLE_KEYS, normalizeTemplateForms } from './normalize';
import { safeParseTemplate } from './parse';
import { sanitizeTemplateHtml } from './sanitize';
import type { Template } from './types';

/**
 * Templates in kr-print-designer's file format, in and out.
 *
 * In: a template object as kr keeps it (`{title, width, height, pageWidth, pageHeight, tempItems}`),
 * kr's save event (`{pageInfo, tempItems}`) or a list of templates (kr's demo keeps them so). Its
 * value forms go through the one normaliser; what else differs from GemQC is mapped and said:
 * - kr prints a `braid-html` item's `defaultValue` and only shows `value` on its canvas; GemQC
 *   prints and shows `value`, so the printed HTML becomes `value` and kr's canvas text is kept in
 *   `krValue` (export writes both back);
 * - HTML outside the safe subset is escaped (it prints as text);
 * - items without a uuid get one; keys GemQC does not use are kept and exported again.
 * Out: the template as kr's current code loads it (booleans, Alignment left|center|right, a
 * table's `defaultValue` a list of rows, an html item's printed HTML in `defaultValue`).
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface KrImport {
  /** Template title (the name the import proposes). */
  title: string;
  /** The template when it can be kept; otherwise `issues` say why not. */
  template?: Template;
  /** What the import changed or kept aside, one zh-CN sentence each. */
  notes: string[];
  /** Why the template cannot be imported (nothing is saved then). */
  issues: string[];
}

/** kr's save event `{pageInfo, tempItems}` → one template object; anything else as it is. */
function unwrap(v: unknown): unknown {
  if (isObj(v) && isObj(v.pageInfo)) return { ...v.pageInfo, tempItems: v.tempItems ?? v.pageInfo.tempItems };
  return v;
}

const unknownKeys = (o: Obj, known: readonly string[]) => Object.keys(o).filter((k) => !known.includes(k));

/** One template in kr's format → GemQC's template plus the notes of what changed. */
export function fromKr(input: unknown): KrImport {
  const raw = unwrap(input);
  if (!isObj(raw)) return { title: '', notes: [], issues: ['文件里不是模板对象（应包含 title、width、height、pageWidth、pageHeight、tempItems）'] };
  const title = typeof raw.title === 'string' ? raw.title : '';
  const { template: normalised, notes: formNotes } = normalizeTemplateForms(raw);
  const page = normalised as Obj;
  const notes = formNotes.map((n) => n.message);
  const extraPage = unknownKeys(page, KNOWN_PAGE_KEYS);
  if (extraPage.length) notes.push(`模板的 ${extraPage.join('、')} 不是 GemQC 使用的字段：原样保留，导出时写回`);
  if (Array.isArray(page.tempItems)) {
    page.tempItems = page.tempItems.map((it, i) => {
      if (!isObj(it)) return it;
      const item: Obj = { ...it };
      const label = itemLabel(i, item);
      if (typeof item.uuid !== 'string' || item.uuid === '') {
        item.uuid = newUuid();
        notes.push(`${label}没有 uuid：已生成 ${item.uuid}`);
      }
      const dv = item.defaultValue;
      if (item.type === 'braid-html' && !item.name && typeof dv === 'string' && dv.trim() !== '' && dv !== item.value) {
        notes.push(`${label}：kr 打印的是 defaultValue 中的 HTML，已作为内容（value）；原画布文字“${String(item.value ?? '')}”保留在 krValue，导出时写回`);
        item.krValue = item.value ?? '';
        item.value = dv;
      }
      const extra = unknownKeys(item, KNOWN_ITEM_KEYS).filter((k) => k !== 'krValue');
      if (isObj(item.style)) extra.push(...unknownKeys(item.style, KNOWN_STYLE_KEYS).map((k) => `style.${k}`));
      if (extra.length) notes.push(`${label}的 ${extra.join('、')} 不是 GemQC 使用的字段：原样保留，导出时写回`);
      return item;
    });
  }
  const { template: safe, changed } = sanitizeTemplateHtml(page);
  for (const i of changed) {
    notes.push(`${itemLabel(i, (page.tempItems as unknown[])[i])}的 HTML 含有不允许的标记（脚本、事件属性等）：这些部分会作为文字显示，不会执行`);
  }
  const parsed = safeParseTemplate(safe);
  if (!parsed.ok) return { title, notes, issues: parsed.issues };
  return { title, template: parsed.template, notes, issues: [] };
}

/** A kr file (JSON text): one template, kr's save event, or a list of templates. */
export function readKrFile(text: string): { templates: KrImport[]; issues: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (e) {
    return { templates: [], issues: [`不是有效的 JSON 文件：${(e as Error).message}`] };
  }
  const list = Array.isArray(json) ? json : [json];
  if (list.length === 0) return { templates: [], issues: ['文件里没有模板'] };
  return { templates: list.map(fromKr), issues: [] };
}

/** GemQC's template → the JSON object kr-print-designer's code loads (see the file comment). */
export function toKr(template: Template): Obj {
  const items = template.tempItems.map((it) => {
    const { krValue, ...item } = it as typeof it & { krValue?: unknown };
    const out: Obj = { ...item, style: { ...item.style } };
    // kr prints an unbound html item's defaultValue (a bound one's data); its value is canvas text
    if (item.type === 'braid-html' && !item.name) {
      out.defaultValue = item.value;
      out.value = typeof krValue === 'string' ? krValue : item.value;
    }
    if (item.type === 'braid-table') {
      out.defaultValue = Array.isArray(item.defaultValue) ? item.defaultValue : [];
      out.columns ??= [];
      out.columnsAttr ??= [];
    }
    return out;
  });
  return { ...template, tempItems: items };
}

/** The export file's text: kr's template JSON, indented for people who read it. */
export function krFileText(template: Template): string {
  return `${JSON.stringify(toKr(template), null, 2)}\n`;
}
