import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactElement } from 'react';
import type { CenterAlerts } from '@gemqc/contract';
import { DeadlineBanner, InterceptedBanner, PhoneBannerLine, remainingMs } from './CentreBanners';

afterEach(() => vi.useRealTimers());

/** The banners link to orders: they render inside a router. */
const inRouter = (ui: ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);
/** An element whose whole text (links included) matches. */
const fullText = (re: RegExp) => (_: string, el: Element | null) => !!el && el.tagName === 'LI' && re.test(el.textContent ?? '');

const base: CenterAlerts = {
  nearest_deadline: '2024-01-03T00:00:05Z',
  nearest_order_no: 'GQ001',
  overdue_count: 0,
  intercepted: [],
  intercept_requests: [],
  refund_notices: [],
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
    inRouter(<DeadlineBanner data={base} receivedAt={now} />);
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
    inRouter(<DeadlineBanner data={{ ...base, nearest_deadline: null, overdue_count: 2 }} receivedAt={Date.now()} />);
    expect(screen.getByText('发货超时')).toBeInTheDocument();
  });

  it('lists intercepted orders with the reason, 请联系商家取回货物 and whom to call (the merchant, its contact and phone)', () => {
    inRouter(
      <InterceptedBanner
        data={{ ...base, intercepted: [{ id: '1', order_no: 'GQ9', reason: '商家申请拦截', merchant_name: '翠玉轩', merchant_contact: '李经理', merchant_mobile: '13912345678' }] }}
      />,
    );
    expect(screen.getByText(fullText(/GQ9.*商家申请拦截.*请联系商家取回货物：翠玉轩 李经理 13912345678/))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'GQ9' }).getAttribute('href')).toBe('/base/order/detail?id=1');
  });

  it('shows three intercepted orders and the rest behind 展开', () => {
    const intercepted = ['1', '2', '3', '4', '5'].map((id) => ({ id, order_no: `GQ${id}`, reason: '买家退款', merchant_name: 'm', merchant_contact: '', merchant_mobile: '' }));
    inRouter(<InterceptedBanner data={{ ...base, intercepted }} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: '展开其余 2 单' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: '收起' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('the overdue banner says how many and links to the overdue orders', () => {
    inRouter(<DeadlineBanner data={{ ...base, nearest_deadline: null, overdue_count: 23 }} receivedAt={Date.now()} />);
    expect(screen.getByText('23 个订单已超过发货时限，请尽快发货')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看超时订单' }).getAttribute('href')).toBe('/base/order/list?overdue=1');
  });

  it('on a phone, says everything in one line (countdown, overdue, intercepted, notices) and 展开 opens the banners', () => {
    const onExpand = vi.fn();
    inRouter(
      <PhoneBannerLine
        data={{
          ...base,
          overdue_count: 3,
          intercepted: [{ id: '1', order_no: 'GQ9', reason: '商家申请拦截', merchant_name: 'm', merchant_contact: '', merchant_mobile: '' }],
          intercept_requests: [{ id: '5', order_id: '2', order_no: 'GQ10', reason: '买家退款', merchant_name: 'm' }],
          refund_notices: [{ order_id: '3', order_no: 'GQ11', reason: '退款', merchant_name: 'm', received_at: '2024-01-02T00:00:00Z' }],
        }}
        receivedAt={Date.now()}
        onExpand={onExpand}
      />,
    );
    const line = screen.getByTestId('centre-banner-line');
    expect(line).toHaveClass('ant-alert-error');
    expect(line.querySelectorAll('.centre-banner__one-line')).toHaveLength(1);
    expect(line.querySelector('.centre-banner__one-line')?.textContent).toMatch(/^发货截止 00:00:0\d · 超时 3 单 · 拦截 2 单 · 售后提醒 1 条$/);
    fireEvent.click(screen.getByRole('button', { name: '展开' }));
    expect(onExpand).toHaveBeenCalled();
  });

  it('on a phone, shows no line when there is nothing to say', () => {
    const { container } = inRouter(<PhoneBannerLine data={{ ...base, nearest_deadline: null }} receivedAt={Date.now()} onExpand={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
