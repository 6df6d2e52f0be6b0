import { and, eq } from 'drizzle-orm';
import type { PrinterDeviceKind } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { printerSettings } from '../../db/schema';

export interface PrinterRow {
  deviceKind: PrinterDeviceKind;
  printerName: string;
  printerIndex: number | null;
  updatedAt: Date;
}

export async function listForAccount(db: Db, accountId: number): Promise<PrinterRow[]> {
  return db
    .select({
      deviceKind: printerSettings.deviceKind,
      printerName: printerSettings.printerName,
      printerIndex: printerSettings.printerIndex,
      updatedAt: printerSettings.updatedAt,
    })
    .from(printerSettings)
    .where(eq(printerSettings.accountId, accountId));
}

export async function upsert(
  db: Db,
  row: { accountId: number; deviceKind: PrinterDeviceKind; printerName: string; printerIndex: number | null; now: Date },
): Promise<void> {
  await db
    .insert(printerSettings)
    .values({ accountId: row.accountId, deviceKind: row.deviceKind, printerName: row.printerName, printerIndex: row.printerIndex, updatedAt: row.now })
    .onConflictDoUpdate({
      target: [printerSettings.accountId, printerSettings.deviceKind],
      set: { printerName: row.printerName, printerIndex: row.printerIndex, updatedAt: row.now },
    });
}

export async function remove(db: Db, accountId: number, deviceKind: PrinterDeviceKind): Promise<void> {
  await db.delete(printerSettings).where(and(eq(printerSettings.accountId, accountId), eq(printerSettings.deviceKind, deviceKind)));
}
