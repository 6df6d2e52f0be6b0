import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Client request keys of the idempotent creates (093_client_requests.sql, platform/idempotency.ts). */
export const clientRequests = pgTable('client_requests', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  scope: text('scope').notNull(),
  endpoint: text('endpoint').notNull(),
  key: text('key').notNull(),
  bodyHash: text('body_hash').notNull(),
  answer: jsonb('answer').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
