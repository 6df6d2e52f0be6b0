import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { fromSearchParams, lookupQuery, toListQuery, toSearchParams } from './filters';

describe('订单查询 filters → list query', () => {
  it('trims text filters, leaves out empty ones and sends merchant, status, dates and the overdue flag', () => {
    const q = toListQuery(
      { order_no: '  JC202611210001 ', waybill: '   ', platform_order_id: '', merchant_id: '12', status: 'intercepted', dates: [dayjs('2026-11-01'), dayjs('2026-11-21')], overdue: true },
      2,
      50,
    );
    expect(q).toEqual({
      page: 2,
      page_size: 50,
      order_no: 'JC202611210001',
      merchant_id: '12',
      status: 'intercepted',
      start_date: '2026-11-01',
      end_date: '2026-11-21',
      overdue: '1',
    });
  });

  it('sends an open-ended date range and no overdue flag when unticked', () => {
    expect(toListQuery({ dates: [null, dayjs('2026-11-21')], overdue: false })).toEqual({ page: 1, page_size: 20, end_date: '2026-11-21' });
  });

  it('keeps the filters in the URL without defaults and reads them back', () => {
    const q = toListQuery({ waybill: 'SF1234567890', merchant_id: '7', status: 'received' }, 3);
    const sp = toSearchParams(q);
    expect(sp).toEqual({ page: '3', waybill: 'SF1234567890', merchant_id: '7', status: 'received' });
    const back = fromSearchParams(new URLSearchParams(sp));
    expect(back.query).toEqual(q);
    expect(back.values).toEqual({ waybill: 'SF1234567890', merchant_id: '7', status: 'received' });
  });

  it('drops malformed URL values instead of sending them', () => {
    const { query } = fromSearchParams(new URLSearchParams('status=nonsense&merchant_id=abc&start_date=2026-13-45&page=-1&page_size=1000&overdue=yes'));
    expect(query).toEqual({ page: 1, page_size: 100 });
  });
});

describe('detail lookup', () => {
  it('reads JC… as an order no and anything else as a waybill', () => {
    expect(lookupQuery(' jc202611210001 ')).toEqual({ page: 1, page_size: 2, order_no: 'JC202611210001' });
    expect(lookupQuery('SF1234567890')).toEqual({ page: 1, page_size: 2, waybill: 'SF1234567890' });
    expect(lookupQuery('   ')).toBeNull();
  });
});
