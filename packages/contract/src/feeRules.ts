import { z } from 'zod';
import { endpoint, pageQuery, paged, ref, refTo } from './common';

/**
 * Testing-fee rules (检测费配置, docs/domain.md#fees) of the caller's centre: per gem category an inspection
 * fee and a certificate fee in fen, plus per-merchant overrides. A change applies to items charged
 * later only: the fee is snapshotted on the item when it is first charged.
 */

export const feeRuleNamespaces = ['warehouse', 'center'] as const;
export type FeeRuleNamespace = (typeof feeRuleNamespaces)[number];

/** Highest fee of one kind: ¥10,000.00. */
export const MAX_FEE_FEN = 1_000_000;

function feeFen(what: string) {
  return z
    .number({ error: `请输入${what}` })
    .int({ error: `${what}最多精确到分` })
    .min(0, { error: `${what}不能小于0` })
    .max(MAX_FEE_FEN, { error: `${what}不能超过10000元` });
}
export const inspectionFeeFen = feeFen('检测费');
export const certificateFeeFen = feeFen('证书费');

export const feeRuleRow = z.object({
  category_id: z.string(),
  category_code: z.string(),
  category_name: z.string(),
  unit: z.string(),
  /** The centre's rule id; null while the category has no rule (items of it cannot be charged yet). */
  rule_id: z.string().nullable(),
  inspection_fee: z.number().nullable(),
  certificate_fee: z.number().nullable(),
  /** Merchant overrides of this category. */
  override_count: z.number(),
  updated_by_name: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type FeeRuleRow = z.infer<typeof feeRuleRow>;

export const feeOverrideRow = z.object({
  id: z.string(),
  merchant_id: z.string(),
  merchant_name: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  inspection_fee: z.number(),
  certificate_fee: z.number(),
  /** The centre's own fee of the category, for comparison (null: no rule). */
  base_inspection_fee: z.number().nullable(),
  base_certificate_fee: z.number().nullable(),
  updated_by_name: z.string().nullable(),
  updated_at: z.string(),
});
export type FeeOverrideRow = z.infer<typeof feeOverrideRow>;

export const feeOverrideQuery = pageQuery.extend({
  /** Merchant name, contains. */
  keyword: z.string().trim().max(50, { error: '关键字不能超过50个字' }).optional().transform((v) => v || undefined),
  category_id: z.union([z.literal(''), ref('category')]).optional().transform((v) => v || undefined),
});
export type FeeOverrideQuery = z.input<typeof feeOverrideQuery>;

export const feeMerchantQuery = z.object({
  keyword: z.string().trim().max(50, { error: '关键字不能超过50个字' }).optional().transform((v) => v || undefined),
});
export const feeMerchantOption = z.object({ id: z.string(), name: z.string() });

export const feeSaveBody = z.object({
  category_id: refTo('category', z.union([z.string(), z.number()], { error: '请选择宝石品类' }).transform((v) => String(v)).pipe(z.string().regex(/^\d{1,18}$/, { error: '请选择宝石品类' }))),
  /** Set: that merchant's override; absent or null: the centre's rule. */
  merchant_id: refTo(
    'merchant',
    z
      .union([z.string(), z.number(), z.null()], { error: '请选择商家' })
      .optional()
      .transform((v) => (v === null || v === undefined || v === '' ? null : String(v)))
      .pipe(z.string().regex(/^\d{1,18}$/, { error: '请选择商家' }).nullable()),
  ),
  inspection_fee: inspectionFeeFen,
  certificate_fee: certificateFeeFen,
});
export type FeeSaveBody = z.input<typeof feeSaveBody>;

export const feeSaveData = z.object({
  id: z.string(),
  category_id: z.string(),
  merchant_id: z.string().nullable(),
  inspection_fee: z.number(),
  certificate_fee: z.number(),
  updated_at: z.string(),
});

function feeEndpoints(ns: FeeRuleNamespace) {
  const p = `/${ns}/v1/Fee`;
  return {
    list: endpoint({ method: 'GET', path: `${p}/list`, summary: 'The centre’s fee per gem category (fen)', data: z.array(feeRuleRow) }),
    overrideList: endpoint({ method: 'GET', path: `${p}/overrideList`, summary: 'Merchant overrides of the centre’s fees', query: feeOverrideQuery, data: paged(feeOverrideRow) }),
    merchants: endpoint({ method: 'GET', path: `${p}/merchants`, summary: 'Merchants an override can be set for (those of the centre), at most 20', query: feeMerchantQuery, data: z.array(feeMerchantOption) }),
    save: endpoint({ method: 'POST', path: `${p}/save`, summary: 'Set the centre’s fee of a category, or a merchant’s override (fen)', body: feeSaveBody, data: feeSaveData }),
    delete: endpoint({ method: 'POST', path: `${p}/delete`, summary: 'Remove a merchant override (the centre’s fee applies again)', body: z.object({ id: ref('fee_rule') }), data: z.null() }),
  };
}

export const feeRulesApi = {
  warehouse: feeEndpoints('warehouse'),
  center: feeEndpoints('center'),
};
export type FeeRuleEndpoints = ReturnType<typeof feeEndpoints>;
