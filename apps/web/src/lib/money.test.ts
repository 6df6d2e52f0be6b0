import { describe, expect, it } from 'vitest';
import { inspectionFeeFen } from '@gemqc/contract';
import { fenLabel, fenToYuan, fenToYuanText, fenToYuanValue, formatFen, yuanRule, yuanToFen } from './money';

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
    expect(fenToYuan(1234)).toBe(12.34);
    expect(fenToYuanValue(1234)).toBe(12.34);
    expect(fenToYuanValue(null)).toBeNull();
  });
});

describe('yuan as typed → integer fen', () => {
  it('parses the digits, so there is no float error', () => {
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(1.15)).toBe(115);
    expect(yuanToFen('¥1,234.56')).toBe(123456);
    expect(yuanToFen(' ¥1,000.5 ')).toBe(100050);
    expect(yuanToFen(' 30. ')).toBe(3000);
    expect(yuanToFen('0')).toBe(0);
    expect(yuanToFen('-1.5')).toBe(-150);
    expect(yuanToFen(1e6)).toBe(100000000);
  });

  it('answers null for what is not an amount with at most two decimals', () => {
    for (const v of ['', 'abc', '1.234', '1e3', '.5', '12元', null, undefined, Number.NaN, Number.POSITIVE_INFINITY, 1.005, 0.1 + 0.2]) expect(yuanToFen(v)).toBeNull();
  });

  it('refuses amounts beyond exact integers', () => {
    expect(yuanToFen('99999999999999999999')).toBeNull();
    expect(yuanToFen('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(yuanToFen('90071992547409.92')).toBeNull();
  });

  it('rounds a number input’s float error to fen when asked (order values)', () => {
    expect(yuanToFen(0.1 + 0.2, { roundNumbers: true })).toBe(30);
    expect(yuanToFen('1.234', { roundNumbers: true })).toBeNull();
    expect(yuanToFen(Number.NaN, { roundNumbers: true })).toBeNull();
  });

  it('takes only positive digits with one or two decimals when asked (top-ups)', () => {
    const strict = { allowNegative: false, allowTrailingDot: false };
    expect(yuanToFen('19.99', strict)).toBe(1999);
    expect(yuanToFen('0.1', strict)).toBe(10);
    expect(yuanToFen('500', strict)).toBe(50000);
    for (const v of ['-5', '30.', '.5', '1e3']) expect(yuanToFen(v, strict)).toBeNull();
  });

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
