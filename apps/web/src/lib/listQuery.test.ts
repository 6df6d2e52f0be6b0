import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { canonicalParams, hasFilters, pageFromUrl, parseDay, positiveInt, toUrlParams } from './listQuery';

describe('list query ↔ URL', () => {
  it('leaves empty values, page 1 and the default page size out of the URL', () => {
    expect(toUrlParams({ page: 1, page_size: 20, order_no: 'JC1', status: '', shop_id: undefined, x: null }, 20)).toEqual({ order_no: 'JC1' });
    expect(toUrlParams({ page: 3, page_size: 50, overdue: '1', n: 0 }, 20)).toEqual({ page: '3', page_size: '50', overdue: '1', n: '0' });
  });

  it('reads page and page size, dropping what is not a positive whole number and capping the size at 100', () => {
    expect(pageFromUrl(new URLSearchParams('page=4&page_size=50'), 20)).toEqual({ page: 4, pageSize: 50 });
    expect(pageFromUrl(new URLSearchParams('page=x&page_size=-5'), 20)).toEqual({ page: 1, pageSize: 20 });
    expect(pageFromUrl(new URLSearchParams('page=2.5&page_size=500'), 10)).toEqual({ page: 1, pageSize: 100 });
    expect(positiveInt('0', 7)).toBe(7);
  });

  it('accepts only real days written YYYY-MM-DD', () => {
    expect(parseDay('2026-02-28')?.format('YYYY-MM-DD')).toBe('2026-02-28');
    for (const s of ['2026-02-30', '2026-2-1', '20260201', '', null]) expect(parseDay(s)).toBeNull();
  });

  it('tells a filter that narrows the list from an empty form (blank text, unticked box, empty range)', () => {
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ order_no: '  ', status: undefined, shop_id: null, overdue: false, dates: [null, null] })).toBe(false);
    expect(hasFilters({ order_no: 'NOPE123' })).toBe(true);
    expect(hasFilters({ overdue: true })).toBe(true);
    expect(hasFilters({ dates: [null, dayjs('2026-01-02')] })).toBe(true);
    expect(hasFilters({ status_id: 0 })).toBe(true);
  });

  it('compares search params whatever their order', () => {
    expect(canonicalParams(new URLSearchParams('b=2&a=1'))).toBe(canonicalParams({ a: '1', b: '2' }));
    expect(canonicalParams({ a: '1' })).not.toBe(canonicalParams({ a: '1', page: '2' }));
  });
});
