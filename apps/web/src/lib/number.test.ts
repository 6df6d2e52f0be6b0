import { describe, expect, it } from 'vitest';
import { numberFormatter, toThousand } from './number';

describe('number utilities', () => {
  it('abbreviates with the units k M G T P E', () => {
    expect(numberFormatter(999)).toBe('999');
    expect(numberFormatter(1000)).toBe('1k');
    expect(numberFormatter(1_234_567, 2)).toBe('1.23M');
    expect(numberFormatter(1.5e9, 1)).toBe('1.5G');
    expect(numberFormatter(2e12)).toBe('2T');
    expect(numberFormatter(3e15)).toBe('3P');
    expect(numberFormatter(4e18)).toBe('4E');
    expect(numberFormatter(1_200_000, 2)).toBe('1.2M');
  });
  it('groups thousands', () => {
    expect(toThousand(1234567)).toBe('1,234,567');
    expect(toThousand('-1000.5')).toBe('-1,000.5');
  });
});
