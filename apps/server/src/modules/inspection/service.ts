import { chinaDayDigits } from '@gemqc/contract';
import crypto from 'node:crypto';
import type { z } from 'zod';
import {
  inspectionResultLabel,
  ledgerTypeLabel,
  orderStatusLabel,
  type DataOf,
  type FeeQuoteData,
  type inspectionAmendBody,
  type inspectionApi,
  type InspectionSubmitBody,
  type OrderStatus,
} from '@gemqc/contract';
import type { Db } from '../../db/client';
import { AppError, BusinessError, isUniqueViolation, NotFoundError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { unbindItemTag } from '../codes/binding';
import { amendCharges, chargeCertificate, chargeItemFee, itemFeeState, merchantBalance, planSave, withdrawCertificate, yuan, type Operator, type SaveMode } from '../fees/ledger';
import { iso, num } from '../../platform/format';
import type { CentreCaller } from '../../platform/actor';
import * as orders from '../orders/service';
import { noteEvent, statusPhrase, transition } from '../orders/stateMachine';
import { certificateView, inspectionView, verifyUrl, type PhotoUrlOf } from '../orders/views';
import { deleteUnlistedPhotos, type WarnLog } from '../photos/cleanup';
import { parsePhotoKey } from '../photos/keys';
import { recordChange, type Who } from '../audit/service';
import { notifyResultReady } from '../notifications/service';
import * as repo from './repo';

type SubmitData = DataOf<typeof inspectionApi.submit>;
type AmendData = DataOf<typeof inspectionApi.amend>;
type AmendBody = z.output<typeof inspectionAmendBody>;
type FoundItem = orders.CentreItem;

type Caller = CentreCaller;

function operatorOf(c: Caller): Operator {
  return { id: c.actor.id, name: c.actor.name };
}

// ---- inspection results and certificates ----

const VERIFY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

async function newVerifyCode(db: Db): Promise<string> {
  for (;;) {
    let code = 'V';
    for (let i = 0; i < 8; i++) code += VERIFY_ALPHABET[crypto.randomInt(VERIFY_ALPHABET.length)];
    if (!(await repo.verifyCodeTaken(db, code))) return code;
  }
}

/** The measured fields printed on the certificate (label → value; empty → null), as the seed writes them. */
function certificateFields(itemName: string, r: repo.InspectionRow): Record<string, string | null> {
  const v = (s: string) => (s ? s : null);
  const mass = num(r.mass);
  return {
    名称: itemName,
    总质量: mass === null ? null : `${mass}${r.massUnit}`,
    形状: v(r.shape),
    颜色: v(r.colour),
    折射率: v(r.refractiveIndex),
    密度: v(r.density),
    放大检查: v(r.magnification),
    纯度: v(r.purity),
  };
}

/** Why results cannot be recorded for an order in this state; null while it is received or inspecting (photos/service.ts says the same of photos). */
function notInspectable(status: string): string | null {
  if (status === 'received' || status === 'inspecting') return null;
  if (['created', 'awaiting_arrival'].includes(status)) return '订单尚未入仓，不能录入检测结果';
  if (['passed', 'failed', 'unable'].includes(status)) return `订单已检测完成（${orderStatusLabel(status)}），不能再修改检测结果；如需更正，请用「修改结果」并填写原因`;
  return `订单${statusPhrase(status)}，不能录入检测结果`;
}

/**
 * The photos a submit records: absent → the ones already recorded; otherwise each key must be a
 * photo uploaded for this order (a `photos/<order id>/…` key that exists in storage, or one the
 * record already holds). Duplicates are dropped. Called under the order's lock, so the cleanup
 * (photos/cleanup.ts) cannot delete a photo between this check and the commit.
 */
async function checkedPhotos(storage: FileStorage, orderId: number, keys: string[] | undefined, recorded: string[]): Promise<string[]> {
  if (keys === undefined) return recorded;
  const out = [...new Set(keys)];
  for (const [i, key] of out.entries()) {
    const p = parsePhotoKey(key);
    const ok = p !== null && p.orderId === orderId && (recorded.includes(key) || (await storage.stat(key)) !== null);
    if (!ok) {
      throw new BusinessError(`第${i + 1}张照片无效：不是为本订单上传的照片，或已被删除，请删除后重新上传`, 'inspection.photo_invalid', { index: i });
    }
  }
  return out;
}

function finalStatus(results: (string | null)[]): OrderStatus {
  if (results.includes('fail')) return 'failed';
  if (results.includes('unable')) return 'unable';
  return 'passed';
}

/** The measured fields and result of a submit or an amendment, as the record stores them. */
function measuredFields(body: Omit<InspectionSubmitBody, 'item_id' | 'mass'> & { mass?: number }, found: FoundItem) {
  return {
    mass: body.mass === undefined ? null : String(body.mass),
    massUnit: body.mass_unit ?? (found.unit === 'ct' ? 'ct' : 'g'),
    shape: body.shape ?? '',
    colour: body.colour ?? '',
    refractiveIndex: body.refractive_index ?? '',
    density: body.density ?? '',
    magnification: body.magnification ?? '',
    purity: body.purity ?? '',
    conclusion: body.conclusion,
    result: body.result,
    remarks: body.remarks ?? '',
  } as const;
}

/** Issues the certificate of a passed item, or brings the one it has up to date with the record. */
async function issueCertificate(tx: Db, found: FoundItem, rec: repo.InspectionRow, cert: repo.CertificateRow | undefined, now: Date): Promise<repo.CertificateRow> {
  const certFields = certificateFields(found.item.name, rec);
  if (cert) return repo.updateCertificate(tx, cert.id, { conclusion: rec.conclusion, fields: certFields });
  const certificateNo = await repo.nextCertificateNo(tx, `${found.centreCode}${chinaDayDigits(now)}`);
  return repo.insertCertificate(tx, {
    certificateNo,
    itemId: found.item.id,
    orderId: found.orderId,
    conclusion: rec.conclusion,
    fields: certFields,
    issuedAt: now,
    verifyCode: await newVerifyCode(tx),
  });
}

/** A charge refused by the credit limit, said for the warehouse (`what`: 录入 or 修改); other errors pass. */
function balanceRefusal(err: unknown, what: string): unknown {
  if (!(err instanceof AppError && err.key === 'fees.insufficient_balance')) return err;
  const d = err.data as { balance: number; amount: number; credit_limit: number } | null;
  const detail = d ? `（当前余额 ${yuan(d.balance)}，本次费用 ${yuan(d.amount)}，可透支额度 ${yuan(d.credit_limit)}）` : '';
  return new BusinessError(`商户余额不足，请联系商户充值后再${what}${detail}`, 'inspection.insufficient_balance', d);
}

/** What the audit log records of a result. */
function resultSnapshot(r: { result: string; conclusion: string; mass: string | null; massUnit: string }) {
  return { result: r.result, conclusion: r.conclusion, mass: r.mass === null ? null : `${r.mass} ${r.massUnit}` };
}

/**
 * Records (or edits, while the order is inspecting) an item's result, in one transaction: the
 * order moves received → inspecting on the first result and to passed/failed/unable when every
 * item has one; the inspection fee (and the certificate fee of a passed item) is charged once
 * through the ledger; a passed item gets its certificate. A charge refused by the credit limit
 * rolls everything back. Photos the edit drops (that no other record of the order lists) are
 * deleted from storage once the transaction has committed; a failure to delete is logged.
 */
export async function submitInspection(
  db: Db,
  caller: Caller,
  body: InspectionSubmitBody & { item_id: number; mass?: number },
  now: Date,
  photoDeps: { storage: FileStorage; urlOf: PhotoUrlOf; log?: WarnLog },
  who: Who,
): Promise<SubmitData> {
  const itemId = body.item_id;
  const found = await orders.itemOfCentre(db, itemId, caller.centreId);
  if (!found) throw new NotFoundError('检测物品不存在', 'inspection.item_not_found');
  const operator = operatorOf(caller);
  let done: { data: SubmitData; dropped: string[] };
  try {
    done = await db.transaction(async (tx) => {
      const order = await orders.lockOrder(tx, found.orderId, { centreId: caller.centreId });
      if (!order) throw new NotFoundError('订单不存在');
      const why = notInspectable(order.status);
      if (why) throw new BusinessError(why, 'inspection.order_state', { status: order.status });
      const before = await repo.inspectionOf(tx, itemId);
      const recorded = before?.photos ?? [];
      const photos = await checkedPhotos(photoDeps.storage, order.id, body.photos, recorded);
      if (order.status === 'received') await transition(tx, order.id, 'inspecting', caller.actor, { centreId: caller.centreId, now });

      const fields = { inspectorId: caller.actor.id, inspectorName: caller.actor.name, ...measuredFields(body, found), photos, updatedAt: now };
      const rec = before
        ? await repo.updateInspection(tx, before.id, fields)
        : await repo.insertInspection(tx, { ...fields, itemId, orderId: order.id, createdAt: now });
      await recordChange(tx, {
        ...who,
        kind: 'inspection_result',
        action: before ? 'update' : 'submit',
        object: { id: itemId, label: `${order.orderNo} ${found.item.name}`, centreId: caller.centreId },
        before: before ? resultSnapshot(before) : null,
        after: resultSnapshot(rec),
        now,
      });

      let charged = 0;
      const ins = await chargeItemFee(tx, { itemId, type: 'INSPECTION', operator, now });
      if (!ins.duplicate) charged -= ins.entry.amount;

      let cert = await repo.certificateOf(tx, itemId);
      if (body.result === 'pass') {
        cert = await issueCertificate(tx, found, rec, cert, now);
        const r = await chargeCertificate(tx, { itemId, operator, now });
        if (r && !r.duplicate) charged -= r.entry.amount;
      } else if (cert) {
        // an edit from pass: the certificate is withdrawn (never printed: the order is still inspecting) and its fee reversed
        await repo.deleteCertificate(tx, cert.id);
        cert = undefined;
        const note = `${order.orderNo} ${found.item.name} 检测结果改为${inspectionResultLabel(body.result)}，证书撤回`;
        for (const r of await withdrawCertificate(tx, { itemId, operator, note, now })) charged -= r.entry.amount;
      }
      await repo.setItemResult(tx, itemId, body.result, cert?.certificateNo ?? null);

      const results = await orders.itemResults(tx, order.id);
      const pending = results.filter((r) => r.result === null).length;
      let status: OrderStatus = 'inspecting';
      if (pending === 0) {
        status = finalStatus(results.map((r) => r.result));
        await transition(tx, order.id, status, caller.actor, { centreId: caller.centreId, now });
        await notifyResultReady(tx, order, status, now); // the merchant's bell: 结果已出
      }
      const balance = await merchantBalance(tx, order.merchantId);
      const data: SubmitData = {
        item_id: String(itemId),
        order_id: String(order.id),
        order_no: order.orderNo,
        order_status: status,
        order_status_text: orderStatusLabel(status),
        inspection: inspectionView(rec, photoDeps.urlOf),
        certificate: cert ? certificateView(cert, verifyUrl) : null,
        charged,
        merchant_balance: balance?.balance ?? 0,
        pending_items: pending,
      };
      return { data, dropped: recorded.filter((k) => !photos.includes(k)) };
    });
  } catch (err) {
    throw balanceRefusal(err, '录入');
  }
  // only now that the edit is committed (a rolled-back submit loses no photo)
  if (done.dropped.length) {
    await deleteUnlistedPhotos(db, photoDeps.storage, found.orderId, done.dropped, photoDeps.log).catch((err: unknown) =>
      photoDeps.log?.warn({ err, keys: done.dropped }, 'could not delete the photos an inspection edit dropped'),
    );
  }
  return done.data;
}

// ---- fee quote and amendments ----

/**
 * What saving each result of an item would book (planSave in fees/ledger.ts, the plan the save
 * itself books): the ledger lines and the net fen. Nothing is written.
 */
export async function feeQuote(db: Db, centreId: number, q: { item_id: number; mode: SaveMode }): Promise<FeeQuoteData> {
  const found = await orders.itemOfCentre(db, q.item_id, centreId);
  if (!found) throw new NotFoundError('检测物品不存在', 'inspection.item_not_found');
  const state = await itemFeeState(db, q.item_id);
  const quotes = (['pass', 'fail', 'unable'] as const).map((result) => {
    const plan = planSave(state, q.mode, result, found.item.result);
    const lines = [
      ...plan.reverse.map((c) => ({ type: 'REVERSAL', type_text: ledgerTypeLabel('REVERSAL'), amount: -c.amount })),
      ...plan.charge.map((c) => ({ type: c.type, type_text: ledgerTypeLabel(c.type), amount: -c.amount })),
    ];
    return { result, lines, net: plan.net };
  });
  return { item_id: String(q.item_id), inspection_fee: state.inspectionFee, certificate_fee: state.certificateFee, quotes };
}

/** Orders whose results may be amended: inspection complete, the goods still at the centre. */
const AMENDABLE: readonly string[] = ['passed', 'failed', 'unable', 'bound', 'intercepted', 'return_pending'];

function notAmendable(status: string): string | null {
  if (AMENDABLE.includes(status)) return null;
  if (status === 'received' || status === 'inspecting') return '订单仍在检测中，请直接编辑检测结果，无需提交修改';
  if (status === 'shipped' || status === 'completed') return `订单${orderStatusLabel(status)}，货品已寄出，检测结果不能再修改`;
  if (status === 'returned' || status === 'picked_up') return `订单${orderStatusLabel(status)}，货品已退回商家，检测结果不能再修改`;
  return `订单${statusPhrase(status)}，不能修改检测结果`;
}

/** The order's outcome after an amendment (an intercepted or returning order keeps its state). */
async function outcomeAfterAmend(tx: Db, status: OrderStatus, orderId: number): Promise<OrderStatus> {
  if (!['passed', 'failed', 'unable', 'bound'].includes(status)) return status;
  const outcome = finalStatus((await orders.itemResults(tx, orderId)).map((r) => r.result));
  return outcome === 'passed' && status === 'bound' ? 'bound' : outcome;
}

function amendKeyConflict(): BusinessError {
  return new BusinessError('该请求编号已用于另一次修改，请刷新页面后重试', 'inspection.amend_key_conflict');
}

/**
 * Amends a submitted result with a reason, in one transaction under the order's lock: the record
 * is updated; the item's live charges are reversed and the new result charged (amendCharges);
 * a pass gets (or keeps, brought up to date) its certificate, any other result loses it and
 * the tag bound to it; the order's outcome follows, and the event (who, when, why) goes into the
 * order's timeline. Refused before inspection is complete and once the goods have left the
 * centre. The client's key makes a repeated request answer the first one and change nothing.
 */
export async function amendInspection(db: Db, caller: Caller, body: AmendBody, now: Date, urlOf: PhotoUrlOf, who: Who): Promise<AmendData> {
  const itemId = body.item_id;
  const found = await orders.itemOfCentre(db, itemId, caller.centreId);
  if (!found) throw new NotFoundError('检测物品不存在', 'inspection.item_not_found');
  const repeated = async (db2: Db) => {
    const prior = await repo.amendmentByKey(db2, body.idempotency_key);
    if (prior && prior.itemId !== itemId) throw amendKeyConflict();
    return prior;
  };
  const prior = await repeated(db);
  if (prior) return amendAnswer(db, caller, prior, true, urlOf);
  const operator = operatorOf(caller);
  let done: { amendment: repo.AmendmentRow; duplicate: boolean };
  try {
    done = await db.transaction(async (tx) => {
      const order = await orders.lockOrder(tx, found.orderId, { centreId: caller.centreId });
      if (!order) throw new NotFoundError('订单不存在');
      // the same request sent twice at once: the second waited for the lock and finds the first
      const again = await repeated(tx);
      if (again) return { amendment: again, duplicate: true };
      const why = notAmendable(order.status);
      if (why) throw new BusinessError(why, 'inspection.amend_order_state', { status: order.status });
      const before = await repo.inspectionOf(tx, itemId);
      if (!before) throw new BusinessError(`「${found.item.name}」尚未录入检测结果，请先录入`, 'inspection.amend_no_result');
      const from = before.result;
      const to = body.result;
      const rec = await repo.updateInspection(tx, before.id, { ...measuredFields(body, found), updatedAt: now });
      await recordChange(tx, {
        ...who,
        kind: 'inspection_result',
        action: 'amend',
        object: { id: itemId, label: `${order.orderNo} ${found.item.name}`, centreId: caller.centreId },
        before: resultSnapshot(before),
        after: { ...resultSnapshot(rec), reason: body.reason },
        now,
      });
      const { id: _id, photos: _photos, ...kept } = before;
      const amendment = await repo.insertAmendment(tx, {
        idempotencyKey: body.idempotency_key,
        orderId: order.id,
        itemId,
        fromResult: from,
        toResult: to,
        reason: body.reason,
        before: { ...kept, createdAt: iso(before.createdAt), updatedAt: iso(before.updatedAt) },
        reversed: 0,
        charged: 0,
        operatorId: operator.id,
        operatorName: operator.name,
        createdAt: now,
      });
      const change = from === to ? `检测结果${inspectionResultLabel(to)}不变` : `${inspectionResultLabel(from)} → ${inspectionResultLabel(to)}`;
      const money = await amendCharges(tx, { itemId, amendmentId: amendment.id, result: to, current: from, operator, note: `${order.orderNo} ${found.item.name} 修改检测结果（${change}）`, now });
      await repo.setAmendmentAmounts(tx, amendment.id, money);

      let cert = await repo.certificateOf(tx, itemId);
      if (to === 'pass') cert = await issueCertificate(tx, found, rec, cert, now);
      else if (cert) {
        await repo.deleteCertificate(tx, cert.id);
        cert = undefined;
      }
      // a withdrawn certificate's tag would prove nothing: it is unbound (the binding stays as history)
      if (to !== 'pass') await unbindItemTag(tx, itemId, caller.actor, `检测结果改为${inspectionResultLabel(to)}：${body.reason}`, now);
      await repo.setItemResult(tx, itemId, to, cert?.certificateNo ?? null);

      const reason = `修改「${found.item.name}」检测结果（${change}），原因：${body.reason}`;
      const outcome = await outcomeAfterAmend(tx, order.status, order.id);
      if (outcome !== order.status) await transition(tx, order.id, outcome, caller.actor, { centreId: caller.centreId, now, reason });
      else await noteEvent(tx, order, caller.actor, reason, now);
      return { amendment: { ...amendment, ...money }, duplicate: false };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'inspection_amendments_idempotency_key_key')) {
      const prior2 = await repeated(db);
      if (prior2) return amendAnswer(db, caller, prior2, true, urlOf);
    }
    throw balanceRefusal(err, '修改');
  }
  return amendAnswer(db, caller, done.amendment, done.duplicate, urlOf);
}

/** The answer to an amendment (or a repeat of it): the item and order as they are now, and what it booked. */
async function amendAnswer(db: Db, caller: Caller, a: repo.AmendmentRow, duplicate: boolean, urlOf: PhotoUrlOf): Promise<AmendData> {
  const order = await orders.findOrder(db, a.orderId, { centreId: caller.centreId });
  const rec = await repo.inspectionOf(db, a.itemId);
  if (!order || !rec) throw new NotFoundError('订单不存在');
  const [cert, balance, results] = await Promise.all([repo.certificateOf(db, a.itemId), merchantBalance(db, order.merchantId), orders.itemResults(db, order.id)]);
  return {
    item_id: String(a.itemId),
    order_id: String(order.id),
    order_no: order.orderNo,
    order_status: order.status,
    order_status_text: orderStatusLabel(order.status),
    inspection: inspectionView(rec, urlOf),
    certificate: cert ? certificateView(cert, verifyUrl) : null,
    charged: a.charged - a.reversed,
    merchant_balance: balance?.balance ?? 0,
    pending_items: results.filter((r) => r.result === null).length,
    amendment_id: String(a.id),
    from_result: a.fromResult,
    to_result: a.toResult,
    reversed: a.reversed,
    duplicate,
  };
}

// ---- public certificate check ----

export async function verifyCertificate(db: Db, code: string, photoUrl: PhotoUrlOf): Promise<DataOf<typeof inspectionApi.certificateVerify>> {
  // the code printed on the certificate, else the tag code on the item's label (both are on the tag)
  const row = (await repo.certificateByVerifyCode(db, code.trim().toUpperCase())) ?? (await repo.certificateByTagCode(db, code.trim().toUpperCase()));
  if (!row) throw new NotFoundError('未查询到该证书，请核对标签上的查询码或标签码', 'certificate.not_found');
  const { cert, rec } = row;
  return {
    certificate_no: cert.certificateNo,
    verify_code: cert.verifyCode,
    item_name: row.itemName,
    category_name: row.categoryName,
    conclusion: cert.conclusion,
    result: rec?.result ?? 'pass',
    result_text: inspectionResultLabel(rec?.result ?? 'pass'),
    mass: rec ? num(rec.mass) : null,
    mass_unit: rec?.massUnit ?? '',
    shape: rec?.shape ?? '',
    colour: rec?.colour ?? '',
    refractive_index: rec?.refractiveIndex ?? '',
    density: rec?.density ?? '',
    magnification: rec?.magnification ?? '',
    purity: rec?.purity ?? '',
    fields: cert.fields,
    centre_name: row.centreName,
    issued_at: iso(cert.issuedAt),
    photo_urls: (rec?.photos ?? []).map(photoUrl),
  };
}
