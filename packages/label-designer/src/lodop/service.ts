import type { DataRow, Template } from '../model/types';
import { PrintJobError } from '../model/barcode-check';
import { buildJob } from './job';
import { LodopLoader, type LodopLoaderOptions, type LodopStatus } from './loader';
import { listPrinters, printerJobSettings, savePrinterChoice, type Printer, type PrinterDeviceKind } from './printers';
import type { LodopLicence } from './types';

export type PrintOutcome = { ok: true } | { ok: false; status: Exclude<LodopStatus, { state: 'ready' }> };

export interface LodopPrintServiceOptions extends LodopLoaderOptions {
  licence?: LodopLicence;
  /** Which remembered printer to use (and its calibration); omitted = C-Lodop's default printer. */
  deviceKind?: PrinterDeviceKind;
  /** Copies of every job; omitted = the copies remembered with the device kind's printer. */
  copies?: number;
}

/** C-Lodop printing for a host page: load once, then preview / print / batch with the chosen printer. */
export class LodopPrintService {
  readonly loader: LodopLoader;
  constructor(private readonly options: LodopPrintServiceOptions = {}) {
    this.loader = new LodopLoader(options);
  }

  status(): LodopStatus {
    return this.loader.status();
  }

  async printers(): Promise<Printer[] | PrintOutcome> {
    const st = await this.loader.load();
    return st.state === 'ready' ? listPrinters(st.lodop) : { ok: false, status: st };
  }

  choosePrinter(kind: PrinterDeviceKind, printer: Printer): void {
    savePrinterChoice(kind, printer);
  }

  private async run(template: Template, rows: DataRow[], action: 'PREVIEW' | 'PRINT'): Promise<PrintOutcome> {
    const st = await this.loader.load();
    if (st.state !== 'ready') return { ok: false, status: st };
    const kind = this.options.deviceKind;
    // the remembered printer, its calibration and copies: the same reading as the browser path's
    const settings = kind ? printerJobSettings(kind, listPrinters(st.lodop)) : null;
    const offset = settings?.offset;
    const copies = this.options.copies ?? settings?.copies ?? 1;
    try {
      buildJob(st.lodop, template, rows, {
        licence: this.options.licence,
        printer: settings?.printer?.name,
        ...(this.options.locale ? { locale: this.options.locale } : {}),
        ...(offset && (offset.top || offset.left) ? { offset } : {}),
        ...(copies > 1 ? { copies } : {}),
      });
    } catch (e) {
      // a label that would print wrong (a barcode its code set cannot encode): the user reads why
      if (e instanceof PrintJobError) return { ok: false, status: { state: 'error', message: e.message, error: e.message } };
      throw e;
    }
    if (action === 'PREVIEW') st.lodop.PREVIEW();
    else st.lodop.PRINT();
    return { ok: true };
  }

  preview(template: Template, rows: DataRow[] = []): Promise<PrintOutcome> {
    return this.run(template, rows, 'PREVIEW');
  }

  print(template: Template, row?: DataRow): Promise<PrintOutcome> {
    return this.run(template, row ? [row] : [], 'PRINT');
  }

  /** N data rows as one job, one label per page. */
  printBatch(template: Template, rows: DataRow[]): Promise<PrintOutcome> {
    return this.run(template, rows, 'PRINT');
  }
}
