import { testingAuthStatusLabel, type DataOf, type adminMerchantApi, type adminMerchantSort, type SortKeyOf } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../platform/errors';
import type { ListSortQuery } from '../../platform/listSort';
import { revokeAccountSessions } from '../../platform/sessions';
import { topUp, type Operator } from '../fees/ledger';
import { iso } from '../orders/format';
import { reviewTestingAuth } from '../testing/service';
import { notifyAuthReviewed } from '../notifications/service';
import { recordChange, type Who } from '../audit/service';
import * as repo from './repo';

type ListData = DataOf<typeof adminMerchantApi.list>;

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
        company_name: a?.companyName ?? '',
        licence_no: a?.licenceNo ?? '',
        contact_person: a?.contactPerson ?? '',
        contact_mobile: a?.contactMobile ?? '',
        return_address: a?.returnAddress ?? '',
        return_method: a?.returnMethod ?? '',
        intercept_policy: a?.interceptPolicy ?? '',
        reject_reason: a?.rejectReason ?? '',
        submitted_at: iso(a?.submittedAt ?? null),
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
export async function setMerchantStatus(db: Db, a: { id: number; status: number; now: Date }) {
  return db.transaction(async (tx) => {
    const row = await repo.setStatus(tx, a.id, a.status);
    if (!row) throw new NotFoundError('商户不存在');
    if (a.status === 0) for (const accountId of await repo.accountIdsOf(tx, a.id)) await revokeAccountSessions(tx, accountId, a.now);
    return { id: String(row.id), status_id: row.status };
  });
}

/** Approves (1) or rejects (2, with a reason) a testing authorisation that is under review. */
export async function reviewAuth(db: Db, a: { merchantId: number; status: 1 | 2; reason?: string; reviewerId: number; now: Date }) {
  return db.transaction(async (tx) => {
    if (!(await repo.exists(tx, a.merchantId))) throw new NotFoundError('商户不存在');
    const row = await reviewTestingAuth(tx, a);
    await notifyAuthReviewed(tx, { merchantId: a.merchantId, status: a.status, reason: row.rejectReason }, a.now); // the merchant's bell
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
