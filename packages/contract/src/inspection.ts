import { z } from 'zod';
import { endpoint, ref } from './common';
import { certificateView, inspectionView } from './orders';

/**
 * Warehouse (质检端) inspection results, amendments, fee quotes and certificates, and the public
 * certificate check (docs/domain.md#inspection). Money: none in the bodies; fees are charged by the server.
 */

export const inspectionResults = [
  { value: 'pass', label: '合格' },
  { value: 'fail', label: '不合格' },
  { value: 'unable', label: '无法检测' },
] as const;
export function inspectionResultLabel(v: string): string {
  return inspectionResults.find((r) => r.value === v)?.label ?? v;
}

const text = (max: number, label: string) =>
  z
    .string({ error: `${label}必须是文字` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字` })
    .optional()
    .transform((v) => v ?? '');

/** Photos one item's inspection record may hold. */
export const PHOTO_MAX_PER_ITEM = 9;

/** The measured fields of an inspection result, in the order forms, details and certificates show them. */
export const measuredFields = [
  { value: 'mass', label: '质量' },
  { value: 'shape', label: '形状' },
  { value: 'colour', label: '颜色' },
  { value: 'refractive_index', label: '折射率' },
  { value: 'density', label: '密度' },
  { value: 'magnification', label: '放大检查' },
  { value: 'purity', label: '纯度' },
] as const;
const measured = Object.fromEntries(measuredFields.map((f) => [f.value, f.label])) as Record<(typeof measuredFields)[number]['value'], string>;

export const inspectionSubmitBody = z.object({
  item_id: ref('item'),
  /** Total mass in mass_unit; empty when not measured. */
  mass: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: '质量必须是数字' }).positive({ error: '质量必须大于0' }).max(1_000_000, { error: '质量过大，请检查单位' }).optional(),
  ),
  /** Default: the category's unit. */
  mass_unit: z.enum(['g', 'ct'], { error: '质量单位只能是克（g）或克拉（ct）' }).optional(),
  shape: text(50, measured.shape),
  colour: text(50, measured.colour),
  refractive_index: text(50, measured.refractive_index),
  density: text(50, measured.density),
  magnification: text(200, measured.magnification),
  /** Metals (黄金, 铂金, 银饰): e.g. 足金999. */
  purity: text(50, measured.purity),
  /** The certificate's conclusion, e.g. 翡翠（A货）. */
  conclusion: z.string({ error: '请输入检测结论' }).trim().min(1, { error: '请输入检测结论' }).max(100, { error: '检测结论不能超过100个字' }),
  result: z.enum(['pass', 'fail', 'unable'], { error: '请选择检测结果（合格、不合格或无法检测）' }),
  remarks: text(500, '备注'),
  /**
   * The item's photos: keys answered by `Inspection/photoUpload` for this item's order (at most
   * PHOTO_MAX_PER_ITEM). Absent: the photos already recorded stay; [] removes them.
   */
  photos: z
    .array(z.string({ error: '照片编号必须是文字' }).trim().min(1, { error: '照片编号不能为空' }).max(200, { error: '照片编号不正确' }), { error: '照片必须是照片编号的列表' })
    .max(PHOTO_MAX_PER_ITEM, { error: `每件物品最多上传${PHOTO_MAX_PER_ITEM}张照片` })
    .optional(),
});
export type InspectionSubmitBody = z.input<typeof inspectionSubmitBody>;

export const inspectionSubmitData = z.object({
  item_id: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  /** The order's status after this result (inspecting until every item has a result). */
  order_status: z.string(),
  order_status_text: z.string(),
  inspection: inspectionView,
  /** Issued for a passed item (kept when an edit keeps it passed); null otherwise. */
  certificate: certificateView.nullable(),
  /** Fen charged by this request: 0 when the item had been charged before (an edit); negative when an edit from pass withdrew the certificate and its fee was reversed. */
  charged: z.number(),
  /** The merchant's balance after this request (fen). */
  merchant_balance: z.number(),
  /** Items of the order without a result yet. */
  pending_items: z.number(),
});

/** One entry a save will write in the merchant's ledger (费用明细), as it will be booked. */
export const feeQuoteLine = z.object({
  /** INSPECTION | CERTIFICATE | REVERSAL */
  type: z.string(),
  type_text: z.string(),
  /** Signed fen as booked: a charge is negative, a reversal positive. */
  amount: z.number(),
});

/** What saving one result books: the ledger lines and the net fen the merchant pays (negative: given back). */
export const feeQuote = z.object({
  result: z.enum(['pass', 'fail', 'unable']),
  lines: z.array(feeQuoteLine),
  /** What the save answers as `charged`. */
  net: z.number(),
});

export const feeQuoteQuery = z.object({
  item_id: ref('item'),
  /** submit: recording (or editing while inspecting) the result; amend: amending a submitted result. */
  mode: z.enum(['submit', 'amend'], { error: '计费方式只能是录入或修改' }).default('submit'),
});

export const feeQuoteData = z.object({
  item_id: z.string(),
  /** The item's fees (fen): its snapshot once charged, else the merchant's override, else the centre's rule. */
  inspection_fee: z.number(),
  certificate_fee: z.number(),
  /** One quote per possible result. */
  quotes: z.array(feeQuote),
});
export type FeeQuoteData = z.infer<typeof feeQuoteData>;

/**
 * Amend a submitted result (the order's inspection is complete and it has not shipped): the same
 * fields as a submit (photos stay as recorded), the reason, and the client's key that makes a
 * repeated request change nothing.
 */
export const inspectionAmendBody = inspectionSubmitBody.omit({ photos: true }).extend({
  reason: z.string({ error: '请填写修改原因' }).trim().min(2, { error: '请填写修改原因（至少2个字）' }).max(200, { error: '修改原因不能超过200个字' }),
  idempotency_key: z.string({ error: '缺少请求编号，请刷新页面后重试' }).trim().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号格式不正确，请刷新页面后重试' }),
});
export type InspectionAmendBody = z.input<typeof inspectionAmendBody>;

export const inspectionAmendData = inspectionSubmitData.extend({
  amendment_id: z.string(),
  from_result: z.string(),
  to_result: z.string(),
  /** Fen given back by reversing the item's previous charges; `charged` is the new charges minus this. */
  reversed: z.number(),
  /** The key had been used: this answers the amendment already made, nothing changed. */
  duplicate: z.boolean(),
});

/** What anyone who scans a tag sees: no merchant or buyer data. */
export const certificateVerifyData = z.object({
  certificate_no: z.string(),
  verify_code: z.string(),
  item_name: z.string(),
  category_name: z.string(),
  conclusion: z.string(),
  result: z.string(),
  result_text: z.string(),
  mass: z.number().nullable(),
  mass_unit: z.string(),
  shape: z.string(),
  colour: z.string(),
  refractive_index: z.string(),
  density: z.string(),
  magnification: z.string(),
  purity: z.string(),
  /** The certificate's measured fields as issued (label → value). */
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  centre_name: z.string(),
  issued_at: z.string(),
  /** The item's inspection photos (signed urls relative to /api, for <img src>). */
  photo_urls: z.array(z.string()),
});
export type CertificateVerifyData = z.infer<typeof certificateVerifyData>;

export const inspectionApi = {
  submit: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Inspection/submit',
    summary:
      'Record (or, while the order is inspecting, edit) an item’s result: received → inspecting on the first, then passed/failed/unable when every item has one; charges the inspection fee (+ certificate fee when passed) once; issues the certificate of a passed item',
    body: inspectionSubmitBody,
    data: inspectionSubmitData,
  }),
  feeQuote: endpoint({
    method: 'GET',
    path: '/warehouse/v1/Inspection/feeQuote',
    summary: 'The fees saving each result of an item would book (submit, or amend a submitted result): the ledger lines and the net amount, computed as the save computes them',
    query: feeQuoteQuery,
    data: feeQuoteData,
  }),
  amend: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Inspection/amend',
    summary:
      'Amend a submitted result with a reason, after inspection and before shipping: reverses the item’s charges and charges the new result, issues or withdraws the certificate, records the amendment in the order’s events; a repeated idempotency_key changes nothing',
    body: inspectionAmendBody,
    data: inspectionAmendData,
  }),
  certificateVerify: endpoint({
    method: 'GET',
    path: '/publics/v1/Certificate/verify',
    summary: 'Public certificate check by verification code or by the tag code bound to the item (no login; no merchant or buyer data)',
    query: z.object({ code: z.string({ error: '请输入查询码' }).trim().min(1, { error: '请输入查询码' }).max(32, { error: '查询码不正确' }) }),
    data: certificateVerifyData,
  }),
};
