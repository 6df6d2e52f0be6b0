import { type adminMerchantSort, type DataOf, type merchantsApi, type SortKeyOf, testingAuthStatusLabel } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../platform/errors';
import type { ListSortQuery } from '../../platform/listSort';
import { revokeAccountSessions } from '../../platform/sessions';
import { topUp, type Operator } from '../fees/ledger';
import { iso } from '../../platform/format';
import { authorisationFields, reviewTestingAuth } from './authorisation';
import { notifyAuthReviewed } from '../notifications/service';
import { recordChange, type Who } from '../audit/service';
import * as repo from './repo';

type ListData = DataOf<typeof merchantsApi.list>;

export interface MerchantFilterQuery {
  keyword?: string;
  status_id?: number;
  auth_status_id?: number;
}

export async function listMerchants(db: Db, q: MerchantFilterQuery & Partial<ListSortQuery<SortKeyOf<typeof adminMerchantSort>>> & { page: number; page_size: number }): Promise<ListData> {
  const sort = { sort_by: q.sort_by, sort_order: q.sort_order ?? 'desc' } as const;
  const { rows, total } = await repo.listMerchants(db, { keyword: q.keyword || undefined, status: q.status_id, authStatus: q.auth_status_id }, { limit: q.page_size, offset: (q.page - 1) * q.page_size }, sort);
  return {
    list: rows.map(({ merchant: m, auth: a, orderCount }) => {
      const s = a ? a.status : -1;
      return {
        id: String(m.id),
        name: m.name,
        contact: m.contact,
        mobile: m.mobile,
        status_id: m.status,
        balance: m.balance,
        credit_limit: m.creditLimit,
        auth_status_id: s,
        auth_status_text: testingAuthStatusLabel(s),
        ...authorisationFields(a ?? undefined),
        reject_reason: a?.rejectReason ?? '',
        order_count: Number(orderCount),
        created_at: iso(m.createdAt),
      };
    }),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/** Enables or disables a merchant; disabling signs its accounts out. */
/**
 * Enables (1) or disables (0) a merchant; disabling signs its accounts out. Recorded in 操作日志
 * (the merchant's log and the platform's) in the same transaction; setting the status it has is not.
 */
export async function setMerchantStatus(db: Db, a: { id: number; status: number; now: Date; who?: Who }) {
  return db.transaction(async (tx) => {
    const cur = await repo.lockMerchant(tx, a.id);
    if (!cur) throw new NotFoundError('商户不存在');
    if (cur.status === a.status) return { id: String(a.id), status_id: cur.status }; // already so: nothing to change or record
    const row = await repo.setStatus(tx, a.id, a.status);
    if (!row) throw new NotFoundError('商户不存在');
    if (a.status === 0) for (const accountId of await repo.accountIdsOf(tx, a.id)) await revokeAccountSessions(tx, accountId, a.now);
    if (a.who) {
      const object = { id: a.id, label: cur.name, merchantId: a.id };
      await recordChange(tx, { ...a.who, kind: 'merchant', action: a.status === 1 ? 'enable' : 'disable', object, before: { enabled: cur.status === 1 }, after: { enabled: a.status === 1 }, now: a.now });
    }
    return { id: String(row.id), status_id: row.status };
  });
}

/**
 * Approves (1) or rejects (2, with a reason) a testing authorisation that is under review. The
 * decision is recorded in the merchant's log and the platform's with what was approved (the
 * interception policy 拦截策略 and the return method the merchant chose).
 */
export async function reviewAuth(db: Db, a: { merchantId: number; status: 1 | 2; reason?: string; reviewerId: number; now: Date; who?: Who }) {
  return db.transaction(async (tx) => {
    const name = await repo.nameOf(tx, a.merchantId);
    if (name === undefined) throw new NotFoundError('商户不存在');
    const row = await reviewTestingAuth(tx, a);
    await notifyAuthReviewed(tx, { merchantId: a.merchantId, status: a.status, reason: row.rejectReason }, a.now); // the merchant's bell
    if (a.who) {
      const object = { id: a.merchantId, label: name, merchantId: a.merchantId };
      const after = {
        status: testingAuthStatusLabel(row.status),
        company_name: row.companyName,
        intercept_policy: row.interceptPolicy,
        return_method: row.returnMethod,
        ...(row.status === 2 ? { reason: row.rejectReason } : {}),
      };
      await recordChange(tx, { ...a.who, kind: 'testing_auth', action: row.status === 1 ? 'approve' : 'reject', object, before: { status: testingAuthStatusLabel(0) }, after, now: a.now });
    }
    return { id: String(a.merchantId), auth_status_id: row.status, auth_status_text: testingAuthStatusLabel(row.status) };
  });
}

/** Tops up a merchant's balance; a new top-up (not a repeated key) is recorded in the audit log with the balance before and after. */
export async function topUpMerchant(db: Db, a: { merchantId: number; amount: number; key: string; note?: string; operator: Operator; now: Date; who: Who }) {
  const name = await repo.nameOf(db, a.merchantId);
  if (name === undefined) throw new NotFoundError('商户不存在');
  const note = a.note || '平台充值';
  return db.transaction(async (tx) => {
    const r = await topUp(tx, { merchantId: a.merchantId, amount: a.amount, key: a.key, operator: a.operator, note, now: a.now });
    if (!r.duplicate) {
      const balance = r.entry.balanceAfter;
      const object = { id: a.merchantId, label: name, merchantId: a.merchantId };
      await recordChange(tx, { ...a.who, kind: 'balance', action: 'top_up', object, before: { balance: balance - a.amount }, after: { balance, amount: a.amount, note }, now: a.now });
    }
    return { entry_id: String(r.entry.id), balance: r.entry.balanceAfter, duplicate: r.duplicate };
  });
}

export type MerchantRowView = ListData['list'][number];

/** Rows for the Excel export of the merchant list, fetched page by page (at most `cap`). */
export async function* exportMerchantRows(db: Db, q: MerchantFilterQuery, cap = 10_000): AsyncGenerator<MerchantRowView> {
  const size = 100;
  for (let page = 1; (page - 1) * size < cap; page++) {
    const { list } = await listMerchants(db, { ...q, page, page_size: Math.min(size, cap - (page - 1) * size) });
    yield* list;
    if (list.length < size) return;
  }
}

/** Options of the service centre's merchant filter: merchants with orders at the centre. */
export async function centreMerchantOptions(db: Db, centreId: number): Promise<{ value: string; label: string }[]> {
  const rows = await repo.merchantsWithOrdersAt(db, centreId);
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}
