import { describe, expect, it } from 'vitest';
import { inspectionFeeFen } from '@gemqc/contract';
import { fenLabel, fenToYuanValue, yuanRule, yuanToFen } from './money';

describe('yuan ↔ fen', () => {
  it('turns typed yuan into integer fen without float error', () => {
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('12.5')).toBe(1250);
    expect(yuanToFen('0.29')).toBe(29);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(1.005)).toBeNaN(); // three decimals
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen('¥1,234.56')).toBe(123456);
    expect(yuanToFen(' 30. ')).toBe(3000);
    expect(yuanToFen('0')).toBe(0);
    expect(yuanToFen('-1.5')).toBe(-150);
  });

  it('answers NaN for what is not an amount with at most two decimals', () => {
    for (const v of ['', 'abc', '1.234', '1e3', '12元', null, undefined, Number.NaN]) expect(yuanToFen(v)).toBeNaN();
  });

  it('shows fen as yuan', () => {
    expect(fenToYuanValue(1234)).toBe(12.34);
    expect(fenToYuanValue(null)).toBeNull();
    expect(fenLabel(123456)).toBe('¥1,234.56');
    expect(fenLabel(5)).toBe('¥0.05');
    expect(fenLabel(-250)).toBe('-¥2.50');
    expect(fenLabel(null)).toBeNull();
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
