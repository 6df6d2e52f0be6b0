import { and, count, desc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notificationReadMarks, notificationReads, notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** Whose notifications: a merchant's (trader accounts) or a centre's warehouse. */
export type Audience = { portal: 'trader'; merchantId: number } | { portal: 'qualityInspection'; centreId: number };

function visibleTo(a: Audience): SQL {
  return a.portal === 'trader'
    ? and(eq(notifications.portal, 'trader'), eq(notifications.merchantId, a.merchantId))!
    : and(eq(notifications.portal, 'qualityInspection'), eq(notifications.centreId, a.centreId))!;
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
