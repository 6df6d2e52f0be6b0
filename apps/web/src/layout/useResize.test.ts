import { describe, expect, it } from 'vitest';
import { isMobileWidth } from './useResize';

describe('mobile breakpoint (spec §2 and §9: below 992 px)', () => {
  it('is mobile below 992 px and desktop from 992 px on', () => {
    expect(isMobileWidth(375)).toBe(true);
    expect(isMobileWidth(991)).toBe(true);
    expect(isMobileWidth(991.5)).toBe(true);
    expect(isMobileWidth(992)).toBe(false);
    expect(isMobileWidth(1366)).toBe(false);
  });
});
