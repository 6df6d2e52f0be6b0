import type { BarcodeType } from './types';

/**
 * What the Code 128 code sets can encode, checked before a job is built (C-Lodop draws an invalid
 * value without complaint, or as another code set, so the label would print wrong in silence):
 * - 128A: ASCII 0–95 (capitals, digits, punctuation, control characters; no lower case);
 * - 128B: ASCII 32–127 (printable characters);
 * - 128C: an even number of digits (pairs of digits are one symbol character).
 * Returns a zh-CN sentence for the user, or null when the value can be encoded.
 */
export function barcodeValueProblem(type: BarcodeType | string, value: string): string | null {
  if (value === '') return null;
  const codes = [...value].map((c) => c.codePointAt(0) ?? 0);
  switch (type) {
    case '128A':
      return codes.every((c) => c <= 95) ? null : `“${value}”不能用 128A 编码（128A 只能编码大写字母、数字和符号，不能有小写字母或中文）`;
    case '128B':
      return codes.every((c) => c >= 32 && c <= 127) ? null : `“${value}”不能用 128B 编码（128B 只能编码可打印的英文字符，不能有中文或控制字符）`;
    case '128C':
      return /^(\d\d)+$/.test(value) ? null : `“${value}”不能用 128C 编码（128C 只能编码偶数位的数字）`;
    default:
      return null;
  }
}
