import { z } from 'zod';
import { BARCODE_TYPES, ITEM_TYPES, templateContent } from '@gemqc/label-designer/model';
import { endpoint, pageQuery, paged, emptyData, id, ref, refTo } from './common';

/**
 * Label templates (docs/domain.md#templates, product spec §3 "Template (page)" … "Barcode types").
 *
 * The template JSON is the file format of the label designer: its schema (`templateContent`, loose
 * objects that keep keys they do not know, run after the designer's one normaliser) is written once,
 * in @gemqc/label-designer/model (schema.ts), and re-exported here.
 */

export const templateKinds = ['certificate_label', 'order_sheet', 'batch_list'] as const;
export type TemplateKind = (typeof templateKinds)[number];

// The item, barcode, alignment and print-type lists are the designer's file format: the package owns
// them (it renders and prints each kind and stays free of app code); the API checks against the same lists.
export const templateItemTypes = ITEM_TYPES;
export type TemplateItemType = (typeof templateItemTypes)[number];

export const templateBarcodeTypes = BARCODE_TYPES;

export {
  TEMPLATE_MAX_ITEMS, describeTemplatePath, templateColumn, templateContent, templateItem, templateItemStyle,
  type TemplateContent, type TemplateContentInput, type TemplateItemJson,
} from '@gemqc/label-designer/model';

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
