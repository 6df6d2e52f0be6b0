import { describe, expect, it } from 'vitest';
import { chinaDateTime, chinaDay, chinaDayStart, chinaNow, fromChinaDateTime, isChinaDayStart } from './chinaTime';

describe('China time', () => {
  it('turns the day at 16:00 UTC, not at UTC midnight', () => {
    expect(chinaDay('2026-11-24T15:59:59.999Z')).toBe('2026-11-24');
    expect(chinaDay('2026-11-24T16:00:00Z')).toBe('2026-11-25');
    expect(chinaDay(new Date('2026-11-24T23:30:00Z'))).toBe('2026-11-25');
    expect(chinaDateTime(Date.parse('2026-11-24T16:00:00Z'))).toBe('2026-11-25 00:00:00');
  });

  it('turns months and years at their China midnight', () => {
    expect(chinaDay('2026-06-30T16:00:00Z')).toBe('2026-07-01');
    expect(chinaDay('2026-02-28T15:59:59Z')).toBe('2026-02-28');
    expect(chinaDay('2028-02-28T16:00:00Z')).toBe('2028-02-29'); // a leap day
    expect(chinaDateTime('2026-12-31T16:00:00Z')).toBe('2027-01-01 00:00:00');
  });

  it('finds the instant a China day starts and reads China wall-clock text back', () => {
    expect(chinaDayStart('2026-11-25').toISOString()).toBe('2026-11-24T16:00:00.000Z');
    expect(chinaDayStart('2027-01-01').toISOString()).toBe('2026-12-31T16:00:00.000Z');
    expect(fromChinaDateTime('2026-11-25 08:30:00').toISOString()).toBe('2026-11-25T00:30:00.000Z');
    expect(isChinaDayStart(chinaDayStart('2026-03-01'))).toBe(true);
    expect(isChinaDayStart(new Date('2026-03-01T00:00:00Z'))).toBe(false);
  });

  it('gives China’s wall clock as a local dayjs for the date pickers', () => {
    expect(chinaNow(Date.parse('2026-11-24T23:30:00Z')).format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 07:30');
    expect(chinaNow(Date.parse('2026-06-30T16:00:00Z')).startOf('day').format('YYYY-MM-DD HH:mm')).toBe('2026-07-01 00:00');
  });
});
