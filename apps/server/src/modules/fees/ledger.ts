import type { Db } from '../../db/client';
import type { LedgerType } from '../../db/schema';
import { BusinessError, NotFoundError } from '../../platform/errors';
import * as repo from './repo';
import { notifyBalanceChange } from '../notifications/service';
import type { LedgerRow } from './repo';

/** Who wrote an entry (null id: the system). */
export interface Operator {
  id: number | null;
  name: string;
}

export interface LedgerResult {
  entry: LedgerRow;
  /** True when the same request had already been booked: nothing was charged again. */
  duplicate: boolean;
}

/** ¥12.34 from 1234 fen. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const a = Math.abs(fen);
  return `${sign}¥${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

interface Append {
  merchantId: number;
  centreId?: number | null;
  orderId?: number | null;
  itemId?: number | null;
  type: LedgerType;
  /** Signed fen. */
  amount: number;
  key: string;
  reversesId?: number | null;
  operator?: Operator;
  note?: string;
  /** Refuse when the balance would go below minus the credit limit. */
  enforceCredit: boolean;
  /** What the entry is for, in the refusal message. */
  what?: string;
  now?: Date;
}

/**
 * Appends one entry and moves `merchants.balance` in the same transaction. The merchant row is
 * locked first, so the entries of one merchant are written one after another and the idempotency
 * key check cannot race: a repeated request answers the entry already booked.
 */
async function append(db: Db, a: Append): Promise<LedgerResult> {
  if (!Number.isSafeInteger(a.amount)) throw new BusinessError('金额必须是整数（分）', 'fees.amount_integer');
  return db.transaction(async (tx) => {
    const m = await repo.lockMerchant(tx, a.merchantId);
    if (!m) throw new NotFoundError('商家不存在');
    const existing = await repo.entryByKey(tx, a.key);
    if (existing) {
      if (existing.merchantId !== a.merchantId || existing.amount !== a.amount || existing.type !== a.type) {
        throw new BusinessError('该请求编号已用于另一笔账目，请刷新页面后重试', 'fees.key_conflict');
      }
      return { entry: existing, duplicate: true };
    }
    const after = m.balance + a.amount;
    if (a.enforceCredit && a.amount < 0 && after < -m.creditLimit) {
      throw new BusinessError(
        `商家「${m.name}」余额不足：当前余额 ${yuan(m.balance)}，${a.what ?? '本次费用'} ${yuan(-a.amount)}，可透支额度 ${yuan(m.creditLimit)}。请商家充值后再录入检测结果`,
        'fees.insufficient_balance',
        { balance: m.balance, amount: -a.amount, credit_limit: m.creditLimit },
      );
    }
    const entry = await repo.insertEntry(tx, {
      merchantId: a.merchantId,
      centreId: a.centreId ?? null,
      orderId: a.orderId ?? null,
      itemId: a.itemId ?? null,
      type: a.type,
      amount: a.amount,
      balanceAfter: after,
      idempotencyKey: a.key,
      reversesId: a.reversesId ?? null,
      operatorId: a.operator?.id ?? null,
      operatorName: a.operator?.name ?? '系统',
      note: a.note ?? '',
      ...(a.now ? { createdAt: a.now } : {}),
    });
    await repo.setBalance(tx, a.merchantId, after);
    await notifyBalanceChange(tx, { merchantId: a.merchantId, before: m.balance, after }, a.now ?? new Date()); // the merchant's bell: 余额不足
    return { entry, duplicate: false };
  });
}

export type ChargeType = 'INSPECTION' | 'CERTIFICATE';

export interface ChargeInput {
  merchantId: number;
  centreId: number;
  orderId: number;
  itemId: number;
  type: ChargeType;
  /** The fee in fen (positive); booked as a negative amount. */
  amount: number;
  /** Defaults to `${type}:${itemId}`: one charge of each type per item. */
  key?: string;
  operator?: Operator;
  note?: string;
  now?: Date;
}

