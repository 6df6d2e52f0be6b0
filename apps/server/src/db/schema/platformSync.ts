import { bigint, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

// Shipments reported to the shop platform (migration 110; modules/platformSync/README.md).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** pending 待同步 · sending (a worker holds it) · synced 已同步 · failed 同步失败 · waiting_auth (the shop must authorise again). */
export type ShipmentSyncState = 'pending' | 'sending' | 'synced' | 'failed' | 'waiting_auth';

export const platformShipments = pgTable(
  'platform_shipments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    shopId: bigint('shop_id', { mode: 'number' }).notNull(),
    platformOrderId: text('platform_order_id').notNull(),
    carrier: text('carrier').notNull(),
    waybill: text('waybill').notNull(),
    state: text('state').$type<ShipmentSyncState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error').notNull().default(''),
    claimedUntil: ts('claimed_until'),
    /** host:pid of the process making the attempt (who to look at when one hangs). */
    claimedBy: text('claimed_by').notNull().default(''),
    syncedAt: ts('synced_at'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [unique().on(t.orderId, t.waybill)],
);
