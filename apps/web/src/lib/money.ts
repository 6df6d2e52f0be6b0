import type { z } from 'zod';
import { fenToYuan, yuanToFen } from '@gemqc/contract';
import { toThousand } from './number';

/**
 * How the web shows money. Money is integer fen everywhere on the wire; the conversion between fen
 * and yuan (`yuanToFen`, `fenToYuan`) is the contract's, shared with the server. The UI shows yuan
 * with two decimals and people type yuan.
 */

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
    required: true,
    validator: (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.reject(new Error(emptyMessage));
      const fen = yuanToFen(typeof value === 'number' || typeof value === 'string' ? value : '');
      const r = fenSchema.safeParse(fen ?? 0.5);
      return r.success ? Promise.resolve() : Promise.reject(new Error(r.error.issues[0]?.message ?? 'invalid'));
    },
  };
}