/** Charges a fee for an item: idempotent per (type, item); refused past the credit limit. */
export async function charge(db: Db, c: ChargeInput): Promise<LedgerResult> {
  if (!Number.isSafeInteger(c.amount) || c.amount < 0) throw new BusinessError('费用金额必须是不小于0的整数（分）', 'fees.amount_invalid');
  return append(db, {
    merchantId: c.merchantId,
    centreId: c.centreId,
    orderId: c.orderId,
    itemId: c.itemId,
    type: c.type,
    amount: -c.amount,
    key: c.key ?? `${c.type}:${c.itemId}`,
    operator: c.operator,
    note: c.note,
    enforceCredit: true,
    what: c.type === 'INSPECTION' ? '本次检测费' : '本次证书费',
    now: c.now,
  });
}

export interface TopUpInput {
  merchantId: number;
  /** Fen, > 0. */
  amount: number;
  /** The client's idempotency key: the same key books once. */
  key: string;
  operator?: Operator;
  note?: string;
  now?: Date;
}

export async function topUp(db: Db, t: TopUpInput): Promise<LedgerResult> {
  if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new BusinessError('充值金额必须大于0', 'fees.topup_positive');
  return append(db, { merchantId: t.merchantId, type: 'TOP_UP', amount: t.amount, key: `TOP_UP:${t.key}`, operator: t.operator, note: t.note, enforceCredit: false, now: t.now });
}

/**
 * Cancels an entry with a REVERSAL of the opposite amount (entries are never edited). Reversing the
 * same entry again answers the first reversal; a reversal cannot itself be reversed.
 */
export async function reverse(db: Db, r: { entryId: number; merchantId?: number; operator?: Operator; note?: string; now?: Date }): Promise<LedgerResult> {
  const entry = await repo.entryById(db, r.entryId, r.merchantId);
  if (!entry) throw new NotFoundError('账目不存在');
  if (entry.type === 'REVERSAL') throw new BusinessError('冲正记录不能再次冲正', 'fees.reverse_reversal');
  return append(db, {
    merchantId: entry.merchantId,
    centreId: entry.centreId,
    orderId: entry.orderId,
    itemId: entry.itemId,
    type: 'REVERSAL',
    amount: -entry.amount,
    key: `REVERSAL:${entry.id}`,
    reversesId: entry.id,
    operator: r.operator,
    note: r.note ?? `冲正 #${entry.id}`,
    enforceCredit: false,
    now: r.now,
  });
}

export interface Fee {
  inspectionFee: number;
  certificateFee: number;
  source: 'merchant' | 'centre';
}

/** The fee for a category at a centre: the merchant's override, else the centre's rule. */
export async function lookupFee(db: Db, q: { merchantId: number; centreId: number; categoryId: number; categoryName?: string }): Promise<Fee> {
  const rule = await repo.feeRuleFor(db, q.centreId, q.categoryId, q.merchantId);
  if (!rule) throw new BusinessError(`检测中心尚未配置「${q.categoryName ?? '该品类'}」的检测费，请先在检测费配置中设置`, 'fees.no_rule');
  return { inspectionFee: rule.inspectionFee, certificateFee: rule.certificateFee, source: rule.merchantId === null ? 'centre' : 'merchant' };
}

type ItemRow = NonNullable<Awaited<ReturnType<typeof repo.lockItem>>>;

/**
 * The fees of an item: its snapshot once charged, else the merchant's override, else the centre's
 * rule. The one computation behind every charge of an item and behind the quote a form shows.
 */
async function feesOf(db: Db, item: ItemRow, info: { merchantId: number; centreId: number }): Promise<{ inspectionFee: number; certificateFee: number }> {
  if (item.inspectionFee !== null && item.certificateFee !== null) return { inspectionFee: item.inspectionFee, certificateFee: item.certificateFee };
  const fee = await lookupFee(db, { merchantId: info.merchantId, centreId: info.centreId, categoryId: item.categoryId });
  return { inspectionFee: item.inspectionFee ?? fee.inspectionFee, certificateFee: item.certificateFee ?? fee.certificateFee };
}

