import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { CenterAlerts, NotificationSummary } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import { NotificationBell } from './NotificationBell';

installDomShims();

/** Where a link led (the route's path and query). */
function Here() {
  const l = useLocation();
  return <div data-testid="here">{l.pathname + l.search}</div>;
}

const summary: NotificationSummary = {
  unread: 1,
  list: [
    { id: '7', kind: 'intercepted', order_id: '3', order_no: 'JC202611270001', params: { reason: '买家已退款' }, created_at: '2026-11-26T16:30:00Z', read: false },
    { id: '5', kind: 'result_ready', order_id: '2', order_no: 'JC202611260009', params: { status: 'passed' }, created_at: '2026-11-26T10:00:00Z', read: true },
  ],
  todos: [],
  last_id: '7',
};

describe('the notification bell', () => {
  it('shows the unread count, lists events in China time (stream unavailable: polling), and marks one read on click', async () => {
    const fetch = stubApi({ '/common/v1/Notification/summary': { code: 1000, data: summary }, '/common/v1/Notification/read': { code: 1000, data: { unread: 0 } } });
    renderAt('/', [
      { path: '/', element: <NotificationBell portal="trader" /> },
      { path: '/trader/order/detail', element: <Here /> },
    ]);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    const item = await screen.findByText('订单 JC202611270001 已拦截：买家已退款');
    // 16:30 UTC is 00:30 the next day in China
    expect(screen.getByText('2026-11-27 00:30')).toBeInTheDocument();
    expect(screen.getByText('订单 JC202611260009 检测结果已出')).toBeInTheDocument();
    fireEvent.click(item);
    await waitFor(() => expect(fetch.mock.calls.some(([u, init]) => String(u).includes('/Notification/read') && init?.method === 'POST' && String(init.body).includes('"7"'))).toBe(true));
    // and it leads to the order
    expect(await screen.findByTestId('here')).toHaveTextContent('/trader/order/detail?id=3');
  });

  it('words deadline events with the deadline in China time; a warehouse’s leads to its order list with the order open', async () => {
    stubApi({
      '/common/v1/Notification/summary': {
        code: 1000,
        data: {
          ...summary,
          unread: 2,
          list: [
            { id: '9', kind: 'deadline_soon', order_id: '4', order_no: 'JC202611270002', params: { deadline: '2026-11-27T06:00:00.000Z' }, created_at: '2026-11-27T00:01:00Z', read: false },
            { id: '8', kind: 'overdue', order_id: '5', order_no: 'JC202611250003', params: { deadline: '2026-11-26T23:30:00.000Z' }, created_at: '2026-11-26T23:31:00Z', read: false },
          ],
        },
      },
      '/common/v1/Notification/read': { code: 1000, data: { unread: 1 } },
    });
    renderAt('/', [
      { path: '/', element: <NotificationBell portal="qualityInspection" /> },
      { path: '/warehousing/orderList', element: <Here /> },
    ]);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('2'));
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    // 06:00 UTC is 14:00 in China; 23:30 UTC is 07:30 the next day
    expect(await screen.findByText('订单 JC202611270002 将于 11-27 14:00 到达发货时限（不足 6 小时），请尽快发货')).toBeInTheDocument();
    fireEvent.click(screen.getByText('订单 JC202611250003 已超过发货时限（11-27 07:30），尚未发货'));
    expect(await screen.findByTestId('here')).toHaveTextContent('/warehousing/orderList?order=5');
  });

  it('counts waiting reviews in the badge and lists them, each leading to the list it waits in', async () => {
    stubApi({ '/common/v1/Notification/summary': { code: 1000, data: { ...summary, unread: 0, list: [], todos: [{ kind: 'authorisations', count: 2 }, { kind: 'centre_applications', count: 1 }] } } });
    renderAt('/', [{ path: '/', element: <NotificationBell portal="manage" /> }, { path: '/manage/order/list', element: <Here /> }]);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('3'));
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    fireEvent.click(await screen.findByText('2 个商家授权待审核'));
    expect(await screen.findByTestId('here')).toHaveTextContent('/manage/order/list?auth_status_id=0');
  });

  it('the service centre’s bell is its banners’ work: counted from the banners’ query, each line going where the banner’s link goes', async () => {
    const alerts: CenterAlerts = {
      nearest_deadline: '2026-11-27T06:00:00Z',
      nearest_order_no: 'JC202611270008',
      overdue_count: 2,
      intercepted: [{ id: '11', order_no: 'JC202611260001', reason: '买家已退款', merchant_name: '翠玉轩', merchant_contact: '王女士', merchant_mobile: '13800000001' }],
      intercept_requests: [{ id: '3', order_id: '12', order_no: 'JC202611260002', reason: '买家申请退货', merchant_name: '金福珠宝' }],
      refund_notices: [{ order_id: '13', order_no: 'JC202611260003', reason: '退款', merchant_name: '翠玉轩', received_at: '2026-11-26T08:00:00Z' }],
      server_time: '2026-11-27T00:00:00Z',
    };
    const fetch = stubApi({ '/center/v1/Order/alerts': { code: 1000, data: alerts } });
    renderAt('/', [
      { path: '/', element: <NotificationBell portal="base" /> },
      { path: '/base/order/list', element: <Here /> },
    ]);
    // 2 overdue + 1 intercepted + 1 request + 1 refund notice; the nearest deadline is listed, not counted
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('5'));
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    expect(await screen.findByText('订单 JC202611260001 已被拦截（买家已退款），请联系商家取回货物：翠玉轩 王女士 13800000001')).toBeInTheDocument();
    expect(screen.getByText('商家 金福珠宝 申请拦截订单 JC202611260002：买家申请退货，请确认').closest('a')?.getAttribute('href')).toBe('/base/order/detail?id=12');
    expect(screen.getByText('订单 JC202611260003 的买家已在抖店申请售后（翠玉轩 设置为发货优先，照常发货）')).toBeInTheDocument();
    expect(screen.getByText('最近一单 JC202611270008 的发货截止时间：11-27 14:00').closest('a')?.getAttribute('href')).toBe('/base/order/list?order_no=JC202611270008');
    expect(screen.getAllByTestId('notification-item')).toHaveLength(5);
    // no stored events for the centre: the summary is not asked for
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/Notification/'))).toBe(false);
    fireEvent.click(screen.getByText('2 个订单已超过发货时限，请尽快发货'));
    expect(await screen.findByTestId('here')).toHaveTextContent('/base/order/list?overdue=1');
  });

  it('the service centre’s bell says so when the banners have nothing', async () => {
    stubApi({ '/center/v1/Order/alerts': { code: 1000, data: { nearest_deadline: null, nearest_order_no: null, overdue_count: 0, intercepted: [], intercept_requests: [], refund_notices: [], server_time: '2026-11-27T00:00:00Z' } } });
    renderAt('/', [{ path: '/', element: <NotificationBell portal="base" /> }]);
    fireEvent.click(await screen.findByRole('button', { name: '通知' }));
    expect(await screen.findByText('暂无通知')).toBeInTheDocument();
    expect(screen.getByTestId('notification-badge')).not.toHaveTextContent(/\d/);
  });

  it('tells the merchant its 检测信息 review and a missing 退货地址; each leads to 检测信息', async () => {
    stubApi({
      '/common/v1/Notification/summary': {
        code: 1000,
        data: {
          ...summary,
          unread: 3,
          list: [
            { id: '12', kind: 'return_address_missing', order_id: '6', order_no: 'JC202611280004', params: {}, created_at: '2026-11-28T02:00:00Z', read: false },
            { id: '11', kind: 'auth_approved', order_id: null, order_no: '', params: {}, created_at: '2026-11-28T01:00:00Z', read: false },
            { id: '10', kind: 'auth_rejected', order_id: null, order_no: '', params: { reason: '营业执照不清晰' }, created_at: '2026-11-28T00:00:00Z', read: false },
          ],
        },
      },
      '/common/v1/Notification/read': { code: 1000, data: { unread: 2 } },
    });
    renderAt('/', [
      { path: '/', element: <NotificationBell portal="trader" /> },
      { path: '/trader/order/checkInfo', element: <Here /> },
    ]);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('3'));
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    expect(await screen.findByText('检测信息审核已通过，可以创建检测订单了')).toBeInTheDocument();
    expect(screen.getByText('检测信息审核未通过：营业执照不清晰，请修改后重新提交')).toBeInTheDocument();
    fireEvent.click(screen.getByText('订单 JC202611280004 已拦截，但您尚未填写退货地址：请在「检测信息」中填写，以便检测中心寄回货品'));
    expect(await screen.findByTestId('here')).toHaveTextContent('/trader/order/checkInfo');
  });
});
