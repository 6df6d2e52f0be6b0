import { translate, type Locale } from '../i18n';
import { bindText } from './binding';
import type { BarcodeType, DataRow, TemplateItem } from './types';

/**
 * The one check of barcode data, for the C-Lodop job and the browser path (canvas, browser print,
 * PDF) alike: what C-Lodop would refuse or draw wrong, the browser refuses with the same sentence.
 * What the Code 128 code sets can encode (C-Lodop draws an invalid value without complaint, or as
 * another code set, so the label would print wrong in silence):
 * - 128A: ASCII 0–95 (capitals, digits, punctuation, control characters; no lower case);
 * - 128B: ASCII 32–127 (printable characters);
 * - 128C: an even number of digits (pairs of digits are one symbol character).
 * Returns a sentence for the user (zh-CN unless told), or null when the value can be encoded.
 */
export function barcodeValueProblem(type: BarcodeType | string, value: string, locale?: Locale): string | null {
  if (value === '') return null;
  const codes = [...value].map((c) => c.codePointAt(0) ?? 0);
  const bad = (key: 'barcode.128A' | 'barcode.128B' | 'barcode.128C'): string => translate(locale, key, { value });
  switch (type) {
    case '128A':
      return codes.every((c) => c <= 95) ? null : bad('barcode.128A');
    case '128B':
      return codes.every((c) => c >= 32 && c <= 127) ? null : bad('barcode.128B');
    case '128C':
      return /^(\d\d)+$/.test(value) ? null : bad('barcode.128C');
    default:
      return null;
  }
}

/** Code sets whose values barcodeValueProblem checks. */
const CHECKED = new Set<string>(['128A', '128B', '128C']);

/**
 * The first barcode of a batch that cannot be printed as designed, as the sentence both print paths
 * refuse the job with (`条码组件「证书号」“abc”不能用 128A 编码（…）`), or null. `rows` empty = the design itself.
 */
export function batchBarcodeProblem(items: readonly TemplateItem[], rows: readonly (DataRow | undefined)[], locale?: Locale): string | null {
  const checked = items.filter((i) => i.type === 'bar-code' && CHECKED.has(i.style.codeType ?? ''));
  if (!checked.length) return null;
  for (const row of rows.length ? rows : [undefined]) {
    for (const item of checked) {
      const problem = barcodeValueProblem(item.style.codeType as string, bindText(item, row), locale);
      if (problem) return translate(locale, 'barcode.item', { title: item.title || item.uuid, problem });
    }
  }
  return null;
}

/** A job that cannot be printed as designed (the message is for the user). Both print paths throw it. */
export class PrintJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintJobError';
  }
}

/** QR error-correction levels (C-Lodop's QRCodeErrorLevel). */
export const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;
export type QrLevel = (typeof QR_LEVELS)[number];

/**
 * The error-correction level of a QR item: C-Lodop's QRCodeErrorLevel from the item's lodopStyle
 * (or its style, where kr-print-designer files keep every C-Lodop key); C-Lodop's default M otherwise.
 */
export function qrLevelOf(item: Pick<TemplateItem, 'style' | 'lodopStyle'>): QrLevel {
  const v = String(item.lodopStyle?.QRCodeErrorLevel ?? item.style.QRCodeErrorLevel ?? 'M').toUpperCase();
  return (QR_LEVELS as readonly string[]).includes(v) ? (v as QrLevel) : 'M';
}
