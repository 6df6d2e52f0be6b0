import type { NotificationKind } from '@gemqc/contract';
import { bigint, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Notifications (migration 096): the bell's events and each account's read state.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type NotificationPortal = 'trader' | 'qualityInspection';

export const notifications = pgTable('notifications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  portal: text('portal').$type<NotificationPortal>().notNull(),
  merchantId: bigint('merchant_id', { mode: 'number' }),
  centreId: bigint('centre_id', { mode: 'number' }),
  kind: text('kind').$type<NotificationKind>().notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  orderNo: text('order_no').notNull().default(''),
  params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  dedupeKey: text('dedupe_key').unique(),
  createdAt: ts('created_at').notNull(),
});

export const notificationReadMarks = pgTable('notification_read_marks', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  readUpto: bigint('read_upto', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

export const notificationReads = pgTable(
  'notification_reads',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.notificationId] })],
);
