import { describe, expect, it } from 'vitest';
import { chinaNow } from './chinaTime';

describe('chinaNow', () => {
  it("is China's calendar day and time, whatever zone the browser is in", () => {
    // 23:30 UTC on the 24th is 07:30 on the 25th in China
    expect(chinaNow(Date.parse('2026-11-24T23:30:00Z')).format('YYYY-MM-DD HH:mm')).toBe('2026-11-25 07:30');
    expect(chinaNow(Date.parse('2026-11-24T15:59:00Z')).format('YYYY-MM-DD HH:mm')).toBe('2026-11-24 23:59');
    expect(chinaNow(Date.parse('2026-06-30T16:00:00Z')).format('YYYY-MM-DD HH:mm')).toBe('2026-07-01 00:00');
  });
});
