import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import { orderRow } from '../../../test/warehouseFixtures';
import ManagerInterceptPage from './ManagerInterceptPage';

const SEARCH = '/manage/v1/Order/search';
const STATUS = '/manage/v1/Order/syncStatus';
const RETRY = '/manage/v1/Order/syncRetry';
const failed = { state: 'failed', text: '同步失败', synced_at: null, error: '抖店：订单已退款，不能发货', waybill: 'SF1001', attempts: 1 };

describe('订单拦截 (manager): the shipment report to Doudian of any order', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a shipped order shows 同步失败 with the platform reason; 重试 sends it again and shows the new state', async () => {
    const fetch = stubApi({
      [SEARCH]: { code: 1000, data: [orderRow({ id: '7', order_no: 'JC202611210007', status: 'shipped' }), orderRow({ id: '8', order_no: 'JC202611210008', status: 'received' })] },
      [STATUS]: { code: 1000, data: failed },
      [RETRY]: { code: 1000, data: { ...failed, state: 'pending', text: '待同步', error: '' } },
    });
    renderAt('/manage/intercept/order', [{ path: '/manage/intercept/order', element: <ManagerInterceptPage /> }]);
    const input = await screen.findByLabelText('订单号 / 平台订单号 / 运单号');
    fireEvent.change(input, { target: { value: 'JC2026112100' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
    const shipped = (await screen.findByText('JC202611210007')).closest('tr')!;
    expect(await within(shipped).findByText('抖店：订单已退款，不能发货')).toBeTruthy();
    // an order not shipped has nothing to report and asks nothing
    expect(within(screen.getByText('JC202611210008').closest('tr')!).queryByTestId('platform-sync')).toBeNull();
    const statusCalls = fetch.mock.calls.filter(([u]) => String(u).includes(STATUS));
    expect(statusCalls.map(([u]) => new URL(String(u), 'http://localhost').searchParams.get('id'))).toEqual(['7']);
    fireEvent.click(within(shipped).getByRole('button', { name: /重\s*试/ }));
    expect(await within(shipped).findByText('待同步')).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.some(([u, init]) => String(u).includes(RETRY) && String(init?.body).includes('"7"'))).toBe(true));
  });
});
