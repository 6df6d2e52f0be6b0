import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { BatchStatus } from '@gemqc/contract';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Per centre and day counters behind batch numbers PCyyyymmddNNN; migration 060. */
export const batchNoCounters = pgTable(
  'batch_no_counters',
  {
    centreId: ref('centre_id').notNull(),
    day: text('day').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.centreId, t.day] })],
);

/** Intake batches (批次): one open batch per station (account); testing_orders.batch_id points here. */
export const batches = pgTable('batches', {
  id: id(),
  batchNo: text('batch_no').notNull(),
  centreId: ref('centre_id').notNull(),
  operatorId: ref('operator_id').notNull(),
  operatorName: text('operator_name').notNull().default(''),
  status: text('status').$type<BatchStatus>().notNull().default('open'),
  openedAt: ts('opened_at').notNull().defaultNow(),
  closedAt: ts('closed_at'),
  closedBy: ref('closed_by'),
  closedByName: text('closed_by_name').notNull().default(''),
});

/** E-waybills got from the shop platform, once per order and carrier (migration 116). */
export const orderEbills = pgTable(
  'order_ebills',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    logisticsCode: text('logistics_code').notNull(),
    carrier: text('carrier').notNull(),
    trackNo: text('track_no').notNull(),
    sortCode: text('sort_code').notNull().default(''),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.logisticsCode] })],
);
