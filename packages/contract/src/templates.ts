import { z } from 'zod';
import { ALIGNMENTS, BARCODE_TYPES, COLOUR_RE, ITEM_TYPES, LODOP_ITEM_TYPES, normalizeTemplateValue } from '@gemqc/label-designer/model';
import { endpoint, pageQuery, paged, emptyData, id, ref, refTo } from './common';

/**
 * Label templates (docs/domain.md#templates, product spec §3 "Template (page)" … "Barcode types").
 *
 * The template JSON is the file format of the label designer: field names keep their original
 * spelling (dragable, lodopStyle, FontSize …) and keys this schema does not know are kept as they
 * are (loose objects), so a template written by another tool that uses the format survives a save.
 * kr-print-designer's value forms (flags 1/0, Alignment 1|2|3, numbers as text …) are converted by
 * the label designer's one normaliser before validation, the same one `parseTemplate` runs.
 */

export const templateKinds = ['certificate_label', 'order_sheet', 'batch_list'] as const;
export type TemplateKind = (typeof templateKinds)[number];

// The item, barcode, alignment and print-type lists are the designer's file format: the package owns
// them (it renders and prints each kind and stays free of app code); the API checks against the same lists.
export const templateItemTypes = ITEM_TYPES;
export type TemplateItemType = (typeof templateItemTypes)[number];

export const templateBarcodeTypes = BARCODE_TYPES;

/** Most items a template may hold (the designer stays smooth at 500). */
export const TEMPLATE_MAX_ITEMS = 2000;

// ---- messages that say where the problem is: "模板第 3 个组件的宽度必须是数字" ----

const ITEM_KEYS: Record<string, string> = {
  uuid: '编号', type: '类型', name: '绑定字段', isEdit: '可编辑', dragable: '可拖动', resizable: '可缩放',
  width: '宽度', height: '高度', left: '左边距', top: '上边距', title: '标题', value: '内容', defaultValue: '默认值',
  style: '样式', lodopStyle: '打印样式', columnsAttr: '可选列', columns: '已选列', selectCol: '已选列名',
  zIndex: '层级', FontSize: '字号', FontColor: '字体颜色', BorderColor: '边框颜色', Bold: '加粗', Italic: '斜体',
  Underline: '下划线', ShowBarText: '显示条码文字', Alignment: '对齐方式', codeType: '条码类型', ItemType: '打印类型',
  AutoHeight: '自动高度', BottomMargin: '底边距', LinkedItem: '关联组件',
  title_page: '模板名称', width_page: '模板宽度', height_page: '模板高度', pageWidth: '纸张宽度', pageHeight: '纸张高度',
  imageUrl: '背景图片', tempItems: '组件列表',
};

/** Where in the template an issue is, as words (the path starts at the template object). */
export function describeTemplatePath(path: readonly PropertyKey[]): string {
  // the template may sit under `template` in a request body
  const p = path[0] === 'template' ? path.slice(1) : [...path];
  if (p.length === 0) return '模板';
  if (p[0] !== 'tempItems' || typeof p[1] !== 'number') {
    const key = String(p[0]);
    return `模板的${ITEM_KEYS[`${key}_page`] ?? ITEM_KEYS[key] ?? key}`;
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
  codeType: z.enum(templateBarcodeTypes, { error: (iss: Iss) => `${at(iss)}不是支持的条码类型（${String(iss.input)}）` }).optional(),
  ItemType: z.literal(LODOP_ITEM_TYPES, { error: (iss: Iss) => `${at(iss)}只能是 0 到 4` }).optional(),
  AutoHeight: bool().optional(),
  BottomMargin: num(0).optional(),
  LinkedItem: num().optional(),
  FontName: str(64).optional(),
  Angle: num().optional(),
  LineStyle: num(0).optional(),
  LineWidth: num(0).optional(),
});

export const templateColumn = z.looseObject({ name: str(100), title: str(100) });

