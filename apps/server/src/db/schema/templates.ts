import type { PrinterDeviceKind, TemplateKind } from '@gemqc/contract';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ref = (name: string) => bigint(name, { mode: 'number' });
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Label templates of a centre (docs/domain.md#templates); migration 040. `content` is the spec's template JSON. */
export const labelTemplates = pgTable('label_templates', {
  id: id(),
  centreId: ref('centre_id').notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<TemplateKind>().notNull(),
  content: jsonb('content').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(1),
  isDefault: boolean('is_default').notNull().default(false),
  createdBy: ref('created_by'),
  updatedBy: ref('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The printer an account chose per device kind; migration 040. */
export const printerSettings = pgTable(
  'printer_settings',
  {
    accountId: ref('account_id').notNull(),
    deviceKind: text('device_kind').$type<PrinterDeviceKind>().notNull(),
    printerName: text('printer_name').notNull(),
    printerIndex: integer('printer_index'),
    /** Calibration in 0.1 mm (see 090_printer_calibration.sql). */
    offsetTopTenthMm: integer('offset_top_tenth_mm').notNull().default(0),
    offsetLeftTenthMm: integer('offset_left_tenth_mm').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.deviceKind] })],
);
