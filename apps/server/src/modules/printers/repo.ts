import { and, eq } from 'drizzle-orm';
import type { PrinterDeviceKind } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { printerSettings } from '../../db/schema';

export interface PrinterRow {
  deviceKind: PrinterDeviceKind;
  printerName: string;
  printerIndex: number | null;
  offsetTopTenthMm: number;
  offsetLeftTenthMm: number;
  updatedAt: Date;
}

export async function listForAccount(db: Db, accountId: number): Promise<PrinterRow[]> {
  return db
    .select({
      deviceKind: printerSettings.deviceKind,
      printerName: printerSettings.printerName,
      printerIndex: printerSettings.printerIndex,
      offsetTopTenthMm: printerSettings.offsetTopTenthMm,
      offsetLeftTenthMm: printerSettings.offsetLeftTenthMm,
      updatedAt: printerSettings.updatedAt,
    })
    .from(printerSettings)
    .where(eq(printerSettings.accountId, accountId));
}

export async function upsert(
  db: Db,
  row: { accountId: number; deviceKind: PrinterDeviceKind; printerName: string; printerIndex: number | null; offsetTopTenthMm: number; offsetLeftTenthMm: number; now: Date },
): Promise<void> {
  const values = {
    printerName: row.printerName,
    printerIndex: row.printerIndex,
    offsetTopTenthMm: row.offsetTopTenthMm,
    offsetLeftTenthMm: row.offsetLeftTenthMm,
    updatedAt: row.now,
  };
  await db
    .insert(printerSettings)
    .values({ accountId: row.accountId, deviceKind: row.deviceKind, ...values })
    .onConflictDoUpdate({ target: [printerSettings.accountId, printerSettings.deviceKind], set: values });
}

export async function remove(db: Db, accountId: number, deviceKind: PrinterDeviceKind): Promise<void> {
  await db.delete(printerSettings).where(and(eq(printerSettings.accountId, accountId), eq(printerSettings.deviceKind, deviceKind)));
}