/** Text of an item: numbers written by other tools (bar-code value 1234567890) become strings. */
const text = (max: number) =>
  z.union([z.string(), z.number()], { error: (iss: Iss) => `${at(iss)}必须是文字` }).transform(String).pipe(str(max));

/** A table's sample rows, as kr-print-designer keeps them in `defaultValue`. */
const sampleRows = z.array(z.record(z.string(), z.unknown(), { error: (iss: Iss) => `${at(iss)}必须是一行样例数据（对象）` }));

export const templateItem = z.looseObject({
  uuid: str(64).min(1, { error: (iss: Iss) => `${at(iss)}不能为空` }),
  type: z.enum(templateItemTypes, { error: (iss: Iss) => `${at(iss)}不正确（应为 ${templateItemTypes.slice(0, -1).join('、')} 或 ${templateItemTypes.at(-1)}）` }),
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
});
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
        items.forEach((item, i) => {
          if (item.type !== 'braid-table' && Array.isArray(item.defaultValue)) {
            ctx.addIssue({ code: 'custom', path: [i, 'defaultValue'], message: `${describeTemplatePath(['tempItems', i, 'defaultValue'])}必须是文字（只有表格的默认值可以是样例数据列表）` });
          }
        });
      }),
  },
  { error: '模板内容必须是 JSON 对象（包含 title、width、height、pageWidth、pageHeight、tempItems）' },
);
/** The template JSON, after kr-print-designer's value forms are normalised (see normalize.ts). */
export const templateContent = z.preprocess(normalizeTemplateValue, templateContentShape);
export type TemplateContent = z.output<typeof templateContentShape>;
export type TemplateContentInput = z.input<typeof templateContentShape>;

export const templateKind = z.enum(templateKinds, { error: '模板类型不正确（证书标签、订单单据或批次清单）' });

export const templateSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(templateKinds),
  version: z.number(),
  is_default: z.boolean(),
  /** Paper size in mm and item count, for the list. */
  page_width: z.number(),
  page_height: z.number(),
  item_count: z.number(),
  updated_by_name: z.string(),
  updated_at: z.string(),
  created_at: z.string(),
});
export type TemplateSummary = z.infer<typeof templateSummary>;

export const templateDetail = templateSummary.extend({ template: templateContent });
export type TemplateDetail = z.infer<typeof templateDetail>;

/**
 * A save's answer: the saved template, and a sentence for each picture on another host that could
 * not be fetched into storage (the template is saved all the same; print paths skip that picture).
 */
export const templateSaveData = templateDetail.extend({ image_warnings: z.array(z.string()).optional() });
export type TemplateSaveData = z.infer<typeof templateSaveData>;

/** A data field a kind offers for binding; `columns` marks a list field usable by tables. */
export const templateField = z.object({
  name: z.string(),
  title: z.string(),
  /** Example value, shown in the designer and used by the sample row. */
  example: z.string().optional(),
  columns: z.array(z.object({ name: z.string(), title: z.string() })).optional(),
});
export type TemplateField = z.infer<typeof templateField>;

export const templateListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50, { error: '搜索关键字不能超过50个字符' }).optional(),
  kind: z.union([templateKind, z.literal('')]).optional(),
});

export const templateSaveBody = z.object({
  /** Absent: create. Present: update, with the version the editor loaded. */
  id: refTo('template', id).optional(),
  name: z
    .string({ error: '请输入模板名称' })
    .trim()
    .min(1, { error: '请输入模板名称' })
    .max(50, { error: '模板名称不能超过50个字符' }),
  kind: templateKind,
  template: templateContent,
  version: z.number({ error: '模板版本号必须是数字' }).int().min(1, { error: '模板版本号不正确' }).max(2_000_000_000, { error: '模板版本号不正确' }).optional(),
  /** Make it the default of its kind (the first template of a kind becomes the default anyway). */
  is_default: z.boolean().optional(),
});

