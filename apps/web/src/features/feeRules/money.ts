import type { z } from 'zod';

/**
 * Yuan as typed (12, '12.5', '¥1,234.56') → integer fen; null when empty; NaN when it is not an
 * amount with at most two decimals. Parsed from the digits, so 0.29 gives 29, never 28.999….
 */
export function yuanToFen(input: string | number | null | undefined): number {
  if (input === null || input === undefined) return NaN;
  const s = (typeof input === 'number' ? (Number.isFinite(input) ? numberText(input) : '') : input).trim().replace(/^¥/, '').replace(/,/g, '');
  const m = /^(-?)(\d+)(?:\.(\d{0,2}))?$/.exec(s);
  if (!m) return NaN;
  const fen = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] === '-' && fen !== 0 ? -fen : fen;
}

/** A number's plain decimal text (no exponent) with at most a few decimals kept as typed. */
function numberText(n: number): string {
  const s = String(n);
  return /e/i.test(s) ? n.toFixed(10).replace(/\.?0+$/, '') : s;
}

/** Fen → yuan as a number for an input (1234 → 12.34). */
export function fenToYuanValue(fen: number | null | undefined): number | null {
  return fen === null || fen === undefined ? null : fen / 100;
}

/** Fen → '¥12.34'; null → null. */
export function fenLabel(fen: number | null | undefined): string | null {
  if (fen === null || fen === undefined) return null;
  const sign = fen < 0 ? '-' : '';
  const a = Math.abs(fen);
  const int = String(Math.floor(a / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}¥${int}.${String(a % 100).padStart(2, '0')}`;
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
      const r = fenSchema.safeParse(Number.isNaN(fen) ? 0.5 : fen);
      return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? 'invalid'));
    },
  };
}
