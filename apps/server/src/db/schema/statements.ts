import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A confirmed statement's totals per type, fen charged (migration 062). */
export interface StatementSnapshotTotal {
  type: string;
  count: number;
  amount: number;
}

/** Confirmed financial statements (财务账单): one per centre × month × merchant; drafts have no row. */
export const statements = pgTable('statements', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  centreId: bigint('centre_id', { mode: 'number' }).notNull(),
  merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
  month: text('month').notNull(),
  status: text('status').$type<'confirmed'>().notNull().default('confirmed'),
  entryCount: integer('entry_count').notNull(),
  itemCount: integer('item_count').notNull(),
  netAmount: bigint('net_amount', { mode: 'number' }).notNull(),
  totals: jsonb('totals').$type<StatementSnapshotTotal[]>().notNull(),
  lastEntryId: bigint('last_entry_id', { mode: 'number' }),
  confirmedBy: bigint('confirmed_by', { mode: 'number' }),
  confirmedByName: text('confirmed_by_name').notNull().default(''),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
