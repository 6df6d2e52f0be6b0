import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { orderCreateBody } from '@gemqc/contract';
import { toCreateBody } from './orderForm';

describe('new testing order form → orderCreate body', () => {
  const base = {
    source: 'manual' as const,
    centre_id: '1',
    buyer_name: ' 张三 ',
    buyer_phone: ' 13812345678 ',
    buyer_address: '广东省广州市番禺区市桥街道 1 号',
  };

  it('converts declared values typed in yuan to fen per item and totals them', () => {
    const body = toCreateBody({
      ...base,
      items: [
        { name: '翡翠手镯', category_id: '1', value: 1280.5 },
        { name: '和田玉吊坠', category_id: '2', value: '19.99' },
      ],
    });
    expect(body.items).toEqual([
      { name: '翡翠手镯', category_id: '1', declared_value: 128050 },
      { name: '和田玉吊坠', category_id: '2', declared_value: 1999 },
    ]);
    expect(body.declared_value).toBe(130049);
  });

  it('leaves the declared value out when none was typed (the server sums the items)', () => {
    const body = toCreateBody({ ...base, items: [{ name: '钻戒', category_id: '3', weight: 2.5 }] });
    expect(body.items).toEqual([{ name: '钻戒', category_id: '3', weight: 2.5 }]);
    expect(body.declared_value).toBeUndefined();
  });

  it('trims buyer fields and sends shop fields only for shop orders', () => {
    const manual = toCreateBody({ ...base, shop_id: '9', platform_order_id: '123', items: [{ name: 'a', category_id: '1' }] });
    expect(manual.buyer_name).toBe('张三');
    expect(manual.buyer_phone).toBe('13812345678');
    expect(manual.shop_id).toBeUndefined();
    expect(manual.platform_order_id).toBeUndefined();
    const shop = toCreateBody({ ...base, source: 'shop', shop_id: '9', platform_order_id: ' 6920001 ', items: [{ name: 'a', category_id: '1' }] });
    expect(shop.shop_id).toBe('9');
    expect(shop.platform_order_id).toBe('6920001');
  });

  it('sends the start time as ISO', () => {
    const start = dayjs('2026-11-20T10:00:00+08:00');
    expect(toCreateBody({ ...base, start_time: start, items: [] }).start_time).toBe('2026-11-20T02:00:00.000Z');
  });

  it('produces a body the contract accepts, and the contract rejects what the form must not send', () => {
    const ok = orderCreateBody.safeParse(toCreateBody({ ...base, items: [{ name: '翡翠手镯', category_id: '1', value: 100 }] }));
    expect(ok.success).toBe(true);
    const noItems = orderCreateBody.safeParse(toCreateBody({ ...base, items: [] }));
    expect(noItems.success).toBe(false);
    const badPhone = orderCreateBody.safeParse(toCreateBody({ ...base, buyer_phone: '12345', items: [{ name: 'a', category_id: '1' }] }));
    expect(badPhone.success).toBe(false);
    if (!badPhone.success) expect(badPhone.error.issues[0]?.message).toBe('请输入正确的11位手机号');
  });
});
