import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { PendingOrder, ShopItem } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi, type Answer } from '../../../test/utils';
import DetectionPage from './DetectionPage';

const SHOPS = '/merchant/v1/Shop/list';
const PENDING = '/merchant/v1/Shop/pendingOrders';
const STATIONS = '/merchant/v1/Testing/stationList';
const shop: ShopItem = {
  id: '1', platform: 'doudian', shop_id: '4463798', shop_name: '翠玉轩珠宝官方旗舰店', status: 'active', status_text: '授权有效',
  access_expires_at: null, refresh_expires_at: null, authorised_at: '2026-11-01T02:00:00Z', last_pulled_at: null,
};
const order: PendingOrder = {
  platform_order_id: '6920000000000001', shop_id: '4463798', create_time: '2026-11-21T02:00:00Z', pay_time: '2026-11-21T02:01:00Z',
  exp_ship_time: '2026-11-23T02:00:00Z', buyer_name: '陈小姐', buyer_phone: '138****8000', buyer_address: '广东省广州市', pay_amount: 880000,
  items: [{ product_name: '冰种翡翠手镯', item_num: 1, pay_amount: 880000 }],
};
const page = <T,>(list: T[]) => ({ code: 1000, data: { list, total: list.length, page: 1, page_size: 20 } });
const route = [{ path: '/trader/detection', element: <DetectionPage /> }];

const pendingCalls = (fetch: ReturnType<typeof stubApi>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://localhost')).filter((u) => u.pathname === `/api${PENDING}`);

describe('去检测: the shop’s pending orders when their load fails', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a pending-orders answer of code 1500 shows its reason and 重试, not 没有待检测的店铺订单; 重试 lists the orders', async () => {
    const answers: Record<string, Answer> = { [SHOPS]: page([shop]), [STATIONS]: { code: 1000, data: [] }, [PENDING]: { code: 1500, msg: '抖店接口繁忙，请稍后再试' } };
    const fetch = stubApi(answers);
    renderAt('/trader/detection', route);
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('抖店接口繁忙，请稍后再试');
    expect(screen.getByTestId('list-error').textContent).toContain('数据加载失败');
    expect(screen.queryByText('没有待检测的店铺订单')).toBeNull();
    answers[PENDING] = page([order]);
    fireEvent.click(within(screen.getByTestId('list-error')).getByRole('button', { name: /^重\s?试$/ }));
    expect(await screen.findByText('6920000000000001')).toBeTruthy();
    expect(screen.queryByTestId('list-error')).toBeNull();
    expect(pendingCalls(fetch)).toHaveLength(2);
  });

  it('a shop-list answer of code 1500 shows its reason and 重试, not 暂无店铺 with 授权店铺; 重试 lists the shop', async () => {
    const answers: Record<string, Answer> = { [SHOPS]: { code: 1500, msg: '服务器繁忙，请稍后再试' }, [STATIONS]: { code: 1000, data: [] }, [PENDING]: page([]) };
    stubApi(answers);
    renderAt('/trader/detection', route);
    expect((await screen.findByTestId('list-error-reason')).textContent).toBe('服务器繁忙，请稍后再试');
    expect(screen.queryByText('还没有授权店铺，请先授权抖店店铺。')).toBeNull();
    answers[SHOPS] = page([shop]);
    fireEvent.click(within(screen.getByTestId('list-error')).getByRole('button', { name: /^重\s?试$/ }));
    expect((await screen.findAllByText('翠玉轩珠宝官方旗舰店')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('list-error')).toBeNull();
  });

  it('no pending orders (the list has no filters) says 没有待检测的店铺订单, not "nothing matches"', async () => {
    stubApi({ [SHOPS]: page([shop]), [STATIONS]: { code: 1000, data: [] }, [PENDING]: page([]) });
    renderAt('/trader/detection', route);
    expect(await screen.findByText('没有待检测的店铺订单')).toBeTruthy();
    expect(screen.queryByTestId('list-no-match')).toBeNull();
    expect(screen.queryByTestId('list-error')).toBeNull();
  });
});
