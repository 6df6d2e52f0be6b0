import { and, count, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { NotificationKind, OrderStatus } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { notificationReadMarks, notificationReads, notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** Whose notifications: a merchant's (trader accounts) or a centre's warehouse, of the kinds the reader may see. */
export type Audience = ({ portal: 'trader'; merchantId: number } | { portal: 'qualityInspection'; centreId: number }) & { kinds: readonly NotificationKind[] };

function visibleTo(a: Audience): SQL {
  const kinds = inArray(notifications.kind, [...a.kinds]);
  return a.portal === 'trader'
    ? and(eq(notifications.portal, 'trader'), eq(notifications.merchantId, a.merchantId), kinds)!
    : and(eq(notifications.portal, 'qualityInspection'), eq(notifications.centreId, a.centreId), kinds)!;
}

export async function insertNotification(tx: Db, row: typeof notifications.$inferInsert): Promise<void> {
  await tx.insert(notifications).values(row).onConflictDoNothing();
}

const readUpto = (accountId: number) =>
  sql`coalesce((select ${notificationReadMarks.readUpto} from ${notificationReadMarks} where ${notificationReadMarks.accountId} = ${accountId}), 0)`;
const isRead = (accountId: number) =>
  sql<boolean>`(${notifications.id} <= ${readUpto(accountId)} or exists (select 1 from ${notificationReads} where ${notificationReads.accountId} = ${accountId} and ${notificationReads.notificationId} = ${notifications.id}))`;

/** The newest visible notifications after `afterId`, with the account's read flag. */
export async function listVisible(db: Db, a: Audience, accountId: number, opts: { afterId?: number; limit: number }) {
  const w = opts.afterId ? and(visibleTo(a), gt(notifications.id, opts.afterId)) : visibleTo(a);
  return db.select({ n: notifications, read: isRead(accountId) }).from(notifications).where(w).orderBy(desc(notifications.id)).limit(opts.limit);
}

export async function unreadCount(db: Db, a: Audience, accountId: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(visibleTo(a), sql`not ${isRead(accountId)}`));
  return r?.n ?? 0;
}

export async function findVisible(db: Db, a: Audience, id: number): Promise<NotificationRow | undefined> {
  const [r] = await db.select().from(notifications).where(and(visibleTo(a), eq(notifications.id, id))).limit(1);
  return r;
}

export async function markRead(db: Db, accountId: number, notificationId: number, now: Date): Promise<void> {
  await db.insert(notificationReads).values({ accountId, notificationId, readAt: now }).onConflictDoNothing();
}

export async function maxVisibleId(db: Db, a: Audience): Promise<number> {
  const [r] = await db.select({ m: sql<string | null>`max(${notifications.id})` }).from(notifications).where(visibleTo(a));
  return Number(r?.m ?? 0);
}

/** Everything up to `upto` is read; single reads at or below it are no longer needed. */
export async function markAllRead(db: Db, accountId: number, upto: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(notificationReadMarks)
      .values({ accountId, readUpto: upto, updatedAt: now })
      .onConflictDoUpdate({ target: notificationReadMarks.accountId, set: { readUpto: sql`greatest(${notificationReadMarks.readUpto}, ${upto})`, updatedAt: now } });
    await tx.delete(notificationReads).where(and(eq(notificationReads.accountId, accountId), sql`${notificationReads.notificationId} <= ${upto}`));
  });
}

/** The manager's waiting reviews: testing authorisations (商家授权) and centre applications. */
export async function waitingReviews(db: Db): Promise<{ authorisations: number; centres: number }> {
  const r = (await db.execute(
    sql`select (select count(*) from testing_authorisations where status = 0)::int as authorisations, (select count(*) from centres where status = 0)::int as centres`,
  )) as unknown as { rows: { authorisations: number; centres: number }[] };
  return { authorisations: Number(r.rows[0]?.authorisations ?? 0), centres: Number(r.rows[0]?.centres ?? 0) };
}

/** The time-based events the queue's deadline-notifications schedule writes, once per order (dedupe_key `<kind>:<order id>`). */
export type DeadlineEvent = 'overdue' | 'deadline_soon';

/**
 * Writes `kind` once for each order in a state of `pending` whose ship deadline is in [from, to):
 * `overdue` for its merchant, `deadline_soon` for its centre's warehouse, with the deadline (ISO)
 * in params. Orders are looked up centre by centre on orders_centre_status_deadline_idx (one
 * short index range per centre, not a scan of the orders); those already told are skipped before
 * the insert (no identity value is spent on them) and ON CONFLICT settles a concurrent turn.
 * Answers how many rows were written.
 */
export async function insertDeadlineEvents(
  db: Db,
  a: { kind: DeadlineEvent; pending: readonly OrderStatus[]; from: Date; to: Date; now: Date },
): Promise<number> {
  const audience = a.kind === 'overdue' ? sql`'trader', o.merchant_id, null::bigint` : sql`'qualityInspection', null::bigint, o.centre_id`;
  const statuses = sql.join(a.pending.map((s) => sql`${s}`), sql`, `);
  const key = sql`${a.kind}::text || ':' || o.id`;
  const r = await db.execute(sql`
    insert into notifications (portal, merchant_id, centre_id, kind, order_id, order_no, params, dedupe_key, created_at)
    select ${audience}, ${a.kind}::text, o.id, o.order_no,
           jsonb_build_object('deadline', to_char(o.ship_deadline at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
           ${key}, ${a.now.toISOString()}::timestamptz
    from centres c
    cross join lateral (
      select t.id, t.merchant_id, t.centre_id, t.order_no, t.ship_deadline
      from testing_orders t
      where t.centre_id = c.id and t.status in (${statuses})
        and t.ship_deadline >= ${a.from.toISOString()}::timestamptz and t.ship_deadline < ${a.to.toISOString()}::timestamptz
    ) o
    where not exists (select 1 from notifications n where n.dedupe_key = ${key})
    order by o.ship_deadline, o.id
    on conflict (dedupe_key) do nothing`);
  return (r as unknown as { rowCount: number | null }).rowCount ?? 0;
}
