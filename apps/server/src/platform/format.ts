import { chinaDayStart } from '@gemqc/contract';
import { BusinessError } from './errors';

/**
 * The one masking of a buyer's phone for lists, exports and sheets: the first 3 and the last 4
 * characters with **** between (13800000001 → 138****0001). A number the shop platform already
 * masked (138****0001) stays as it is, so a list, an export and the order detail show the same 11
 * characters; a short number keeps only its last 2.
 */
export function maskPhone(p: string): string {
  const s = p.trim();
  if (s.length >= 8) return `${s.slice(0, 3)}****${s.slice(-4)}`;
  if (s.length <= 2) return '*'.repeat(s.length);
  return `${'*'.repeat(s.length - 2)}${s.slice(-2)}`;
}

/** A time as the API writes it (ISO 8601, UTC). */
export function iso(d: Date): string;
export function iso(d: Date | null): string | null;
export function iso(d: Date | null): string | null {
  return d === null ? null : d.toISOString();
}

/** [from, to) instants for an inclusive range of China-time days; either end may be absent. */
export function dayRange(start?: string, end?: string): { from?: Date; to?: Date } {
  const from = start ? chinaDayStart(start) : undefined;
  const to = end ? new Date(chinaDayStart(end).getTime() + 86_400_000) : undefined;
  if (from && to && from.getTime() >= to.getTime()) throw new BusinessError('开始日期不能晚于结束日期', 'common.date_range');
  return { from, to };
}

export function num(v: string | number | null | undefined): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

