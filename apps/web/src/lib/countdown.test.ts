import { describe, expect, it } from 'vitest';
import { countdown, formatCountdown, remainingParts, SHIP_DEADLINE_MS } from './countdown';

describe('shipping deadline countdown (spec §4: two days, h:m:s, 发货超时 at zero)', () => {
  it('formats the remaining time as HH:MM:SS with hours past 24', () => {
    expect(formatCountdown(SHIP_DEADLINE_MS)).toBe('48:00:00');
    expect(formatCountdown(SHIP_DEADLINE_MS - 1000)).toBe('47:59:59');
    expect(formatCountdown(3_661_000)).toBe('01:01:01');
    expect(formatCountdown(59_999)).toBe('00:00:59');
  });

  it('never shows negative time', () => {
    expect(formatCountdown(-5000)).toBe('00:00:00');
  });

  it('counts down from the deadline and turns overdue when it is reached', () => {
    const start = Date.parse('2026-11-20T08:00:00Z');
    const deadline = new Date(start + SHIP_DEADLINE_MS).toISOString();
    expect(countdown(deadline, start)).toEqual({ overdue: false, remaining: SHIP_DEADLINE_MS, text: '48:00:00' });
    expect(countdown(deadline, start + SHIP_DEADLINE_MS - 1000).text).toBe('00:00:01');
    expect(countdown(deadline, start + SHIP_DEADLINE_MS).overdue).toBe(true);
    expect(countdown(deadline, start + SHIP_DEADLINE_MS + 3600_000)).toEqual({ overdue: true, remaining: 0, text: '00:00:00' });
  });

  it('does not call an unparseable deadline overdue', () => {
    expect(countdown('not a date', Date.now()).overdue).toBe(false);
  });
});

describe('remaining parts', () => {
  it('counts hours:minutes:seconds (hours may exceed 24) and is overdue at zero', () => {
    expect(remainingParts(((47 * 60 + 59) * 60 + 59) * 1000)).toMatchObject({ text: '47:59:59', overdue: false, hours: 47 });
    expect(remainingParts(61_000).text).toBe('00:01:01');
    expect(remainingParts(999)).toMatchObject({ text: '00:00:00', overdue: true });
    expect(remainingParts(-5000)).toMatchObject({ text: '00:00:00', overdue: true });
  });
});
