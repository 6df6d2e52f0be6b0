import { describe, expect, it } from 'vitest';
import { inspectionFeeFen, yuanToFen } from '@gemqc/contract';
import { fenLabel, fenToYuanText, fenToYuanValue, formatFen, yuanRule } from './money';

describe('money: fen on the wire, ¥ with two decimals on screen', () => {
  it('formats fen as yuan with 2 decimals', () => {
    expect(fenToYuanText(50000)).toBe('500.00');
    expect(fenToYuanText(5)).toBe('0.05');
    expect(fenToYuanText(null)).toBe('0.00');
    expect(formatFen(12345678)).toBe('¥123,456.78');
    expect(formatFen(-250)).toBe('-¥2.50');
  });
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

  it('treats missing amounts as zero in a sum, and as no label where "not set" is shown', () => {
    expect(formatFen(undefined)).toBe('¥0.00');
    expect(formatFen(null)).toBe('¥0.00');
    expect(formatFen(Number.NaN)).toBe('¥0.00');
    expect(fenLabel(123456)).toBe('¥1,234.56');
    expect(fenLabel(5)).toBe('¥0.05');
    expect(fenLabel(-250)).toBe('-¥2.50');
    expect(fenLabel(null)).toBeNull();
  });

  it('gives fen as a yuan number for inputs', () => {
    expect(fenToYuanValue(1234)).toBe(12.34);
    expect(fenToYuanValue(null)).toBeNull();
  });
});

describe('yuan as typed → integer fen', () => {
  it('round-trips every fen amount of a range through yuan', () => {
    for (let fen = 0; fen <= 100_000; fen += 7) expect(yuanToFen(fenToYuanValue(fen))).toBe(fen);
  });

  it('validates a yuan field with the contract’s fen messages', async () => {
    const rule = yuanRule(inspectionFeeFen, '请输入检测费');
    await expect(rule.validator(null, 30)).resolves.toBeUndefined();
    await expect(rule.validator(null, 10000)).resolves.toBeUndefined();
    await expect(rule.validator(null, '')).rejects.toThrow('请输入检测费');
    await expect(rule.validator(null, -1)).rejects.toThrow('检测费不能小于0');
    await expect(rule.validator(null, 10000.01)).rejects.toThrow('检测费不能超过10000元');
    await expect(rule.validator(null, '1.234')).rejects.toThrow('检测费最多精确到分');
  });
});
