import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The `shops` table itself is in core.ts (migration 002); shop OAuth states are migration 030.

/** An authorise link's state (hashed), bound to a merchant and account; 10 minutes, single use. */
export const shopOauthStates = pgTable('shop_oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  platform: text('platform').notNull().default('doudian'),
  merchantId: bigint('merchant_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  redirectUri: text('redirect_uri').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
});
