import type { z } from 'zod';
import type { PrintLicense, PrinterChoice, PrinterSettings, printerSetBody } from '@gemqc/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import * as repo from './repo';

type SetBody = z.output<typeof printerSetBody>;

/** The printer an account chose per device kind (null where none yet). */
export async function getPrinters(db: Db, accountId: number): Promise<PrinterSettings> {
  const out: PrinterSettings = { base_printer: null, logistic_printer_device: null };
  for (const r of await repo.listForAccount(db, accountId)) {
    const choice: PrinterChoice = {
      device_kind: r.deviceKind,
      printer_name: r.printerName,
      printer_index: r.printerIndex,
      offset_top_mm: r.offsetTopTenthMm / 10,
      offset_left_mm: r.offsetLeftTenthMm / 10,
      updated_at: r.updatedAt.toISOString(),
    };
    out[r.deviceKind] = choice;
  }
  return out;
}

/**
 * Stores (or, with an empty name, clears) the printer of one device kind and its calibration; answers
 * all choices. An omitted offset keeps the calibration of the same printer; another printer starts at 0.
 */
export async function setPrinter(db: Db, accountId: number, body: SetBody, now: Date): Promise<PrinterSettings> {
  if (body.printer_name === '') await repo.remove(db, accountId, body.device_kind);
  else {
    const current = (await repo.listForAccount(db, accountId)).find((r) => r.deviceKind === body.device_kind);
    const same = current?.printerName === body.printer_name;
    const tenth = (mm: number | undefined, kept: number | undefined): number => (mm !== undefined ? Math.round(mm * 10) : same ? (kept ?? 0) : 0);
    await repo.upsert(db, {
      accountId,
      deviceKind: body.device_kind,
      printerName: body.printer_name,
      printerIndex: body.printer_index ?? null,
      offsetTopTenthMm: tenth(body.offset_top_mm, current?.offsetTopTenthMm),
      offsetLeftTenthMm: tenth(body.offset_left_mm, current?.offsetLeftTenthMm),
      now,
    });
  }
  return getPrinters(db, accountId);
}

/** The C-Lodop licence of configuration (CLODOP_LICENSE_*): never part of the code. */
export function printLicense(config: Pick<Config, 'clodop'>): PrintLicense {
  return {
    company_name: config.clodop.companyName,
    license: config.clodop.license,
    licenseA: config.clodop.licenseA,
    licenseB: config.clodop.licenseB,
  };
}
