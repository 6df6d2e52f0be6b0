import { describe, expect, it } from 'vitest';
import { pgTimeToIso } from './pgTime';

describe('pgTimeToIso', () => {
  it('writes a UTC timestamptz as Date.toISOString does, with every fraction length', () => {
    const samples = ['2026-11-20 10:11:12+00', '2026-01-01 00:00:00.5+00', '2026-02-28 23:59:59.99+00', '2026-11-20 10:11:12.999999+00', '2000-02-29 12:00:00.0001+00', '2026-11-20 10:11:12.1234+00', '1999-12-31 23:59:59.12345+00'];
    for (let i = 0; i < 500; i++) {
      const ms = Date.UTC(2020, 0, 1) + Math.floor(Math.random() * 10 * 365 * 86_400_000);
      const micros = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0').slice(0, 1 + (i % 6));
      samples.push(`${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')}.${micros}+00`);
    }
    for (const s of samples) expect(pgTimeToIso(s), s).toBe(new Date(s).toISOString());
  });

  it('goes through Date for other offsets and takes Dates as they are', () => {
    expect(pgTimeToIso('2026-11-20 18:11:12.5+08')).toBe('2026-11-20T10:11:12.500Z');
    expect(pgTimeToIso('2026-11-20 15:41:12+05:30')).toBe('2026-11-20T10:11:12.000Z');
    expect(pgTimeToIso(new Date('2026-11-20T10:11:12.345Z'))).toBe('2026-11-20T10:11:12.345Z');
  });
});
