import { type DataOf, type merchantsApi, type MerchantAuthorisationFields, testingAuthStatusLabel } from '@gemqc/contract';
import type { AppDeps } from '../../platform/deps';
import type { Db } from '../../db/client';
import { BusinessError } from '../../platform/errors';
import { recordChange, type Who } from '../audit/service';
import { verifySmsCode } from '../auth/sms.service';
import { iso } from '../../platform/format';
import * as repo from './authorisation.repo';
import type { AuthRow } from './authorisation.repo';


type AuthInfo = DataOf<typeof merchantsApi.authInfo>;

/** What the merchant submitted for authorisation, as the merchant and the manager both see it ('' when nothing). */
export function authorisationFields(a: AuthRow | undefined) {
  return {
    company_name: a?.companyName ?? '',
    licence_no: a?.licenceNo ?? '',
    contact_person: a?.contactPerson ?? '',
    contact_mobile: a?.contactMobile ?? '',
    return_address: a?.returnAddress ?? '',
    return_method: a?.returnMethod ?? '',
    intercept_policy: a?.interceptPolicy ?? '',
    submitted_at: iso(a?.submittedAt ?? null),
  };
}

export function authInfoView(a: AuthRow | undefined): AuthInfo {
  const status = a ? a.status : -1;
  return {
    status_id: status,
    status_text: testingAuthStatusLabel(status),
    reason: a && a.status === 2 ? a.rejectReason : '',
    ...authorisationFields(a),
    reviewed_at: iso(a?.reviewedAt ?? null),
  };
}

/**
 * Approves (1) or rejects (2, with a reason) a testing authorisation that is under review; `db`
 * may be the caller's transaction (the merchants module checks the merchant in the same one).
 */
export async function reviewTestingAuth(db: Db, a: { merchantId: number; status: 1 | 2; reason?: string; reviewerId: number; now: Date }): Promise<AuthRow> {
  const cur = await repo.authOf(db, a.merchantId, true);
  if (!cur) throw new BusinessError('该商户尚未提交检测信息，无需审核', 'testing_auth.not_submitted');
  if (cur.status !== 0) throw new BusinessError(`该商户的检测信息${testingAuthStatusLabel(cur.status)}，不是待审核状态`, 'testing_auth.not_under_review');
  const row = await repo.setReview(db, a.merchantId, { status: a.status, rejectReason: a.status === 2 ? (a.reason ?? '') : '', reviewedBy: a.reviewerId, reviewedAt: a.now });
  if (!row) throw new BusinessError('该商户尚未提交检测信息，无需审核', 'testing_auth.not_submitted'); // locked above: not reached
  return row;
}

export async function authInfo(db: Db, merchantId: number): Promise<AuthInfo> {
  return authInfoView(await repo.authOf(db, merchantId));
}

/**
 * Submits (or, after a rejection, resubmits) the testing authorisation: the contact mobile must
 * carry a valid SMS code of purpose testing_auth. The status becomes 0 (under review).
 */
export async function submitAuth(
  deps: Pick<AppDeps, 'db' | 'config'>,
  a: { merchantId: number; accountId: number; fields: MerchantAuthorisationFields; verifyCode: string; now: Date; who?: Who },
): Promise<AuthInfo> {
  const current = await repo.authOf(deps.db, a.merchantId);
  if (current?.status === 0) throw new BusinessError('检测信息正在审核中，请耐心等待审核结果', 'testing_auth.under_review');
  if (current?.status === 1) throw new BusinessError('检测信息已审核通过，如需修改请联系平台客服', 'testing_auth.already_approved');
  await verifySmsCode(deps, { mobile: a.fields.contact_mobile, purpose: 'testing_auth', code: a.verifyCode, now: a.now });
  const f = a.fields;
  const row = await deps.db.transaction(async (tx) => {
    const saved = await repo.upsertAuth(tx, {
      merchantId: a.merchantId,
      companyName: f.company_name,
      licenceNo: f.licence_no,
      contactPerson: f.contact_person,
      contactMobile: f.contact_mobile,
      returnAddress: f.return_address,
      returnMethod: f.return_method,
      interceptPolicy: f.intercept_policy,
      status: 0,
      submittedBy: a.accountId,
      submittedAt: a.now,
    });
    if (a.who) {
      // the merchant's log (and the platform's): what it asked to be approved, 拦截策略 included
      const after = { status: testingAuthStatusLabel(0), company_name: f.company_name, contact_person: f.contact_person, contact_mobile: f.contact_mobile, return_method: f.return_method, intercept_policy: f.intercept_policy };
      const object = { id: a.merchantId, label: f.company_name, merchantId: a.merchantId };
      await recordChange(tx, { ...a.who, kind: 'testing_auth', action: 'request', object, before: current ? { status: testingAuthStatusLabel(current.status), intercept_policy: current.interceptPolicy, return_method: current.returnMethod } : null, after, now: a.now });
    }
    return saved;
  });
  return authInfoView(row);
}

/**
 * The merchant changes its 拦截策略 at any time — under review, approved or rejected — without a new
 * review: the policy is the merchant's own choice about its buyers' refunds (the centre does the
 * same work either way), unlike the company details the platform checks. Audited; refunds that
 * arrive afterwards follow it (a refund already recorded keeps what it did; an in-transit refund is
 * decided again, by the policy of then, when its parcel is scanned in).
 */
export async function changeInterceptPolicy(db: Db, a: { merchantId: number; policy: 'after_sales_first' | 'shipping_first'; who: Who; now: Date }): Promise<AuthInfo> {
  return db.transaction(async (tx) => {
    const cur = await repo.authOf(tx, a.merchantId, true);
    if (!cur) throw new BusinessError('请先提交检测信息，再设置拦截策略', 'testing_auth.not_submitted');
    if (cur.interceptPolicy === a.policy) return authInfoView(cur);
    const row = await repo.setInterceptPolicy(tx, a.merchantId, a.policy);
    await recordChange(tx, {
      ...a.who,
      kind: 'intercept_policy',
      action: 'update',
      object: { id: a.merchantId, label: cur.companyName || '拦截策略', merchantId: a.merchantId },
      before: { intercept_policy: cur.interceptPolicy },
      after: { intercept_policy: a.policy },
      now: a.now,
    });
    return authInfoView(row);
  });
}
