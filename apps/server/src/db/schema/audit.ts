import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// 操作日志 (migration 094): one row per recorded change, only ever inserted.
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    createdAt: ts('created_at').notNull(),
    actorType: text('actor_type').notNull(),
    actorId: ref('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    actorMobile: text('actor_mobile').notNull().default(''),
    actorRole: text('actor_role').notNull().default(''),
    ip: text('ip').notNull().default(''),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    objectId: text('object_id').notNull().default(''),
    objectLabel: text('object_label').notNull().default(''),
    centreId: ref('centre_id'),
    merchantId: ref('merchant_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_centre_idx').on(t.centreId, t.createdAt.desc(), t.id.desc()).where(sql`centre_id IS NOT NULL`),
    index('audit_log_merchant_idx').on(t.merchantId, t.createdAt.desc(), t.id.desc()).where(sql`merchant_id IS NOT NULL`),
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);
