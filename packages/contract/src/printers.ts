import { z } from 'zod';
import { endpoint } from './common';

/**
 * Printer configuration (product spec §3 "Printer", docs/domain.md#printers) and the C-Lodop print licence.
 * The printer name comes from the C-Lodop printer list of the user's PC; the server keeps one
 * choice per account and device kind, the browser keeps it in local storage too.
 */

export const printerDeviceKinds = ['base_printer', 'logistic_printer_device'] as const;
export type PrinterDeviceKind = (typeof printerDeviceKinds)[number];

export const printerDeviceKind = z.enum(printerDeviceKinds, { error: '打印设备类型不正确（标签打印机或面单打印机）' });

export const printerChoice = z.object({
  device_kind: z.enum(printerDeviceKinds),
  printer_name: z.string(),
  /** Position in the C-Lodop list when it was chosen; the name is what counts. */
  printer_index: z.number().nullable(),
  /** Calibration of this printer: the whole print moves down / right by this much (mm, 0.1 mm steps, may be negative). */
  offset_top_mm: z.number(),
  offset_left_mm: z.number(),
  updated_at: z.string(),
});
export type PrinterChoice = z.infer<typeof printerChoice>;

/** The caller's choices, one per device kind (null: none chosen yet). */
export const printerSettingsData = z.object({
  base_printer: printerChoice.nullable(),
  logistic_printer_device: printerChoice.nullable(),
});
export type PrinterSettings = z.infer<typeof printerSettingsData>;

/** Calibration offsets the printer settings accept, in mm. */
export const PRINTER_OFFSET_MAX_MM = 50;
const calibration = (what: string) =>
  z
    .number({ error: `${what}必须是数字（毫米）` })
    .min(-PRINTER_OFFSET_MAX_MM, { error: `${what}不能小于 -${PRINTER_OFFSET_MAX_MM} 毫米` })
    .max(PRINTER_OFFSET_MAX_MM, { error: `${what}不能大于 ${PRINTER_OFFSET_MAX_MM} 毫米` })
    // kept in 0.1 mm steps
    .transform((v) => Math.round(v * 10) / 10);

export const printerSetBody = z.object({
  device_kind: printerDeviceKind,
  /** Empty clears the choice. */
  printer_name: z.string({ error: '请选择打印机' }).trim().max(200, { error: '打印机名称不能超过200个字符' }),
  printer_index: z.number({ error: '打印机序号必须是数字' }).int().min(0, { error: '打印机序号不正确' }).max(9999, { error: '打印机序号不正确' }).nullable().optional(),
  /** Calibration; omitted keeps the printer's current one (a different printer starts at 0). */
  offset_top_mm: calibration('上边距校准').optional(),
  offset_left_mm: calibration('左边距校准').optional(),
});

/** C-Lodop licence (SET_LICENSES arguments), from the server's configuration. */
export const printLicense = z.object({
  company_name: z.string(),
  license: z.string(),
  licenseA: z.string(),
  licenseB: z.string(),
});
export type PrintLicense = z.infer<typeof printLicense>;

export const printerNamespaces = ['warehouse', 'center'] as const;
export type PrinterNamespace = (typeof printerNamespaces)[number];

function printerEndpoints(ns: PrinterNamespace) {
  return {
    get: endpoint({ method: 'GET', path: `/${ns}/v1/Printer/get`, summary: "The caller's printer per device kind", data: printerSettingsData }),
    set: endpoint({ method: 'POST', path: `/${ns}/v1/Printer/set`, summary: 'Choose (or clear) the printer of a device kind', body: printerSetBody, data: printerSettingsData }),
  };
}

export const printersApi = {
  warehouse: printerEndpoints('warehouse'),
  center: printerEndpoints('center'),
};
export type PrinterEndpoints = ReturnType<typeof printerEndpoints>;

export const printLicenseNamespaces = ['warehouse', 'center', 'merchant'] as const;
export type PrintLicenseNamespace = (typeof printLicenseNamespaces)[number];

export const printLicenseApi = {
  warehouse: endpoint({ method: 'GET', path: '/warehouse/v1/Print/license', summary: 'C-Lodop print licence from configuration', data: printLicense }),
  center: endpoint({ method: 'GET', path: '/center/v1/Print/license', summary: 'C-Lodop print licence from configuration', data: printLicense }),
  merchant: endpoint({ method: 'GET', path: '/merchant/v1/Print/license', summary: 'C-Lodop print licence from configuration', data: printLicense }),
};
