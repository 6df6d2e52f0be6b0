import { describe, expect, it } from 'vitest';
import { maskPhone } from './format';

describe('maskPhone: one masking of the buyer phone for lists, exports and sheets', () => {
  it('masks an 11-digit mobile to 138****0001', () => {
    expect(maskPhone('13800000001')).toBe('138****0001');
  });

  it('keeps a number the shop platform already masked as it is: the list, the export and the detail show the same 11 characters', () => {
    // Doudian sends post_tel masked (integrations/doudian/fake.ts); the detail shows it unchanged
    for (const platform of ['138****0001', '199****4321']) {
      expect(maskPhone(platform)).toBe(platform);
      expect(maskPhone(platform)).toHaveLength(11);
    }
  });

  it('masks other lengths without showing more than the last 4 (landlines, short numbers, empty)', () => {
    expect(maskPhone('020-87654321')).toBe('020****4321');
    expect(maskPhone('1234567')).toBe('*****67');
    expect(maskPhone('12')).toBe('**');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(' 13800000001 ')).toBe('138****0001');
  });
});