/**
 * Charges an item's inspection or certificate fee: the fee is looked up once and snapshotted on the
 * item (later rule changes do not touch it), then charged once per (type, item). Call it inside the
 * transaction that records the result, so a refused charge (credit limit) leaves no result behind.
 */
export async function chargeItemFee(db: Db, q: { itemId: number; type: ChargeType; key?: string; operator?: Operator; note?: string; now?: Date }): Promise<LedgerResult> {
  return db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, q.itemId);
    if (!item) throw new NotFoundError('检测物品不存在');
    const info = await repo.itemWithOrder(tx, q.itemId);
    if (!info) throw new NotFoundError('检测物品不存在');
    const fees = await feesOf(tx, item, info);
    if (item.inspectionFee === null || item.certificateFee === null) await repo.snapshotFees(tx, item.id, fees);
    return charge(tx, {
      merchantId: info.merchantId,
      centreId: info.centreId,
      orderId: item.orderId,
      itemId: item.id,
      type: q.type,
      amount: q.type === 'INSPECTION' ? fees.inspectionFee : fees.certificateFee,
      key: q.key,
      operator: q.operator,
      note: q.note ?? `${info.orderNo} ${item.name}`,
      now: q.now,
    });
  });
}

/**
 * Charges the certificate fee of a passed item unless a live (not reversed) charge exists. The
 * first charge is keyed per item; a certificate issued again after withdrawCertificate reversed
 * its fee is a new charge with its own key, at the fee snapshotted on the item. Answers null when
 * nothing was charged.
 */
export async function chargeCertificate(db: Db, q: { itemId: number; operator?: Operator; note?: string; now?: Date }): Promise<LedgerResult | null> {
  return db.transaction(async (tx) => {
    if ((await repo.liveCertificateCharges(tx, q.itemId)).length) return null;
    const reversed = await repo.reversedCertificateCharges(tx, q.itemId);
    if (reversed === 0) return chargeItemFee(tx, { itemId: q.itemId, type: 'CERTIFICATE', operator: q.operator, note: q.note, now: q.now });
    const item = await repo.lockItem(tx, q.itemId);
    const info = await repo.itemWithOrder(tx, q.itemId);
    if (!item || !info) throw new NotFoundError('检测物品不存在');
    return charge(tx, {
      merchantId: info.merchantId,
      centreId: info.centreId,
      orderId: item.orderId,
      itemId: item.id,
      type: 'CERTIFICATE',
      amount: item.certificateFee ?? 0,
      key: `CERTIFICATE:${item.id}:${reversed + 1}`,
      operator: q.operator,
      note: q.note ?? `${info.orderNo} ${item.name}`,
      now: q.now,
    });
  });
}

/** Reverses every live certificate charge of an item (its certificate was withdrawn); answers the reversals. */
export async function withdrawCertificate(db: Db, q: { itemId: number; operator?: Operator; note: string; now?: Date }): Promise<LedgerResult[]> {
  return db.transaction(async (tx) => {
    const reversals: LedgerResult[] = [];
    for (const e of await repo.liveCertificateCharges(tx, q.itemId)) reversals.push(await reverse(tx, { entryId: e.id, operator: q.operator, note: q.note, now: q.now }));
    return reversals;
  });
}

/** An item's charge that has not been reversed. */
export interface LiveCharge {
  id: number;
  type: ChargeType;
  /** Signed fen as booked (negative). */
  amount: number;
}

/** What saving a result of an item books: the live charges it reverses and the new charges (fen, positive). */
export interface FeePlan {
  reverse: LiveCharge[];
  charge: { type: ChargeType; amount: number }[];
  /** Fen the merchant pays (negative: given back). */
  net: number;
}

export type SaveMode = 'submit' | 'amend';
type Result = 'pass' | 'fail' | 'unable';

