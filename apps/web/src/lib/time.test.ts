import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_FORMAT, formatTime, parseTime, timeAgo } from './time';

// 2024-01-02 03:04:05 in China (a Tuesday): shown so in any browser zone
const d = new Date(Date.UTC(2024, 0, 1, 19, 4, 5));

describe('parseTime', () => {
  it("uses the default format '{y}-{m}-{d} {h}:{i}:{s}'", () => {
    expect(DEFAULT_TIME_FORMAT).toBe('{y}-{m}-{d} {h}:{i}:{s}');
    expect(parseTime(d)).toBe('2024-01-02 03:04:05');
  });
  it('accepts seconds and milliseconds timestamps, numeric strings and date strings', () => {
    const ms = d.getTime();
    expect(parseTime(ms)).toBe('2024-01-02 03:04:05');
    expect(parseTime(Math.floor(ms / 1000))).toBe('2024-01-02 03:04:05');
    expect(parseTime(String(Math.floor(ms / 1000)))).toBe('2024-01-02 03:04:05');
    expect(parseTime('2024-01-02 03:04:05')).toBe('2024-01-02 03:04:05');
    expect(parseTime(new Date(ms).toISOString())).toBe('2024-01-02 03:04:05');
  });
  it('supports custom formats and the weekday {a}', () => {
    expect(parseTime(d, '{y}/{m}/{d} 周{a}')).toBe('2024/01/02 周二');
  });
  it('returns null for empty or invalid input', () => {
    expect(parseTime(null)).toBeNull();
    expect(parseTime('')).toBeNull();
    expect(parseTime('not a date')).toBeNull();
  });
});

describe('relative time', () => {
  const now = d.getTime();
  it("designer style: 'just now' < 30 s, minutes < 1 h, hours < 1 day, '1 day ago' < 2 days", () => {
    expect(formatTime(now - 10_000, undefined, now)).toBe('just now');
    expect(formatTime(now - 5 * 60_000, undefined, now)).toBe('5 minutes ago');
    expect(formatTime(now - 3 * 3_600_000, undefined, now)).toBe('3 hours ago');
    expect(formatTime(now - 30 * 3_600_000, undefined, now)).toBe('1 day ago');
    expect(formatTime(now - 3 * 86_400_000, '{y}-{m}-{d}', now)).toBe('2023-12-30');
    expect(formatTime(new Date(Date.UTC(2023, 11, 30, 1, 5)), undefined, now)).toBe('12月30日9时5分');
  });
  it('admin-shell filter: minutes under 3600 s, hours under 86400 s, else days', () => {
    const s = now / 1000;
    expect(timeAgo(s - 60, now)).toBe('1 minute');
    expect(timeAgo(s - 1800, now)).toBe('30 minutes');
    expect(timeAgo(s - 3600, now)).toBe('1 hour');
    expect(timeAgo(s - 7200, now)).toBe('2 hours');
    expect(timeAgo(s - 86400 * 3, now)).toBe('3 days');
  });
});
