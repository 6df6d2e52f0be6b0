import { and, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';
import type { auditSort, SortKeyOf } from '@gemqc/contract';
import { listOrderBy, type ListSortQuery, type SortColumns } from '../../platform/listSort';

export type AuditLogRow = typeof auditLog.$inferSelect;

export interface NewEntry {
  createdAt: Date | null;
  actorType: string;
  actorId: number | null;
  ip: string;
  kind: string;
  action: string;
  objectId: string;
  objectLabel: string;
  centreId: number | null;
  merchantId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** The operator's role as it is now: 主账号 (an owner; a manager without a parent), its role's name, or 子账号. */
const roleOf = (actorId: number) =>
  sql`coalesce((select case when a.parent_id is null then '主账号' else coalesce((select r.name from roles r where r.id = a.role_id), '子账号') end from accounts a where a.id = ${actorId}), '')`;

/**
 * Inserts one entry; the operator's name, mobile and role are copied from the account in the same
 * statement (a later rename or role change does not rewrite history).
 */
export async function insertEntry(db: Db, e: NewEntry): Promise<void> {
  const system = e.actorId === null;
  await db.insert(auditLog).values({
    ...e,
    createdAt: e.createdAt ?? sql`now()`,
    actorName: system ? '' : sql`coalesce((select name from accounts where id = ${e.actorId}), '')`,
    actorMobile: system ? '' : sql`coalesce((select mobile from accounts where id = ${e.actorId}), '')`,
    actorRole: e.actorId === null ? '' : roleOf(e.actorId),
  });
}

/** Whose entries a caller reads: one centre's, one merchant's, or (the platform) all. */
export type Scope = { centreId: number } | { merchantId: number } | 'all';

export interface Filter {
  from?: Date;
  to?: Date;
  actor?: string;
  kind?: string;
  object?: string;
}

function likeEscape(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(scope: Scope, f: Filter): SQL | undefined {
  return and(
    scope === 'all' ? undefined : 'centreId' in scope ? eq(auditLog.centreId, scope.centreId) : eq(auditLog.merchantId, scope.merchantId),
    f.from ? gte(auditLog.createdAt, f.from) : undefined,
    f.to ? lt(auditLog.createdAt, f.to) : undefined,
    f.actor ? or(ilike(auditLog.actorName, likeEscape(f.actor)), eq(auditLog.actorMobile, f.actor)) : undefined,
    f.kind ? eq(auditLog.kind, f.kind) : undefined,
    f.object ? or(ilike(auditLog.objectLabel, likeEscape(f.object)), eq(auditLog.objectId, f.object)) : undefined,
  );
}

/** A page of entries, newest first, with the count of every match. */
/** 操作日志's sort keys → columns (the table's (scope, created_at, id) indexes serve both directions). */
const auditSortColumns = { created_at: auditLog.createdAt } satisfies SortColumns<SortKeyOf<typeof auditSort>>;

export async function listEntries(db: Db, scope: Scope, f: Filter, page: { limit: number; offset: number }, sort: ListSortQuery<SortKeyOf<typeof auditSort>> = { sort_order: 'desc' }) {
  const where = whereOf(scope, f);
  const [rows, count] = await Promise.all([
    db.select().from(auditLog).where(where).orderBy(...listOrderBy(auditSortColumns, sort, auditLog.id, [desc(auditLog.createdAt), desc(auditLog.id)])).limit(page.limit).offset(page.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}
