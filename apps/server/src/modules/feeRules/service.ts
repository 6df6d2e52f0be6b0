import type { FeeOverrideRow, FeeRuleRow, feeMerchantQuery, feeOverrideQuery, feeSaveBody } from '@gemqc/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { BusinessError, NotFoundError } from '../../platform/errors';
import { recordChange, type Who } from '../audit/service';
import * as repo from './repo';

// The merchants of a centre (statements list and check them).
export { centreMerchants, findCentreMerchant } from './repo';

/**
 * Testing-fee rules of one centre (检测费配置). Charging reads them through fees/ledger.ts
 * (`lookupFee`, `chargeItemFee`), which snapshots the fee on the item at its first charge: a rule
 * saved here applies to items charged afterwards only.
 */

export async function listRules(db: Db, centreId: number): Promise<FeeRuleRow[]> {
  const rows = await repo.centreRules(db, centreId);
  return rows.map((r) => ({
    category_id: String(r.categoryId),
    category_code: r.categoryCode,
    category_name: r.categoryName,
    unit: r.unit,
    rule_id: r.ruleId === null ? null : String(r.ruleId),
    inspection_fee: r.inspectionFee,
    certificate_fee: r.certificateFee,
    override_count: r.overrideCount,
    updated_by_name: r.updatedByName,
    updated_at: r.updatedAt ? r.updatedAt.toISOString() : null,
  }));
}

export async function listOverrides(db: Db, centreId: number, q: z.output<typeof feeOverrideQuery>) {
  const { rows, total } = await repo.listOverrides(
    db,
    centreId,
    { keyword: q.keyword, categoryId: q.category_id === undefined ? undefined : Number(q.category_id) },
    { limit: q.page_size, offset: (q.page - 1) * q.page_size },
  );
  const list: FeeOverrideRow[] = rows.map((r) => ({
    id: String(r.id),
    merchant_id: String(r.merchantId),
    merchant_name: r.merchantName,
    category_id: String(r.categoryId),
    category_name: r.categoryName,
    inspection_fee: r.inspectionFee,
    certificate_fee: r.certificateFee,
    base_inspection_fee: r.baseInspectionFee,
    base_certificate_fee: r.baseCertificateFee,
    updated_by_name: r.updatedByName,
    updated_at: r.updatedAt.toISOString(),
  }));
  return { list, total, page: q.page, page_size: q.page_size };
}

export async function merchantOptions(db: Db, centreId: number, q: z.output<typeof feeMerchantQuery>) {
  const rows = await repo.centreMerchants(db, centreId, q.keyword, 20);
  return rows.map((r) => ({ id: String(r.id), name: r.name }));
}

/** Sets the centre's fee of a category, or a merchant's override of it (one statement, race-free); recorded in the audit log. */
export async function saveRule(db: Db, a: { centreId: number; accountId: number; body: z.output<typeof feeSaveBody>; now: Date; who: Who }) {
  const category = await repo.findCategory(db, Number(a.body.category_id));
  if (!category) throw new NotFoundError('宝石品类不存在或已停用');
  let merchant: { id: number; name: string } | undefined;
  if (a.body.merchant_id !== null) {
    merchant = await repo.findCentreMerchant(db, a.centreId, Number(a.body.merchant_id));
    if (!merchant) throw new NotFoundError('商家不存在，或未在本检测中心送检');
  }
  const merchantId = merchant?.id ?? null;
  const row = await db.transaction(async (tx) => {
    const before = await repo.ruleOf(tx, a.centreId, category.id, merchantId);
    const saved = await repo.upsertRule(tx, {
      centreId: a.centreId,
      categoryId: category.id,
      merchantId,
      inspectionFee: a.body.inspection_fee,
      certificateFee: a.body.certificate_fee,
      updatedBy: a.accountId,
      now: a.now,
    });
    await recordChange(tx, {
      ...a.who,
      kind: 'fee_rule',
      action: before ? 'update' : 'create',
      object: { id: saved.id, label: feeRuleLabel(category.name, merchant?.name), centreId: a.centreId },
      before: before ? { inspection_fee: before.inspectionFee, certificate_fee: before.certificateFee } : null,
      after: { inspection_fee: saved.inspectionFee, certificate_fee: saved.certificateFee },
      now: a.now,
    });
    return saved;
  });
  return {
    id: String(row.id),
    category_id: String(row.categoryId),
    merchant_id: row.merchantId === null ? null : String(row.merchantId),
    inspection_fee: row.inspectionFee,
    certificate_fee: row.certificateFee,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log calls a rule: "翡翠" (the centre's) or "翡翠 · 翠玉轩珠宝" (a merchant's override). */
function feeRuleLabel(categoryName: string, merchantName?: string | null): string {
  return merchantName ? `${categoryName} · ${merchantName}` : categoryName;
}

/** Removes a merchant's override; the centre's own rule of a category cannot be removed, only changed. */
export async function deleteOverride(db: Db, centreId: number, id: number, who: Who): Promise<null> {
  const rule = await repo.findRule(db, centreId, id);
  if (!rule) throw new NotFoundError('该商家收费不存在或已删除');
  if (rule.merchantId === null) throw new BusinessError('检测中心的品类收费不能删除，只能修改金额', 'fees.rule_not_deletable');
  await db.transaction(async (tx) => {
    if (!(await repo.deleteOverride(tx, centreId, id))) throw new NotFoundError('该商家收费不存在或已删除');
    await recordChange(tx, {
      ...who,
      kind: 'fee_rule',
      action: 'delete',
      object: { id, label: feeRuleLabel(rule.categoryName, rule.merchantName), centreId },
      before: { inspection_fee: rule.inspectionFee, certificate_fee: rule.certificateFee },
      after: null,
    });
  });
  return null;
}
