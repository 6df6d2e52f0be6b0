import type { Lodop } from './types';

export interface Printer {
  /** C-Lodop's printer index. */
  id: number;
  name: string;
}

export const PRINTER_DEVICE_KINDS = ['base_printer', 'logistic_printer_device'] as const;
export type PrinterDeviceKind = (typeof PRINTER_DEVICE_KINDS)[number];

/**
 * localStorage keys (spec §9): the current-printer key names the device kind last chosen, and
 * each device kind's own key holds its printer id. The name is kept too, because indexes shift
 * when printers are added or removed on the machine.
 */
export const CURRENT_PRINTER_KEY = 'currentPrinterKey';
export const PRINTER_KEYS: Record<PrinterDeviceKind, string> = {
  base_printer: 'base_printer',
  logistic_printer_device: 'logistic_printer_device',
};
export const printerNameKey = (kind: PrinterDeviceKind): string => `${PRINTER_KEYS[kind]}_name`;

type KV = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const ls = (): KV | null => {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
};

export function listPrinters(lodop: Lodop): Printer[] {
  const count = Number(lodop.GET_PRINTER_COUNT()) || 0;
  return Array.from({ length: count }, (_, id) => ({ id, name: String(lodop.GET_PRINTER_NAME(id)) }));
}

export function savePrinterChoice(kind: PrinterDeviceKind, printer: Printer, storage: KV | null = ls()): void {
  if (!storage) return;
  storage.setItem(CURRENT_PRINTER_KEY, PRINTER_KEYS[kind]);
  storage.setItem(PRINTER_KEYS[kind], String(printer.id));
  storage.setItem(printerNameKey(kind), printer.name);
}

export function loadPrinterChoice(kind: PrinterDeviceKind, storage: KV | null = ls()): { id: number; name: string | null } | null {
  const raw = storage?.getItem(PRINTER_KEYS[kind]);
  if (raw === null || raw === undefined || raw === '' || !Number.isInteger(Number(raw))) return null;
  return { id: Number(raw), name: storage?.getItem(printerNameKey(kind)) ?? null };
}

export function currentPrinterKind(storage: KV | null = ls()): PrinterDeviceKind | null {
  const v = storage?.getItem(CURRENT_PRINTER_KEY);
  return (PRINTER_DEVICE_KINDS as readonly (string | null | undefined)[]).includes(v) ? (v as PrinterDeviceKind) : null;
}

export function clearPrinterChoice(kind: PrinterDeviceKind, storage: KV | null = ls()): void {
  storage?.removeItem(PRINTER_KEYS[kind]);
  storage?.removeItem(printerOffsetKey(kind));
  storage?.removeItem(printerCopiesKey(kind));
  storage?.removeItem(printerNameKey(kind));
}

/** The remembered printer as it is now: found by name first, else by id; null = default printer. */
export function resolvePrinter(kind: PrinterDeviceKind, printers: Printer[], storage: KV | null = ls()): Printer | null {
  const saved = loadPrinterChoice(kind, storage);
  if (!saved) return null;
  return (saved.name !== null ? printers.find((p) => p.name === saved.name) : undefined) ?? printers.find((p) => p.id === saved.id && saved.name === null) ?? null;
}

/** localStorage key of a device kind's calibration (JSON {top, left} in mm), kept with its printer choice. */
export const printerOffsetKey = (kind: PrinterDeviceKind): string => `${PRINTER_KEYS[kind]}_offset`;

/** Remember the calibration of the chosen printer of a device kind (0/0 clears it). */
export function savePrinterOffset(kind: PrinterDeviceKind, offset: { top: number; left: number }, storage: KV | null = ls()): void {
  if (!storage) return;
  if (!offset.top && !offset.left) storage.removeItem(printerOffsetKey(kind));
  else storage.setItem(printerOffsetKey(kind), JSON.stringify({ top: offset.top, left: offset.left }));
}

/** The calibration remembered for a device kind's printer; 0/0 when none. */
export function loadPrinterOffset(kind: PrinterDeviceKind, storage: KV | null = ls()): { top: number; left: number } {
  try {
    const v = JSON.parse(storage?.getItem(printerOffsetKey(kind)) ?? 'null') as { top?: unknown; left?: unknown } | null;
    const n = (x: unknown): number => (typeof x === 'number' && Number.isFinite(x) ? x : 0);
    return { top: n(v?.top), left: n(v?.left) };
  } catch {
    return { top: 0, left: 0 };
  }
}

/** localStorage key of a device kind's copies per job, kept with its printer choice. */
export const printerCopiesKey = (kind: PrinterDeviceKind): string => `${PRINTER_KEYS[kind]}_copies`;

/** Remember how many copies every job on a device kind's printer prints (1 clears it). */
export function savePrinterCopies(kind: PrinterDeviceKind, copies: number, storage: KV | null = ls()): void {
  if (!storage) return;
  const n = Math.floor(copies);
  if (!Number.isFinite(n) || n <= 1) storage.removeItem(printerCopiesKey(kind));
  else storage.setItem(printerCopiesKey(kind), String(Math.min(n, MAX_COPIES)));
}

/** Copies per job remembered for a device kind; 1 when none. */
export function loadPrinterCopies(kind: PrinterDeviceKind, storage: KV | null = ls()): number {
  const n = Math.floor(Number(storage?.getItem(printerCopiesKey(kind)) ?? 1));
  return Number.isFinite(n) && n > 1 ? Math.min(n, MAX_COPIES) : 1;
}

export const MAX_COPIES = 99;

/** What every job on a device kind's printer takes, in C-Lodop and in the browser alike. */
export interface PrinterJobSettings {
  /** The printer C-Lodop prints on (null: C-Lodop's default printer, or the browser's dialog). */
  printer: Printer | null;
  /** The calibration of that printer (mm); 0/0 when none or when the remembered printer is not there. */
  offset: { top: number; left: number };
  copies: number;
}

/**
 * The one reading of a device kind's printer settings for a job. With C-Lodop's printer list the
 * remembered printer is looked up in it (by name, see resolvePrinter), and its calibration applies
 * only when it is there — another printer must not get its offset. Without a list (the browser
 * prints through its own dialog) the remembered choice is the printer the user prints on.
 */
export function printerJobSettings(kind: PrinterDeviceKind, printers?: Printer[], storage: KV | null = ls()): PrinterJobSettings {
  const saved = loadPrinterChoice(kind, storage);
  const printer = printers ? resolvePrinter(kind, printers, storage) : saved ? { id: saved.id, name: saved.name ?? '' } : null;
  return {
    printer,
    offset: printer ? loadPrinterOffset(kind, storage) : { top: 0, left: 0 },
    copies: loadPrinterCopies(kind, storage),
  };
}

/**
 * The browser print's options for a device kind (printInBrowser / buildPrintDocument): the
 * calibration and copies a C-Lodop job on that printer gets, read by printerJobSettings.
 */
export function browserPrintSettings(kind: PrinterDeviceKind, storage: KV | null = ls()): { offset: { top: number; left: number }; copies: number } {
  const { offset, copies } = printerJobSettings(kind, undefined, storage);
  return { offset, copies };
}
