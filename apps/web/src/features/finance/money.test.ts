import { describe, expect, it } from 'vitest';
import { fenToYuan, formatFen, yuanToFen } from './money';

describe('money: fen on the wire, ¥ with two decimals on screen', () => {
  it('formats fen as yuan with two decimals and thousands separators', () => {
    expect(formatFen(50000)).toBe('¥500.00');
    expect(formatFen(1)).toBe('¥0.01');
    expect(formatFen(123456789)).toBe('¥1,234,567.89');
    expect(formatFen(0)).toBe('¥0.00');
  });

  it('shows charges with a minus and, when asked, top-ups with a plus', () => {
    expect(formatFen(-1500)).toBe('-¥15.00');
    expect(formatFen(1500, { sign: true })).toBe('+¥15.00');
    expect(formatFen(0, { sign: true })).toBe('¥0.00');
  });

  it('treats missing amounts as zero rather than printing NaN', () => {
    expect(formatFen(undefined)).toBe('¥0.00');
    expect(formatFen(null)).toBe('¥0.00');
    expect(formatFen(Number.NaN)).toBe('¥0.00');
  });

  it('converts typed yuan to integer fen without float drift', () => {
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen('1,234.5')).toBe(123450);
    expect(yuanToFen('¥8')).toBe(800);
    expect(yuanToFen('  12.30 ')).toBe(1230);
    expect(yuanToFen(1e6)).toBe(100000000);
  });

  it('rejects empty, malformed and over-precise input', () => {
    expect(yuanToFen('')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen(undefined)).toBeNull();
    expect(yuanToFen(null)).toBeNull();
  });

  it('round-trips fen → yuan → fen', () => {
    for (const fen of [0, 1, 99, 100, 1999, 123456]) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
  });
});
