import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { installDomShims, renderAt, stubApi } from '../test/utils';
import { createQueryClient } from './queryClient';
import { routeOfPath, routeSets, type RouteSetName } from './routeSets';

const page = (list: object[]) => ({ code: 1000, data: { list, total: list.length, page: 1, page_size: 20, server_time: new Date().toISOString() } });

// The home lists whose routes start their request from the entry (AppRoute.prefetch): what the
// prefetch stores must be what the page reads, or a reload asks twice and waits for the second.
const homes: { set: RouteSetName; url: string; list: string; row: object; shows: string }[] = [
  { set: 'merchant', url: '/trader/order/list?status=created', list: '/merchant/v1/Testing/orderList', row: { id: '1', order_no: 'JC202611210001', status: 'created', item_count: 1 }, shows: 'JC202611210001' },
  { set: 'serviceCentre', url: '/base/order/list?page=2', list: '/center/v1/Order/list', row: { id: '1', order_no: 'JC202611210002', status: 'received', item_count: 1 }, shows: 'JC202611210002' },
  { set: 'warehouse', url: '/warehousing/orderList?page=2&status=received', list: '/warehouse/v1/Order/list', row: { id: '1', order_no: 'JC202611210003', status: 'received', item_count: 1 }, shows: 'JC202611210003' },
  { set: 'manager', url: '/manage/order/list?keyword=%E7%BF%A0&sort_by=balance&sort_order=asc', list: '/admin/v1/Merchant/list', row: { id: '1', name: '翠玉轩珠宝', mobile: '13800000001', balance: 0, status_id: 1, auth_status_id: 1 }, shows: '翠玉轩珠宝' },
];

describe('a home list opened directly', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each(homes)('$url: the route prefetches the list the page reads (one request)', async ({ set, url, list, row, shows }) => {
    const fetch = stubApi({ [list]: page([row]) });
    const listCalls = () => fetch.mock.calls.filter(([u]) => new URL(String(u), 'http://x').pathname === `/api${list}`);
    const [pathname, search = ''] = url.split('?');
    const route = routeOfPath(routeSets[set], pathname)!;
    expect(route.prefetch).toBeTypeOf('function');
    const qc = createQueryClient();
    await route.prefetch!(qc, new URLSearchParams(search));
    expect(listCalls()).toHaveLength(1);
    const { default: Page } = await route.page!();
    renderAt(url, [{ path: pathname, element: <Page /> }], qc);
    expect(await screen.findByText(shows)).toBeInTheDocument();
    await waitFor(() => expect(listCalls()).toHaveLength(1));
  });

  it('a prefetch that fails says nothing; the page asks again and shows why', async () => {
    const list = '/merchant/v1/Testing/orderList';
    const fetch = stubApi({ [list]: { code: 1500, msg: '服务器繁忙' } });
    const route = routeOfPath(routeSets.merchant, '/trader/order/list')!;
    const qc = createQueryClient();
    await route.prefetch!(qc, new URLSearchParams());
    const { default: Page } = await route.page!();
    renderAt('/trader/order/list', [{ path: '/trader/order/list', element: <Page /> }], qc);
    await waitFor(() => expect(fetch.mock.calls.filter(([u]) => String(u).includes(list))).toHaveLength(2));
    expect(await screen.findAllByText(/服务器繁忙/)).not.toHaveLength(0);
  });
});
