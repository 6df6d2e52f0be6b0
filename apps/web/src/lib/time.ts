import { fromChinaDateTime } from '@gemqc/contract';
import { inChina } from './chinaTime';

export const DEFAULT_TIME_FORMAT = '{y}-{m}-{d} {h}:{i}:{s}';

export type TimeInput = Date | string | number;

/** Turns seconds (10 digits) or milliseconds, numeric strings, date strings (zone-less: China time) or a Date into a Date. */
export function toDate(time: TimeInput): Date {
  if (time instanceof Date) return time;
  let t: string | number = time;
  if (typeof t === 'string') {
    const s = t.trim();
    if (/^\d+$/.test(s)) t = parseInt(s, 10);
    // a date without a zone is China's wall clock (what the server's sheets and the platform write)
    else if (/^\d{4}[-/]\d{1,2}[-/]\d{1,2}( \d{1,2}:\d{2}(:\d{2})?)?$/.test(s)) return fromChinaDateTime(s.replace(/\//g, '-'));
    else t = s;
  }
  if (typeof t === 'number' && String(Math.trunc(t)).length === 10) t = t * 1000;
  return new Date(t);
}

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** parseTime(time, '{y}-{m}-{d} {h}:{i}:{s}'); `{a}` is the weekday. Empty or invalid input → null. */
export function parseTime(time: TimeInput | null | undefined, format: string = DEFAULT_TIME_FORMAT): string | null {
  if (time === null || time === undefined || time === '' || time === 0) return null;
  const date = toDate(time);
  if (Number.isNaN(date.getTime())) return null;
  // China's wall clock, whatever the browser's zone
  const c = inChina(date);
  const values: Record<string, number> = { y: c.year(), m: c.month() + 1, d: c.date(), h: c.hour(), i: c.minute(), s: c.second(), a: c.day() };
  return format.replace(/{([ymdhisa])+}/g, (_m, key: string) => {
    const v = values[key] ?? 0;
    if (key === 'a') return WEEKDAYS[v] ?? '';
    return String(v).padStart(2, '0');
  });
}

/**
 * Designer-style relative time: under 30 s 'just now', under 1 hour minutes, under 1 day hours,
 * under 2 days '1 day ago'; older times are formatted with `format` (or "M月D日H时m分").
 */
export function formatTime(time: TimeInput, format?: string, now: number = Date.now()): string {
  const d = toDate(time);
  const diff = (now - d.getTime()) / 1000;
  if (diff < 30) return 'just now';
  if (diff < 3600) return `${Math.ceil(diff / 60)} minutes ago`;
  if (diff < 86400) return `${Math.ceil(diff / 3600)} hours ago`;
  if (diff < 86400 * 2) return '1 day ago';
  if (format) return parseTime(d, format) ?? '';
  return parseTime(d, '{m}月{d}日{h}时{i}分')!.replace(/(^|[月日时])0(\d)/g, '$1$2');
}

function pluralize(n: number, label: string): string {
  return n === 1 ? `${n}${label}` : `${n}${label}s`;
}

/** Admin-shell filter: `time` in seconds; minutes under 3600 s, hours under 86400 s, else days. */
export function timeAgo(time: number, nowMs: number = Date.now()): string {
  const between = nowMs / 1000 - Number(time);
  if (between < 3600) return pluralize(Math.trunc(between / 60), ' minute');
  if (between < 86400) return pluralize(Math.trunc(between / 3600), ' hour');
  return pluralize(Math.trunc(between / 86400), ' day');
}
