import { describe, expect, it } from 'vitest';
import { fenInCapitals, fenToYuan, yuanToFen } from './money';

describe('fen → yuan', () => {
  it('gives fen as a yuan number', () => {
    expect(fenToYuan(1234)).toBe(12.34);
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
});

describe('fen → Chinese capitals (大写金额)', () => {
  it.each([
    [0, '零元整'],
    [5, '伍分'],
    [50, '伍角'],
    [10000, '壹佰元整'],
    [100050, '壹仟元伍角'],
    [1000005, '壹万元零伍分'],
    [123456, '壹仟贰佰叁拾肆元伍角陆分'],
    [10010000, '壹拾万零壹佰元整'],
    [1000000100, '壹仟万零壹元整'],
    [10000010000, '壹亿零壹佰元整'],
    [10001000000, '壹亿零壹万元整'],
    [200000000000, '贰拾亿元整'],
    [-1500, '负壹拾伍元整'],
  ])('%i fen → %s', (fen, text) => {
    expect(fenInCapitals(fen)).toBe(text);
  });
});
