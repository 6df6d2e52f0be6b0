import { bigint, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const centres = pgTable('centres', {
  id: id(),
  name: text('name').notNull(),
  code: text('code').notNull(),
  address: text('address').notNull().default(''),
  contact: text('contact').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  returnAddress: text('return_address').notNull().default(''),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  // the review of a centre's application (migration 070)
  reviewedAt: ts('reviewed_at'),
  reviewedBy: ref('reviewed_by'),
  rejectReason: text('reject_reason').notNull().default(''),
});

export const merchants = pgTable('merchants', {
  id: id(),
  name: text('name').notNull(),
  contact: text('contact').notNull().default(''),
  mobile: text('mobile').notNull(),
  status: smallint('status').notNull().default(1),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  creditLimit: bigint('credit_limit', { mode: 'number' }).notNull().default(0),
  defaultCentreId: ref('default_centre_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const roles = pgTable('roles', {
  id: id(),
  userType: text('user_type').notNull(),
  merchantId: ref('merchant_id'),
  centreId: ref('centre_id'),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  permissions: text('permissions').array().notNull().default([]),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const accounts = pgTable('accounts', {
  id: id(),
  userType: text('user_type').notNull(),
  mobile: text('mobile').notNull(),
  name: text('name').notNull(),
  avatar: text('avatar').notNull().default(''),
  introduction: text('introduction').notNull().default(''),
  passwordHash: text('password_hash'),
  status: smallint('status').notNull().default(1),
  merchantId: ref('merchant_id'),
  centreId: ref('centre_id'),
  parentId: ref('parent_id'),
  roleId: ref('role_id'),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: ts('locked_until'),
  lastLoginAt: ts('last_login_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: ref('account_id').notNull(),
  userType: text('user_type').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
  ip: text('ip').notNull().default(''),
  userAgent: text('user_agent').notNull().default(''),
});

export const smsCodes = pgTable('sms_codes', {
  id: id(),
  mobile: text('mobile').notNull(),
  purpose: text('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: id(),
  mobile: text('mobile').notNull(),
  purpose: text('purpose').notNull(),
  code: text('code').notNull(),
  content: text('content').notNull(),
  provider: text('provider').notNull(),
  status: text('status').notNull().default('sent'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rateCounters = pgTable('rate_counters', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const feedback = pgTable('feedback', {
  id: id(),
  userType: text('user_type').notNull(),
  accountId: ref('account_id').notNull(),
  merchantId: ref('merchant_id'),
  centreId: ref('centre_id'),
  content: text('content').notNull(),
  contact: text('contact').notNull().default(''),
  pageUrl: text('page_url').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const shops = pgTable('shops', {
  id: id(),
  merchantId: ref('merchant_id').notNull(),
  platform: text('platform').notNull().default('doudian'),
  shopId: text('shop_id').notNull(),
  shopName: text('shop_name').notNull(),
  accessTokenEnc: text('access_token_enc'),
  refreshTokenEnc: text('refresh_token_enc'),
  accessExpiresAt: ts('access_expires_at'),
  refreshExpiresAt: ts('refresh_expires_at'),
  authorisedAt: ts('authorised_at').notNull().defaultNow(),
  lastPulledAt: ts('last_pulled_at'),
  status: text('status').notNull().default('active'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
