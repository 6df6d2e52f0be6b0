import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fromSearchParams, toListQuery, toSearchParams } from './filters';

describe('order list filters → list query params', () => {
  it('sends only the filters that are filled, trimmed (a scanned code has stray spaces)', () => {
    expect(toListQuery({ order_no: '  JC202611210001 ', waybill: '', platform_order_id: '   ' })).toEqual({
      page: 1,
      page_size: 20,
      order_no: 'JC202611210001',
    });
  });

  it('maps status, category, shop, the date range and overdue to the contract names', () => {
    const q = toListQuery(
      { status: 'awaiting_arrival', category_id: '3', shop_id: '7', dates: [dayjs('2026-11-01'), dayjs('2026-11-21')], overdue: true, waybill: 'SF1234567890' },
      3,
      50,
    );
    expect(q).toEqual({
      page: 3,
      page_size: 50,
      status: 'awaiting_arrival',
      category_id: '3',
      shop_id: '7',
      waybill: 'SF1234567890',
      start_date: '2026-11-01',
      end_date: '2026-11-21',
      overdue: '1',
    });
  });

  it('allows an open-ended date range', () => {
    expect(toListQuery({ dates: [dayjs('2026-11-01'), null] })).toEqual({ page: 1, page_size: 20, start_date: '2026-11-01' });
  });

  it('keeps the query in the URL without defaults and reads it back', () => {
    const q = toListQuery({ status: 'created', dates: [dayjs('2026-11-01'), dayjs('2026-11-02')] }, 2);
    const sp = toSearchParams(q);
    expect(sp).toEqual({ page: '2', status: 'created', start_date: '2026-11-01', end_date: '2026-11-02' });
    const back = fromSearchParams(new URLSearchParams(sp));
    expect(back.query).toEqual(q);
    expect(back.values.status).toBe('created');
    expect(back.values.dates?.[0]?.format('YYYY-MM-DD')).toBe('2026-11-01');
  });

  it('drops unknown statuses, bad dates and bad pages from a hand-edited URL', () => {
    const { query } = fromSearchParams(new URLSearchParams('status=lost&start_date=2026-13-45&page=-2&page_size=500&order_no=JC1'));
    expect(query).toEqual({ page: 1, page_size: 100, order_no: 'JC1' });
  });
});

describe('the order list sort in the URL', () => {
  it('reads an allow-listed sort_by with its order (desc unless asc) and keeps it through 查询 and paging', () => {
    const r = fromSearchParams(new URLSearchParams('sort_by=ship_deadline&sort_order=asc&status=created&page=2'));
    expect(r.values).toMatchObject({ sort_by: 'ship_deadline', sort_order: 'asc', status: 'created' });
    expect(r.query).toMatchObject({ page: 2, sort_by: 'ship_deadline', sort_order: 'asc' });
    expect(toSearchParams(toListQuery(r.values, 1))).toEqual({ status: 'created', sort_by: 'ship_deadline', sort_order: 'asc' });
    expect(fromSearchParams(new URLSearchParams('sort_by=declared_value&sort_order=sideways')).query).toMatchObject({ sort_by: 'declared_value', sort_order: 'desc' });
  });

  it('drops a column outside the allow-list (the server default, newest first, applies)', () => {
    const r = fromSearchParams(new URLSearchParams('sort_by=buyer_phone&sort_order=asc'));
    expect(r.query).toEqual({ page: 1, page_size: 20 });
    expect(r.values).toEqual({});
  });
});
