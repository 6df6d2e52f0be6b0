import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { CenterAlerts } from '@gemqc/contract';
import { DeadlineBanner, InterceptedBanner, remainingMs } from './CenterBanners';

afterEach(() => vi.useRealTimers());

const base: CenterAlerts = {
  nearest_deadline: '2024-01-03T00:00:05Z',
  nearest_order_no: 'GQ001',
  overdue_count: 0,
  intercepted: [],
  server_time: '2024-01-03T00:00:00Z',
};

describe('service-centre banners', () => {
  it('measures the remaining time by the server clock', () => {
    const receivedAt = Date.parse('2024-01-02T23:00:00Z'); // PC clock one hour behind
    expect(remainingMs(base.nearest_deadline!, base.server_time, receivedAt, receivedAt + 2000)).toBe(3000);
  });

  it('counts down every second and shows 发货超时 at zero', () => {
    vi.useFakeTimers();
    const now = Date.now();
    render(<DeadlineBanner data={base} receivedAt={now} />);
    expect(screen.getByText(/00:00:05/)).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText(/00:00:04/)).toBeInTheDocument();
    expect(screen.queryByText('发货超时')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByText('发货超时')).toBeInTheDocument();
  });

  it('shows 发货超时 when orders are overdue', () => {
    render(<DeadlineBanner data={{ ...base, nearest_deadline: null, overdue_count: 2 }} receivedAt={Date.now()} />);
    expect(screen.getByText('发货超时')).toBeInTheDocument();
  });

  it('lists intercepted orders with the reason and 请联系商家取回货物', () => {
    render(
      <InterceptedBanner
        data={{ ...base, intercepted: [{ id: '1', order_no: 'GQ9', reason: '商家申请拦截', merchant_name: 'm' }] }}
      />,
    );
    expect(screen.getByText(/GQ9.*商家申请拦截.*请联系商家取回货物/)).toBeInTheDocument();
  });
});