/**
 * The plan of a save, from the item's fees and live charges: the quote shows it and the save books it.
 * - submit (record, or edit while inspecting): the inspection fee once; a pass charges the
 *   certificate fee unless a live charge exists; fail/unable reverses a live certificate charge
 *   (what chargeItemFee, chargeCertificate and withdrawCertificate do).
 * - amend (a submitted result changed): every live charge of the item is reversed and the new
 *   result charged afresh (inspection fee, + certificate fee for a pass), so the ledger shows the
 *   correction; an amendment that keeps the result (fields only) books nothing.
 */
export function planSave(s: { inspectionFee: number; certificateFee: number; live: LiveCharge[] }, mode: SaveMode, result: Result, current: Result | null): FeePlan {
  const plan: FeePlan = { reverse: [], charge: [], net: 0 };
  const live = (t: ChargeType) => s.live.filter((c) => c.type === t);
  if (mode === 'amend') {
    if (result !== current) {
      plan.reverse = [...s.live];
      plan.charge.push({ type: 'INSPECTION', amount: s.inspectionFee });
      if (result === 'pass') plan.charge.push({ type: 'CERTIFICATE', amount: s.certificateFee });
    }
  } else {
    if (!live('INSPECTION').length) plan.charge.push({ type: 'INSPECTION', amount: s.inspectionFee });
    if (result === 'pass' && !live('CERTIFICATE').length) plan.charge.push({ type: 'CERTIFICATE', amount: s.certificateFee });
    if (result !== 'pass') plan.reverse = live('CERTIFICATE');
  }
  plan.net = plan.charge.reduce((n, c) => n + c.amount, 0) + plan.reverse.reduce((n, c) => n + c.amount, 0);
  return plan;
}

/** An item's fees (snapshot, else override, else rule) and its live charges; nothing is written. */
export async function itemFeeState(db: Db, itemId: number): Promise<{ inspectionFee: number; certificateFee: number; live: LiveCharge[] }> {
  const info = await repo.itemWithOrder(db, itemId);
  if (!info) throw new NotFoundError('检测物品不存在');
  const fees = await feesOf(db, info.item, info);
  const live = (await repo.liveCharges(db, itemId)).map((e) => ({ id: e.id, type: e.type as ChargeType, amount: e.amount }));
  return { ...fees, live };
}

/**
 * Books an amendment of an item's result (call it in the amendment's transaction): reverses every
 * live charge of the item and charges the new result (planSave 'amend'); the new inspection charge
 * is keyed by the amendment, a new certificate charge goes through chargeCertificate. Answers the
 * fen given back and charged.
 */
export async function amendCharges(
  db: Db,
  q: { itemId: number; amendmentId: number; result: Result; current: Result; operator?: Operator; /** What was amended and why; each entry adds what it does. */ note: string; now?: Date },
): Promise<{ reversed: number; charged: number }> {
  return db.transaction(async (tx) => {
    const item = await repo.lockItem(tx, q.itemId);
    if (!item) throw new NotFoundError('检测物品不存在');
    const plan = planSave(await itemFeeState(tx, q.itemId), 'amend', q.result, q.current);
    let reversed = 0;
    let charged = 0;
    const note = (what: string) => `${q.note}，${what}`;
    for (const c of plan.reverse) reversed += (await reverse(tx, { entryId: c.id, operator: q.operator, note: note(`冲正原${c.type === 'INSPECTION' ? '检测费' : '证书费'}`), now: q.now })).entry.amount;
    for (const c of plan.charge) {
      const r =
        c.type === 'CERTIFICATE'
          ? await chargeCertificate(tx, { itemId: q.itemId, operator: q.operator, note: note('按新结果收取证书费'), now: q.now })
          : await chargeItemFee(tx, { itemId: q.itemId, type: 'INSPECTION', key: `INSPECTION:${q.itemId}:A${q.amendmentId}`, operator: q.operator, note: note('按新结果收取检测费'), now: q.now });
      if (r) charged -= r.entry.amount;
    }
    return { reversed, charged };
  });
}

/** The merchant's balance and credit limit. */
export const merchantBalance = repo.merchantBalance;
