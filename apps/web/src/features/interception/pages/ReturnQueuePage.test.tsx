import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReturnContact } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import { orderRow } from '../../../test/warehouseFixtures';
import ReturnQueuePage from './ReturnQueuePage';

const QUEUE = '/warehouse/v1/Order/returnQueue';
const RETURN = '/warehouse/v1/Order/return';

const to = (over: Partial<ReturnContact> = {}): ReturnContact => ({
  merchant_name: '翠玉轩珠宝',
  contact: '李经理',
  mobile: '13912345678',
  address: '广东省深圳市罗湖区水贝一路18号',
  method: 'post',
  method_text: '快递寄回',
  ...over,
});
const row = (over: Partial<ReturnType<typeof orderRow>> & { return_to?: ReturnContact } = {}) => ({
  ...orderRow({ status: 'intercepted', intercept_reason: '买家申请退款', merchant_name: '翠玉轩珠宝', ...over }),
  intercepted_since: new Date().toISOString(),
  return_to: over.return_to ?? to(),
});
/** A call to Order/return itself (not Order/returnQueue). */
const isReturn = ([u]: [RequestInfo | URL, RequestInit?]) => new URL(String(u), 'http://localhost').pathname === `/api${RETURN}`;
const queue = (list: ReturnType<typeof row>[]) => ({ code: 1000, data: { list, total: list.length, page: 1, page_size: 20 } });

describe('拦截退回: return information where the work is', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('each row shows whom to call and the 退货地址; a merchant without one is marked', async () => {
    stubApi({ [QUEUE]: queue([row(), row({ id: '12', order_no: 'JC202611210012', return_to: to({ merchant_name: '金福珠宝', contact: '李金福', mobile: '13800000002', address: '', method: '', method_text: '' }) })]) });
    renderAt('/warehousing/interceptReturn', [{ path: '/warehousing/interceptReturn', element: <ReturnQueuePage /> }]);
    const first = (await screen.findByText('JC202611210011')).closest('tr')!;
    expect(within(first).getByText('13912345678').getAttribute('href')).toBe('tel:13912345678');
    expect(within(first).getByText('广东省深圳市罗湖区水贝一路18号')).toBeTruthy();
    const second = screen.getByText('JC202611210012').closest('tr')!;
    expect(within(second).getByText('商家尚未填写退货地址')).toBeTruthy();
  });

  it('快递寄回 is prefilled from 检测信息, prints the 退货单 with the edited address and sends the edit', async () => {
    const fetch = stubApi({ [QUEUE]: queue([row()]), [RETURN]: { code: 1000, data: { id: '11', status: 'returned', status_text: '已退回' } } });
    let printed = '';
    vi.spyOn(window, 'print').mockImplementation(() => {
      printed = document.querySelector('body > [data-testid="return-sheet"]')?.textContent ?? '';
    });
    renderAt('/warehousing/interceptReturn', [{ path: '/warehousing/interceptReturn', element: <ReturnQueuePage /> }]);
    fireEvent.click(await screen.findByTestId('return-post-JC202611210011'));
    const contact = (await screen.findByTestId('return-contact')) as HTMLInputElement;
    expect(contact.value).toBe('李经理');
    expect((screen.getByTestId('return-mobile') as HTMLInputElement).value).toBe('13912345678');
    const address = screen.getByTestId('return-address') as HTMLTextAreaElement;
    expect(address.value).toBe('广东省深圳市罗湖区水贝一路18号');

    fireEvent.change(address, { target: { value: '广东省深圳市罗湖区水贝二路8号 仓库' } });
    fireEvent.change(screen.getByTestId('return-waybill'), { target: { value: 'SF1234567890' } });
    fireEvent.click(screen.getByTestId('return-print-sheet'));
    await waitFor(() => expect(window.print).toHaveBeenCalledTimes(1));
    expect(printed).toContain('退货单');
    expect(printed).toContain('JC202611210011');
    expect(printed).toContain('李经理');
    expect(printed).toContain('广东省深圳市罗湖区水贝二路8号 仓库');
    expect(printed).toContain('SF1234567890');
    // printed and gone: the sheet is in the page only while it prints
    await waitFor(() => expect(document.querySelector('body > [data-testid="return-sheet"]')).toBeNull());

    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^快递寄回$/ }));
    await waitFor(() => expect(fetch.mock.calls.some(isReturn)).toBe(true));
    const init = fetch.mock.calls.find(isReturn)![1] as RequestInit;
    expect(JSON.parse(String(init.body))).toMatchObject({
      id: '11',
      mode: 'post',
      waybill: 'SF1234567890',
      return_contact: '李经理',
      return_mobile: '13912345678',
      return_address: '广东省深圳市罗湖区水贝二路8号 仓库',
    });
  });

  it('a merchant without a 退货地址: the dialog says so and refuses to send until one is entered', async () => {
    const fetch = stubApi({ [QUEUE]: queue([row({ return_to: to({ address: '', method: '', method_text: '' }) })]) });
    renderAt('/warehousing/interceptReturn', [{ path: '/warehousing/interceptReturn', element: <ReturnQueuePage /> }]);
    fireEvent.click(await screen.findByTestId('return-post-JC202611210011'));
    expect(await screen.findByTestId('return-address-missing')).toBeTruthy();
    fireEvent.change(screen.getByTestId('return-waybill'), { target: { value: 'SF1234567890' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^快递寄回$/ }));
    expect((await screen.findAllByText('商家尚未填写退货地址，请联系商家确认后填写')).length).toBeGreaterThan(0);
    expect(fetch.mock.calls.some(isReturn)).toBe(false);
  });
});
