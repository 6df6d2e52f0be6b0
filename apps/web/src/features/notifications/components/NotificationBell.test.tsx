import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { NotificationSummary } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import { NotificationBell } from './NotificationBell';

installDomShims();

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
    renderAt('/', [{ path: '/', element: <NotificationBell /> }]);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    const item = await screen.findByText('订单 JC202611270001 已拦截：买家已退款');
    // 16:30 UTC is 00:30 the next day in China
    expect(screen.getByText('2026-11-27 00:30')).toBeInTheDocument();
    expect(screen.getByText('订单 JC202611260009 检测结果已出')).toBeInTheDocument();
    fireEvent.click(item);
    await waitFor(() => expect(fetch.mock.calls.some(([u, init]) => String(u).includes('/Notification/read') && init?.method === 'POST' && String(init.body).includes('"7"'))).toBe(true));
  });

  it('counts waiting reviews in the badge and lists them', async () => {
    stubApi({ '/common/v1/Notification/summary': { code: 1000, data: { ...summary, unread: 0, list: [], todos: [{ kind: 'authorisations', count: 2 }, { kind: 'centre_applications', count: 1 }] } } });
    renderAt('/', [{ path: '/', element: <NotificationBell /> }]);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('3'));
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    expect(await screen.findByText('2 个商家授权待审核')).toBeInTheDocument();
  });
});
