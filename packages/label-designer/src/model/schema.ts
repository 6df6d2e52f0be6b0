import { z } from 'zod';
import { COLOUR_RE, normalizeTemplateValue } from './normalize';
import { ALIGNMENTS, BARCODE_TYPES, ITEM_TYPES, LODOP_ITEM_TYPES } from './types';

/**
 * The schema of the template file format (product spec §3 "Template (page)" … "Barcode types"), written
 * once here, in the package that owns the format; the contract re-exports it and the API validates
 * saves and imports with it.
 *
 * Field names keep their original spelling (dragable, lodopStyle, FontSize …) and keys this schema does
 * not know are kept as they are (loose objects), so a template written by another tool that uses the
 * format survives a save. kr-print-designer's value forms (flags 1/0, Alignment 1|2|3, numbers as
 * text …) are converted by the one normaliser (normalize.ts) before validation.
 * Messages are zh-CN sentences that name the place of the mistake: "模板第 3 个组件的宽度必须是数字".
 */

/** Most items a template may hold (the designer stays smooth at 500). */
export const TEMPLATE_MAX_ITEMS = 2000;

const ITEM_KEYS: Record<string, string> = {
  uuid: '编号', type: '类型', name: '绑定字段', isEdit: '可编辑', dragable: '可拖动', resizable: '可缩放',
  width: '宽度', height: '高度', left: '左边距', top: '上边距', title: '标题', value: '内容', defaultValue: '默认值',
  style: '样式', lodopStyle: '打印样式', columnsAttr: '可选列', columns: '已选列', selectCol: '已选列名',
  zIndex: '层级', FontSize: '字号', FontColor: '字体颜色', BorderColor: '边框颜色', Bold: '加粗', Italic: '斜体',
  Underline: '下划线', ShowBarText: '显示条码文字', Alignment: '对齐方式', codeType: '条码类型', ItemType: '打印类型',
  AutoHeight: '自动高度', BottomMargin: '底边距', LinkedItem: '关联组件',
  title_page: '模板名称', width_page: '模板宽度', height_page: '模板高度', pageWidth: '纸张宽度', pageHeight: '纸张高度',
  imageUrl: '背景图片', tempItems: '组件列表', sheet_page: '拼版设置',
};
const SHEET_KEYS: Record<string, string> = {
  paperWidth: '纸张宽度', paperHeight: '纸张高度', columns: '列数', rows: '行数',
  marginLeft: '左边距', marginTop: '上边距', gapX: '横向间距', gapY: '纵向间距',
};

/** Where in the template an issue is, as words (the path starts at the template object). */
export function describeTemplatePath(path: readonly PropertyKey[]): string {
  // the template may sit under `template` in a request body
  const p = path[0] === 'template' ? path.slice(1) : [...path];
  if (p.length === 0) return '模板';
  if (p[0] !== 'tempItems' || typeof p[1] !== 'number') {
    const key = String(p[0]);
    const sheetKey = key === 'sheet' && p.length > 1 ? String(p[1]) : undefined;
    return `模板的${ITEM_KEYS[`${key}_page`] ?? ITEM_KEYS[key] ?? key}${sheetKey === undefined ? '' : `的${SHEET_KEYS[sheetKey] ?? sheetKey}`}`;
  }
  let out = `模板第 ${p[1] + 1} 个组件`;
  const rest = p.slice(2);
  const inColumn = rest[0] === 'columns' || rest[0] === 'columnsAttr';
  for (let i = 0; i < rest.length; i++) {
    const k = rest[i]!;
    if (typeof k === 'number') out += `第 ${k + 1} 项`;
    else if (inColumn && i === 2) out += k === 'name' ? '的列名' : k === 'title' ? '的列标题' : `的${String(k)}`;
    else out += `的${ITEM_KEYS[String(k)] ?? String(k)}`;
  }
  return out;
}

type Iss = { path?: PropertyKey[]; input?: unknown };
const at = (iss: Iss) => describeTemplatePath(iss.path ?? []);

const num = (min?: number) => {
  let s = z.number({ error: (iss: Iss) => `${at(iss)}必须是数字` });
  if (min !== undefined) s = s.min(min, { error: (iss: Iss) => `${at(iss)}不能小于 ${min}` });
  return s;
};
const str = (max: number) =>
  z.string({ error: (iss: Iss) => `${at(iss)}必须是文字` }).max(max, { error: (iss: Iss) => `${at(iss)}不能超过 ${max} 个字符` });
const bool = () => z.boolean({ error: (iss: Iss) => `${at(iss)}必须是 true 或 false（或 1、0）` });
/** Colours go into style attributes: only `#rrggbb`. */
const colour = () =>
  z.string({ error: (iss: Iss) => `${at(iss)}必须是 #rrggbb 形式的颜色，例如 #000000` })
    .regex(COLOUR_RE, { error: (iss: Iss) => `${at(iss)}必须是 #rrggbb 形式的颜色，例如 #000000` });

