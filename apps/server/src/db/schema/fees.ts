import { bigint, boolean, date, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const fen = (name: string) => bigint(name, { mode: 'number' });

/** Gem categories (docs/domain.md#catalogue); migration 010. */
export const gemCategories = pgTable('gem_categories', {
  id: id(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  /** The English name an en-US session shows ('' → the Chinese name). */
  nameEn: text('name_en').notNull().default(''),
  unit: text('unit').$type<'g' | 'ct'>().notNull().default('g'),
  recordsPurity: boolean('records_purity').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Testing-fee rules: centre × category, optionally one merchant's override. */
export const feeRules = pgTable('fee_rules', {
  id: id(),
  centreId: ref('centre_id').notNull(),
  categoryId: ref('category_id').notNull(),
  merchantId: ref('merchant_id'),
  inspectionFee: fen('inspection_fee').notNull(),
  certificateFee: fen('certificate_fee').notNull(),
  updatedBy: ref('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const ledgerTypes = ['TOP_UP', 'INSPECTION', 'CERTIFICATE', 'REVERSAL', 'ADJUSTMENT'] as const;
export type LedgerType = (typeof ledgerTypes)[number];

/** The merchant ledger: append-only, signed fen. */
export const ledgerEntries = pgTable('ledger_entries', {
  id: id(),
  merchantId: ref('merchant_id').notNull(),
  centreId: ref('centre_id'),
  orderId: ref('order_id'),
  itemId: ref('item_id'),
  type: text('type').$type<LedgerType>().notNull(),
  amount: fen('amount').notNull(),
  balanceAfter: fen('balance_after').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  reversesId: ref('reverses_id'),
  operatorId: ref('operator_id'),
  operatorName: text('operator_name').notNull().default(''),
  note: text('note').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The key ledger amounts are summed by: merchant × centre (0 = none) × type × China day of the entry. */
const daySumKey = () => ({
  merchantId: ref('merchant_id').notNull(),
  centreId: ref('centre_id').notNull(),
  type: text('type').$type<LedgerType>().notNull(),
  day: date('day', { mode: 'string' }).notNull(),
});

/** Ledger amounts and entries per key (the daily report's fees); migration 092. */
export const ledgerDaySums = pgTable('ledger_day_sums', {
  ...daySumKey(),
  amount: fen('amount').notNull(),
  entries: integer('entries').notNull(),
});

/** Entries not yet folded into ledger_day_sums (written by a trigger); migration 092. */
export const ledgerDaySumDeltas = pgTable('ledger_day_sum_deltas', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  ...daySumKey(),
  amount: fen('amount').notNull(),
  entries: integer('entries').notNull(),
});
