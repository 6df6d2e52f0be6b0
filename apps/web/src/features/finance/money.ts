import { formatYuan } from '../../lib/number';

/**
 * Money is kept in fen (integer) everywhere on the wire; the UI shows yuan with two decimals.
 */

/** fen → "¥1,234.50" (negative: "-¥12.00"; with `sign`, top-ups as "+¥12.00"). */
export function formatFen(fen: number | null | undefined, opts: { sign?: boolean } = {}): string {
  const value = typeof fen === 'number' && Number.isFinite(fen) ? Math.round(fen) : 0;
  const text = formatYuan(value);
  return opts.sign && value > 0 ? `+${text}` : text;
}

/** fen → yuan number (for form inputs, charts). */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/**
 * Yuan as typed by a person (number or string, up to 2 decimals) → integer fen, without float
 * drift (19.99 → 1999, not 1998.9999). Returns null for empty or invalid input.
 */
export function yuanToFen(yuan: number | string | null | undefined): number | null {
  if (yuan === null || yuan === undefined) return null;
  const text = (typeof yuan === 'number' ? yuan.toFixed(2) : yuan).trim().replace(/^¥/, '').replace(/,/g, '');
  if (!/^-?\d+(\.\d{0,2})?$/.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole = '0', frac = ''] = text.replace('-', '').split('.');
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) return null;
  return negative ? -fen : fen;
}
