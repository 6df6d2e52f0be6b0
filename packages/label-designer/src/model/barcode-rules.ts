import type { BarcodeType, TemplateItem } from './types';

/**
 * The sentences of barcodeValueProblem, part of the package's dictionaries (i18n) but kept here: the
 * barcode workers load this module, and need not load every other text of the designer.
 */
export const BARCODE_DATA_MESSAGES = {
  'zh-CN': {
    'barcode.128A': '“{value}”不能用 128A 编码（128A 只能编码大写字母、数字和符号，不能有小写字母或中文）',
    'barcode.128B': '“{value}”不能用 128B 编码（128B 只能编码可打印的英文字符，不能有中文或控制字符）',
    'barcode.128C': '“{value}”不能用 128C 编码（128C 只能编码偶数位的数字）',
  },
  'en-US': {
    'barcode.128A': '"{value}" cannot be encoded as 128A (128A takes capital letters, digits and symbols only: no lower case, no Chinese).',
    'barcode.128B': '"{value}" cannot be encoded as 128B (128B takes printable English characters only: no Chinese, no control characters).',
    'barcode.128C': '"{value}" cannot be encoded as 128C (128C takes an even number of digits only).',
  },
} as const;

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
export function barcodeValueProblem(type: BarcodeType | string, value: string, locale: 'zh-CN' | 'en-US' = 'zh-CN'): string | null {
  if (value === '') return null;
  const codes = [...value].map((c) => c.codePointAt(0) ?? 0);
  const bad = (key: keyof (typeof BARCODE_DATA_MESSAGES)['zh-CN']): string => BARCODE_DATA_MESSAGES[locale][key].replace('{value}', value);
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