export const templateItemStyle = z.looseObject({
  zIndex: num().optional(),
  FontSize: num(0).optional(),
  FontColor: colour().optional(),
  BorderColor: colour().optional(),
  Bold: bool().optional(),
  Italic: bool().optional(),
  Underline: bool().optional(),
  ShowBarText: bool().optional(),
  Alignment: z.enum(ALIGNMENTS, { error: (iss: Iss) => `${at(iss)}只能是 left、center、right（或 1、2、3）` }).optional(),
  codeType: z.enum(BARCODE_TYPES, { error: (iss: Iss) => `${at(iss)}不是支持的条码类型（${String(iss.input)}）` }).optional(),
  ItemType: z.literal(LODOP_ITEM_TYPES, { error: (iss: Iss) => `${at(iss)}只能是 0 到 4` }).optional(),
  AutoHeight: bool().optional(),
  BottomMargin: num(0).optional(),
  LinkedItem: num().optional(),
  FontName: str(64).optional(),
  Angle: num().optional(),
  LineStyle: num(0).optional(),
  LineWidth: num(0).optional(),
});

export const templateColumn = z.looseObject(
  { name: str(100), title: str(100) },
  { error: (iss: Iss) => `${at(iss)}必须是对象（包含列名 name 和列标题 title）` },
);

/** Several labels per sheet (the designer's SheetLayout); a length left out takes the designer's default. */
export const templateSheet = z.looseObject(
  {
    paperWidth: num(1).optional(),
    paperHeight: num(1).optional(),
    columns: num(1).optional(),
    rows: num(1).optional(),
    marginLeft: num(0).optional(),
    marginTop: num(0).optional(),
    gapX: num(0).optional(),
    gapY: num(0).optional(),
  },
  { error: (iss: Iss) => `${at(iss)}必须是对象（paperWidth、paperHeight、columns、rows、marginLeft、marginTop、gapX、gapY）` },
);

/** Text of an item: numbers written by other tools (bar-code value 1234567890) become strings. */
const text = (max: number) =>
  z.union([z.string(), z.number()], { error: (iss: Iss) => `${at(iss)}必须是文字` }).transform(String).pipe(str(max));

/** A table's sample rows, as kr-print-designer keeps them in `defaultValue`. */
const sampleRows = z.array(z.record(z.string(), z.unknown(), { error: (iss: Iss) => `${at(iss)}必须是一行样例数据（对象）` }));

export const templateItem = z.looseObject({
  uuid: str(64).min(1, { error: (iss: Iss) => `${at(iss)}不能为空` }),
  type: z.enum(ITEM_TYPES, { error: (iss: Iss) => `${at(iss)}不正确（应为 ${ITEM_TYPES.slice(0, -1).join('、')} 或 ${ITEM_TYPES.at(-1)}）` }),
  name: str(100).optional(),
  isEdit: bool().optional(),
  dragable: bool().optional(),
  resizable: bool().optional(),
  width: num(1),
  height: num(1),
  left: num(0),
  top: num(0),
  title: text(200).optional(),
  value: text(100_000).optional(),
  defaultValue: z.union([text(100_000), sampleRows], { error: (iss: Iss) => `${at(iss)}必须是文字（表格可以是样例数据列表）` }).optional(),
  style: templateItemStyle.optional(),
  lodopStyle: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]), { error: (iss: Iss) => `${at(iss)}必须是键值表（值为文字、数字或 true/false）` }).optional(),
  columnsAttr: z.array(templateColumn, { error: (iss: Iss) => `${at(iss)}必须是列表` }).optional(),
  columns: z.array(templateColumn, { error: (iss: Iss) => `${at(iss)}必须是列表` }).optional(),
  selectCol: z.array(str(100), { error: (iss: Iss) => `${at(iss)}必须是列表` }).optional(),
}, { error: (iss: Iss) => `${at(iss)}必须是对象（包含 uuid、type、width、height、left、top）` });
export type TemplateItemJson = z.output<typeof templateItem>;

/** The template JSON of the spec; unknown keys are kept. */
const templateContentShape = z.looseObject(
  {
    title: str(100),
    width: num(0),
    height: num(0),
    pageWidth: num(0),
    pageHeight: num(0),
    imageUrl: str(4_000_000).optional(),
    tempItems: z
      .array(templateItem, { error: (iss: Iss) => `${at(iss)}必须是列表` })
      .max(TEMPLATE_MAX_ITEMS, { error: `模板最多 ${TEMPLATE_MAX_ITEMS} 个组件` })
      .superRefine((items, ctx) => {
        // the designer selects, moves and links items by uuid: two with one uuid cannot be edited or printed
        const firstWith = new Map<string, number>();
        items.forEach((item, i) => {
          const first = firstWith.get(item.uuid);
          if (first === undefined) firstWith.set(item.uuid, i);
          else ctx.addIssue({ code: 'custom', path: [i, 'uuid'], message: `${describeTemplatePath(['tempItems', i, 'uuid'])}与第 ${first + 1} 个重复` });
          if (item.type !== 'braid-table' && Array.isArray(item.defaultValue)) {
            ctx.addIssue({ code: 'custom', path: [i, 'defaultValue'], message: `${describeTemplatePath(['tempItems', i, 'defaultValue'])}必须是文字（只有表格的默认值可以是样例数据列表）` });
          }
        });
      }),
    sheet: templateSheet.nullish(),
  },
  { error: '模板内容必须是 JSON 对象（包含 title、width、height、pageWidth、pageHeight、tempItems）' },
);
/** The template JSON, after kr-print-designer's value forms are normalised (see normalize.ts). */
export const templateContent = z.preprocess(normalizeTemplateValue, templateContentShape);
export type TemplateContent = z.output<typeof templateContentShape>;
export type TemplateContentInput = z.input<typeof templateContentShape>;
