import {
  auditActionLabel,
  auditKindLabel,
  type AuditAction,
  type AuditKind,
  type AuditRow,
  type AuditSnapshot,
  type auditFilterQuery,
  type auditListQuery,
  type UserType,
} from '@gemqc/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { dayRange, maskPhone } from '../../platform/format';
import { permissionCatalogue } from '../../platform/permissions';
import * as repo from './repo';

/**
 * 操作日志: one entry per change of fee rules, roles, sub-accounts, balances, inspection results and
 * label templates. The services that make those changes call `recordChange` with their
 * transaction, so an entry exists exactly when its change was committed.
 */

/** Who made a change: the signed-in account and the client address (`req.ip`, which honours TRUST_PROXY). */
export interface Who {
  actor: { type: UserType; id: number };
  ip: string;
}

/** The caller of a route as the `Who` of the changes it makes. */
export function whoOf(session: { userType: UserType; accountId: number }, req: { ip: string }): Who {
  return { actor: { type: session.userType, id: session.accountId }, ip: req.ip };
}

export interface Change extends Who {
  kind: AuditKind;
  action: AuditAction;
  /** What was changed, and whose log the entry goes to (a centre's, a merchant's; the platform sees all). */
  object: { id: string | number; label: string; centreId?: number | null; merchantId?: number | null };
  /** The recorded fields before (null: created) and after (null: deleted). */
  before: AuditSnapshot | null;
  after: AuditSnapshot | null;
  /** The app clock's time of the change (default: the transaction's). */
  now?: Date;
}

const same = (a: AuditSnapshot | null, b: AuditSnapshot | null) => a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b);

/**
 * Records a change. Call it with the transaction that makes the change (so a rolled-back change
 * leaves no entry); a save that changed nothing is not recorded.
 */
export async function recordChange(tx: Db, c: Change): Promise<void> {
  if (same(c.before, c.after)) return;
  await repo.insertEntry(tx, {
    createdAt: c.now ?? null,
    actorType: c.actor.type,
    actorId: c.actor.id,
    ip: c.ip.slice(0, 64),
    kind: c.kind,
    action: c.action,
    objectId: String(c.object.id),
    objectLabel: c.object.label.slice(0, 200),
    centreId: c.object.centreId ?? null,
    merchantId: c.object.merchantId ?? null,
    before: c.before,
    after: c.after,
  });
}

/** The caller's log: a trader's merchant, a warehouse or service-centre account's centre, the platform's all. */
export function scopeOf(session: { userType: UserType; merchantId: number | null; centreId: number | null }): repo.Scope {
  if (session.userType === 'manage') return 'all';
  if (session.userType === 'trader') return { merchantId: session.merchantId ?? -1 };
  return { centreId: session.centreId ?? -1 };
}

function filterOf(q: z.output<typeof auditFilterQuery>): repo.Filter {
  const { from, to } = dayRange(q.start_date, q.end_date);
  return { from, to, actor: q.actor, kind: q.kind, object: q.object };
}

/** A role's permissions are kept as keys (exact history) and shown by their catalogue names. */
const permissionLabel = new Map<string, string>(Object.values(permissionCatalogue).flatMap((defs) => defs.map((d) => [d.key, d.label] as const)));

function snapshotView(snap: unknown): AuditSnapshot | null {
  if (!snap) return null;
  const s = snap as AuditSnapshot;
  const keys = s.permissions;
  if (!Array.isArray(keys)) return s;
  return { ...s, permissions: keys.map((k) => permissionLabel.get(String(k)) ?? String(k)) };
}

/** An entry as the API answers it; the operator's mobile masked in the list (`mask`), in full in the export. */
function rowView(r: repo.AuditLogRow, mask = true): AuditRow {
  return {
    id: String(r.id),
    created_at: r.createdAt.toISOString(),
    actor_type: r.actorType,
    actor_id: r.actorId === null ? null : String(r.actorId),
    actor_name: r.actorName,
    actor_mobile: mask ? maskPhone(r.actorMobile) : r.actorMobile,
    actor_role: r.actorRole,
    ip: r.ip,
    kind: r.kind,
    kind_text: auditKindLabel(r.kind),
    action: r.action,
    action_text: auditActionLabel(r.action),
    object_id: r.objectId,
    object_label: r.objectLabel,
    before: snapshotView(r.before),
    after: snapshotView(r.after),
  };
}

export async function listChanges(db: Db, scope: repo.Scope, q: z.output<typeof auditListQuery>) {
  const { rows, total } = await repo.listEntries(db, scope, filterOf(q), { limit: q.page_size, offset: (q.page - 1) * q.page_size }, q);
  return { list: rows.map((r) => rowView(r)), total, page: q.page, page_size: q.page_size };
}

/** Rows of the Excel export, page by page (at most `cap`). */
export async function* exportChanges(db: Db, scope: repo.Scope, q: z.output<typeof auditFilterQuery>, cap = 10_000): AsyncGenerator<AuditRow> {
  const filter = filterOf(q);
  const size = 500;
  for (let offset = 0; offset < cap; offset += size) {
    const { rows } = await repo.listEntries(db, scope, filter, { limit: Math.min(size, cap - offset), offset });
    yield* rows.map((r) => rowView(r, false));
    if (rows.length < size) return;
  }
}