const idBody = z.object({ id: refTo('template', id) });
const kindQuery = z.object({ kind: templateKind });

export const templateNamespaces = ['warehouse', 'center'] as const;
export type TemplateNamespace = (typeof templateNamespaces)[number];

/** Pictures a template's image items may upload into the app's file storage. */
export const TEMPLATE_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const TEMPLATE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

export const templateImageUploadData = z.object({
  key: z.string(),
  /** Relative to /api; public and never changing, so C-Lodop and <img> load it without a session. */
  url: z.string(),
  mime: z.string(),
  /** bytes */
  size: z.number(),
});
export type TemplateImageUploadData = z.infer<typeof templateImageUploadData>;

function templateEndpoints(ns: TemplateNamespace) {
  const base = `/${ns}/v1/Template`;
  return {
    list: endpoint({ method: 'GET', path: `${base}/list`, summary: 'Label templates of the centre (keyword, kind, paginated)', query: templateListQuery, data: paged(templateSummary) }),
    detail: endpoint({ method: 'GET', path: `${base}/detail`, summary: 'One label template with its template JSON', query: idBody, data: templateDetail }),
    save: endpoint({ method: 'POST', path: `${base}/save`, summary: 'Create, or update with the loaded version (a stale version answers 1001)', idempotent: true, body: templateSaveBody, data: templateSaveData }),
    delete: endpoint({ method: 'POST', path: `${base}/delete`, summary: 'Delete a template (not the default one)', body: idBody, data: emptyData }),
    setDefault: endpoint({ method: 'POST', path: `${base}/setDefault`, summary: 'Make a template the default of its kind', body: idBody, data: templateDetail }),
    default: endpoint({ method: 'GET', path: `${base}/default`, summary: 'The default template of a kind (the built-in one when the centre has none)', query: kindQuery, data: templateDetail }),
    fields: endpoint({ method: 'GET', path: `${base}/fields`, summary: 'Data fields a kind offers for binding', query: kindQuery, data: z.object({ kind: z.enum(templateKinds), fields: z.array(templateField) }) }),
    sample: endpoint({ method: 'GET', path: `${base}/sample`, summary: 'A sample data row of a kind for test prints', query: kindQuery, data: z.object({ kind: z.enum(templateKinds), row: z.record(z.string(), z.unknown()) }) }),
    imageUpload: endpoint({
      method: 'POST',
      path: `${base}/imageUpload`,
      summary: 'Upload a picture for an image item: the raw PNG or JPEG is the request body (Content-Type image/png or image/jpeg, first bytes checked, at most 2 MiB). Answers a public url to put in the item',
      data: templateImageUploadData,
    }),
  };
}

/** A picture uploaded for a template (public: C-Lodop fetches it without a session; the key is unguessable). */
export const templateImageApi = {
  image: endpoint({
    method: 'GET',
    path: '/publics/v1/Template/image',
    summary: "A template's uploaded picture (the url answered by Template/imageUpload)",
    query: z.object({ key: z.string().max(200) }),
    data: z.unknown(),
  }),
};

export const templatesApi = {
  warehouse: templateEndpoints('warehouse'),
  center: templateEndpoints('center'),
};
export type TemplateEndpoints = ReturnType<typeof templateEndpoints>;

/**
 * Merchants print order sheets with the default template of the centre they send goods to
 * (their default centre unless `centre_id` names another one); the built-in one when that centre has none.
 */
export const merchantTemplateApi = {
  default: endpoint({
    method: 'GET',
    path: '/merchant/v1/Template/default',
    summary: "The default template of a kind of the merchant's centre (the built-in one when it has none)",
    query: z.object({ kind: templateKind, centre_id: ref('centre').optional() }),
    data: templateDetail,
  }),
};

/** Answer text of a save with a stale version. */
export const TEMPLATE_VERSION_CONFLICT = '模板已被他人修改，请刷新后再保存';
