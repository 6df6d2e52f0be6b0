import type { z } from 'zod';
import { toThousand } from './number';

/**
 * Money is kept in fen (integer) everywhere on the wire; the UI shows yuan with two decimals and
 * people type yuan. One parser for every amount field; the options keep each field's rules.
 */

export interface YuanOptions {
  /** '-1.5' is an amount (−150 fen); off: null. Default on. */
  allowNegative?: boolean;
  /** A number with more than two decimals (0.1 + 0.2) is rounded to fen; off: it is not an amount. Default off. */
  roundNumbers?: boolean;
  /** '30.' is an amount (3000 fen); off: null. Default on. */
  allowTrailingDot?: boolean;
}

/**
 * Yuan as typed (12, '12.5', '¥1,234.56', ' 30. ') → integer fen, parsed from the digits so 0.29
 * gives 29, never 28.999…; null when it is not an amount with at most two decimals, or when the fen
 * are beyond Number's exact integers.
 */
export function yuanToFen(input: string | number | null | undefined, opts: YuanOptions = {}): number | null {
  const { allowNegative = true, roundNumbers = false, allowTrailingDot = true } = opts;
  if (input === null || input === undefined) return null;
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return null;
    text = roundNumbers ? input.toFixed(2) : String(input);
  } else text = input.trim().replace(/^¥/, '').replace(/,/g, '');
  const m = (allowTrailingDot ? /^(-?)(\d+)(?:\.(\d{0,2}))?$/ : /^(-?)(\d+)(?:\.(\d{1,2}))?$/).exec(text);
  if (!m || (m[1] === '-' && !allowNegative)) return null;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) return null;
  return m[1] === '-' && fen !== 0 ? -fen : fen;
}

/** fen → "¥1,234.50" (negative: "-¥12.00"; with `sign`, top-ups as "+¥12.00"); a missing amount as ¥0.00. */
export function formatFen(fen: number | null | undefined, opts: { sign?: boolean } = {}): string {
  const value = typeof fen === 'number' && Number.isFinite(fen) ? Math.round(fen) : 0;
  const digits = fenToYuanText(Math.abs(value));
  const [int, dec] = digits.split('.');
  const text = `${value < 0 ? '-' : ''}¥${toThousand(int ?? '0')}.${dec ?? '00'}`;
  return opts.sign && value > 0 ? `+${text}` : text;
}

/** fen → yuan with two decimals and no sign of currency (message texts, sheets): 12345 → '123.45'; no amount → '0.00'. */
export function fenToYuanText(fen: number | null | undefined): string {
  const v = Number(fen) || 0;
  return (Math.round(v) / 100).toFixed(2);
}

/** fen → '¥12.34'; no amount → null (the caller shows its own "not set"). */
export function fenLabel(fen: number | null | undefined): string | null {
  return fen === null || fen === undefined ? null : formatFen(fen);
}

/** fen → yuan number (for form inputs, charts): 1234 → 12.34. */
export function fenToYuan(fen: number): number {
  return Math.round(fen) / 100;
}

/** fen → yuan number for an input; no amount → null. */
export function fenToYuanValue(fen: number | null | undefined): number | null {
  return fen === null || fen === undefined ? null : fenToYuan(fen);
}

/**
 * An antd Form rule for an amount typed in yuan: converted to fen, then checked with the contract's
 * fen schema (its messages: 不能小于0, 不能超过10000元, 最多精确到分).
 */
export function yuanRule(fenSchema: z.ZodType, emptyMessage: string) {
  return {
    validator: (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.reject(new Error(emptyMessage));
      const fen = yuanToFen(typeof value === 'number' || typeof value === 'string' ? value : '');
      const r = fenSchema.safeParse(fen ?? 0.5);
      return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? 'invalid'));
    },
  };
}
