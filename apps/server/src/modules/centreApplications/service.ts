import { centreApplicationStatusLabels, type CentreApplicationStatus, type DataOf, type centreApplicationsApi } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { BusinessError, NotFoundError } from '../../platform/errors';
import { iso } from '../../platform/format';
import { recordChange, type Who } from '../audit/service';
import * as repo from './repo';

type ListData = DataOf<typeof centreApplicationsApi.list>;
type ReviewData = DataOf<typeof centreApplicationsApi.approve>;

/** centres.status → the application's review state. */
function stateOf(status: number): CentreApplicationStatus {
  if (status === repo.CENTRE_PENDING) return 'pending';
  if (status === repo.CENTRE_REJECTED) return 'rejected';
  return 'approved';
}

export async function listApplications(db: Db, q: { keyword?: string; status?: CentreApplicationStatus; page: number; page_size: number }): Promise<ListData> {
  const { rows, total } = await repo.listApplications(db, { keyword: q.keyword || undefined, status: q.status }, { limit: q.page_size, offset: (q.page - 1) * q.page_size });
  return {
    list: rows.map((r) => {
      const status = stateOf(r.status);
      return {
        id: String(r.id),
        name: r.name,
        code: r.code,
        address: r.address,
        contact: r.contact,
        mobile: r.mobile,
        status,
        status_text: centreApplicationStatusLabels[status],
        reject_reason: r.rejectReason ?? '',
        applied_at: iso(r.createdAt),
        reviewed_at: r.reviewedAtMs === null ? null : new Date(Number(r.reviewedAtMs)).toISOString(),
        reviewer_name: r.reviewerName ?? '',
      };
    }),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/**
 * Approves (the centre becomes active, its owner account is enabled and can sign in) or rejects
 * (with a reason; the account stays disabled) an application awaiting review. The centre row is
 * locked, so of two concurrent reviews one wins and the other is told the application is done.
 */
export async function reviewApplication(
  db: Db,
  a: { centreId: number; decision: 'approve' | 'reject'; reason?: string; reviewerId: number; now: Date; who?: Who },
): Promise<ReviewData> {
  return db.transaction(async (tx) => {
    const c = await repo.lockCentre(tx, a.centreId);
    if (!c) throw new NotFoundError('服务中心入驻申请不存在');
    const cur = stateOf(c.status);
    if (cur !== 'pending') {
      throw new BusinessError(`服务中心「${c.name}」的入驻申请${centreApplicationStatusLabels[cur]}，不是待审核状态，不能再${a.decision === 'approve' ? '通过' : '驳回'}`, 'centre_application.not_pending');
    }
    if (a.decision === 'approve') {
      await repo.setReview(tx, c.id, { status: repo.CENTRE_ACTIVE, reviewedBy: a.reviewerId, reviewedAt: a.now, rejectReason: '' });
      if ((await repo.enableOwners(tx, c.id, a.now)) === 0) throw new BusinessError('该服务中心没有申请人账号，无法通过审核', 'centre_application.no_owner');
    } else {
      const reason = a.reason?.trim() ?? '';
      if (!reason) throw new BusinessError('请填写驳回原因', 'centre_application.reason_required');
      await repo.setReview(tx, c.id, { status: repo.CENTRE_REJECTED, reviewedBy: a.reviewerId, reviewedAt: a.now, rejectReason: reason });
    }
    const status = a.decision === 'approve' ? 'approved' : 'rejected';
    if (a.who) {
      // the centre's log (both of its portals) and the platform's
      const object = { id: c.id, label: c.name, centreId: c.id };
      const after = { status: centreApplicationStatusLabels[status], ...(a.decision === 'reject' ? { reason: a.reason?.trim() ?? '' } : {}) };
      await recordChange(tx, { ...a.who, kind: 'centre_application', action: a.decision, object, before: { status: centreApplicationStatusLabels.pending }, after, now: a.now });
    }
    return { id: String(c.id), status, status_text: centreApplicationStatusLabels[status] };
  });
}

/** An application behind a service-centre owner account that was never approved. */
export interface OpenApplication {
  accountId: number;
  centreId: number;
  state: 'pending' | 'rejected';
  rejectReason: string;
}

/**
 * The application of a service-centre owner account that was never approved (disabled, never
 * signed in, its centre awaiting review or rejected); null for any other account (a sub-account,
 * an active one, the owner of an active centre disabled later). With `lock` (inside a
 * transaction) the account and centre rows stay locked until it ends.
 */
export async function applicationOfAccount(db: Db, accountId: number, opts: { lock?: boolean } = {}): Promise<OpenApplication | null> {
  const r = await repo.findApplicant(db, accountId, opts);
  if (!r || r.accountStatus === 1 || r.lastLoginAt !== null) return null;
  if (r.centreStatus !== repo.CENTRE_PENDING && r.centreStatus !== repo.CENTRE_REJECTED) return null;
  return { accountId: r.accountId, centreId: r.centreId, state: r.centreStatus === repo.CENTRE_PENDING ? 'pending' : 'rejected', rejectReason: r.rejectReason ?? '' };
}

/**
 * A rejected applicant applies again (call inside a transaction, with the application locked):
 * the centre takes the new data and waits for review again, the owner account keeps its mobile,
 * takes the new name and password and stays disabled until a manager approves.
 */
export async function reopenRejectedApplication(
  tx: Db,
  app: OpenApplication,
  a: { centreName: string; centreAddress: string; contact: string; mobile: string; passwordHash: string; now: Date },
): Promise<void> {
  if (app.state !== 'rejected') throw new Error('only a rejected application can be submitted again');
  await repo.reopenApplication(tx, app.centreId, { name: a.centreName, address: a.centreAddress, contact: a.contact, mobile: a.mobile, now: a.now });
  await repo.resetApplicantAccount(tx, app.accountId, { name: a.contact, passwordHash: a.passwordHash, now: a.now });
}
