import { describe, expect, it } from 'vitest';
import { calendarDay, holdsUntypeableText, isCalendarDay, isoTime, ref } from './common';
import { orderCreateBody } from './orders';
import { codeListQuery } from './codes';
import { monthString } from './statements';

describe('calendar dates (issue 13, fault 2)', () => {
  it('accepts real days and refuses impossible ones', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31', '1900-01-01'].every(isCalendarDay)).toBe(true);
    expect(['2026-02-30', '2026-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '0099-01-01', '2026-1-01'].some(isCalendarDay)).toBe(false);
  });

  it('answers the Code/list and every other date field with a message for 2026-02-30', () => {
    expect(calendarDay().safeParse('2026-02-30').error?.issues[0]?.message).toBe('日期不存在，请检查年、月、日');
    expect(codeListQuery.safeParse({ start_date: '2026-02-30' }).error?.issues[0]?.message).toBe('开始日期不存在，请检查年、月、日');
    expect(codeListQuery.safeParse({ end_date: '2026-99-99' }).success).toBe(false);
    expect(isoTime.safeParse('2026-02-30T10:00:00Z').success).toBe(false);
    expect(isoTime.safeParse('2026-02-28T10:00:00Z').success).toBe(true);
    expect(monthString.safeParse('0000-01').success).toBe(false);
  });
});

describe('untypeable text (issue 13, fault 1)', () => {
  it('finds NUL, control characters and lone surrogates in any string or key, and lets tabs and newlines pass', () => {
    expect(holdsUntypeableText({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(holdsUntypeableText({ ['\u0007']: 1 })).toBe(true);
    expect(holdsUntypeableText('\u0085')).toBe(true);
    expect(holdsUntypeableText('\udc00')).toBe(true);
    expect(holdsUntypeableText({ remark: '第一行\n第二行\t完', emoji: '💎' })).toBe(false);
  });
});

describe('ids parsed once in the contract (issue 18)', () => {
  it('reads an id sent as digits or as a number into the number the server queries with', () => {
    expect(ref('order').parse('42')).toBe(42);
    expect(ref('order').parse(42)).toBe(42);
    const body = orderCreateBody.safeParse({ centre_id: '3', shop_id: 7, buyer_name: '张三', buyer_phone: '13800000000', buyer_address: '广东省深圳市南山区科技园1号', items: [{ name: '翡翠', category_id: '5' }] });
    expect(body.error).toBeUndefined();
    expect([body.data?.centre_id, body.data?.shop_id, body.data?.items[0]?.category_id]).toEqual([3, 7, 5]);
  });

  it('refuses an id that is not digits with a sentence', () => {
    for (const bad of ['', 'abc', '-1', '1.5', '1e3']) expect(ref('order').safeParse(bad).error?.issues[0]?.message).toBe('编号格式不正确');
  });
});
