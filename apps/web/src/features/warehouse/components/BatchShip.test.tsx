import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BatchShipResult, OrderRow } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi, type Answer } from '../../../test/utils';
import { bodiesOf, fakeUi, now, orderRow, signInOwner } from '../../../test/warehouseFixtures';
import { BatchShipButton, BatchShipModal } from './BatchShip';

const SHIP = '/warehouse/v1/Order/batchShip';
const bound = (id: string): OrderRow => orderRow({ id, order_no: `JC2026112100${id}`, status: 'bound', status_text: '已绑码' });
const orders = [bound('11'), bound('12'), bound('13')];

const shipped = (id: string, waybill: string): BatchShipResult => ({
  id,
  code: 1000,
  msg: '',
  shipped: { id, status: 'shipped', status_text: '已发货', outbound_carrier: '顺丰速运', outbound_waybill: waybill, shipped_at: now.toISOString() },
});
const refused = (id: string, msg: string): BatchShipResult => ({ id, code: 1001, msg, shipped: null });
const answer = (results: BatchShipResult[]): Answer => {
  const n = results.filter((r) => r.code === 1000).length;
  return { code: 1000, data: { shipped_count: n, failed_count: results.length - n, results } };
};

const waybillOf = (no: string) => screen.getByLabelText(`${no} 的发货运单号`);
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });
/** A scanner's Enter: key down and up (antd's input takes one Enter per key press). */
const enter = (el: HTMLElement) => {
  const key = { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 };
  fireEvent.keyDown(el, key);
  fireEvent.keyUp(el, key);
};

function renderModal(onClose = vi.fn()) {
  renderAt('/', [{ path: '/', element: <BatchShipModal orders={orders} skipped={0} onClose={onClose} /> }]);
  return onClose;
}

describe('批量发货 dialog', () => {
  beforeAll(installDomShims);
  beforeEach(signInOwner);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a scanner’s Enter moves to the next waybill and ships on the last; a waybill given twice is refused before sending', async () => {
    fakeUi();
    const fetch = stubApi({ [SHIP]: answer([shipped('11', 'SF1000000001'), shipped('12', 'SF1000000002'), shipped('13', 'SF1000000003')]) });
    renderModal();
    const modal = await screen.findByTestId('batch-ship-modal');
    expect(within(modal).getAllByTestId('batch-ship-row')).toHaveLength(3);
    // one carrier for all, as the single ship form offers
    expect((within(modal).getByLabelText('发货快递公司（全部订单）') as HTMLInputElement).value).toBe('顺丰速运');

    type(waybillOf('JC202611210011'), 'SF1000000001');
    enter(waybillOf('JC202611210011'));
    await waitFor(() => expect(document.activeElement).toBe(waybillOf('JC202611210012')));
    type(waybillOf('JC202611210012'), 'SF1000000002');
    enter(waybillOf('JC202611210012'));
    await waitFor(() => expect(document.activeElement).toBe(waybillOf('JC202611210013')));
    type(waybillOf('JC202611210013'), 'sf1000000001');
    enter(waybillOf('JC202611210013'));
    expect(await within(modal).findByText('发货运单号 sf1000000001 填写了两次，每个订单需要各自的运单号')).toBeTruthy();
    expect(bodiesOf(fetch, SHIP)).toHaveLength(0);

    type(waybillOf('JC202611210013'), ' SF1000000003 ');
    enter(waybillOf('JC202611210013'));
    await waitFor(() => expect(bodiesOf(fetch, SHIP)).toHaveLength(1));
    expect(bodiesOf(fetch, SHIP)[0]).toEqual({
      orders: [
        { id: '11', carrier: '顺丰速运', waybill: 'SF1000000001' },
        { id: '12', carrier: '顺丰速运', waybill: 'SF1000000002' },
        { id: '13', carrier: '顺丰速运', waybill: 'SF1000000003' },
      ],
    });
    expect((await within(modal).findByTestId('batch-ship-summary')).textContent).toContain('成功 3 单');
    expect(within(modal).queryByTestId('batch-ship-failures')).toBeNull();
    expect(screen.getByRole('button', { name: /完\s?成/ })).toBeTruthy();
  });

  it('a bad waybill is refused by the form with the contract’s sentence, nothing sent', async () => {
    fakeUi();
    const fetch = stubApi({});
    renderModal();
    await screen.findByTestId('batch-ship-modal');
    type(waybillOf('JC202611210011'), 'SF1');
    fireEvent.click(screen.getByTestId('batch-ship-submit'));
    expect((await screen.findAllByText('发货运单号为6-32位字母或数字')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getAllByText('发货运单号为6-32位字母或数字')).toHaveLength(3));
    expect(bodiesOf(fetch, SHIP)).toHaveLength(0);
  });

  it('shows 成功 N 单 and each failure with its reason; 确认发货 again sends only the refused order, never a shipped one', async () => {
    fakeUi();
    const answers: Record<string, Answer> = {
      [SHIP]: answer([shipped('11', 'SF2000000001'), refused('12', '订单已被拦截（买家申请退款），不能发货，请联系商家取回货品'), shipped('13', 'SF2000000003')]),
    };
    const fetch = stubApi(answers);
    const onClose = renderModal();
    const modal = await screen.findByTestId('batch-ship-modal');
    type(waybillOf('JC202611210011'), 'SF2000000001');
    type(waybillOf('JC202611210012'), 'SF2000000002');
    type(waybillOf('JC202611210013'), 'SF2000000003');
    fireEvent.click(screen.getByTestId('batch-ship-submit'));

    const summary = await within(modal).findByTestId('batch-ship-summary');
    expect(summary.textContent).toContain('成功 2 单，失败 1 单');
    expect(within(summary).getByTestId('batch-ship-failures').textContent).toBe('JC202611210012：订单已被拦截（买家申请退款），不能发货，请联系商家取回货品');
    const rows = within(modal).getAllByTestId('batch-ship-row');
    expect(rows.map((r) => r.getAttribute('data-state'))).toEqual(['shipped', 'refused', 'shipped']);
    expect(rows[0]!.textContent).toContain('SF2000000001');
    // the refused order keeps its waybill field (with the reason), the shipped ones have none
    expect(screen.queryByLabelText('JC202611210011 的发货运单号')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(waybillOf('JC202611210012')));

    answers[SHIP] = answer([shipped('12', 'SF2000000022')]);
    type(waybillOf('JC202611210012'), 'SF2000000022');
    fireEvent.click(screen.getByTestId('batch-ship-submit'));
    await waitFor(() => expect(bodiesOf(fetch, SHIP)).toHaveLength(2));
    expect(bodiesOf(fetch, SHIP)[1]).toEqual({ orders: [{ id: '12', carrier: '顺丰速运', waybill: 'SF2000000022' }] });
    await waitFor(() => expect(within(modal).getByTestId('batch-ship-summary').textContent).toContain('成功 3 单'));
    fireEvent.click(screen.getByRole('button', { name: /完\s?成/ }));
    expect(onClose).toHaveBeenCalled();
  });

  it('the button offers only the selected orders that may ship (the single ship’s rule) and says how many are left out', async () => {
    fakeUi();
    stubApi({});
    const received = orderRow({ id: '14', order_no: 'JC202611210014', status: 'received', status_text: '已入仓' });
    renderAt('/', [{ path: '/', element: <BatchShipButton selected={[received]} /> }]);
    const button = screen.getByTestId('batch-ship') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent?.replace(/\s/g, '')).toBe('批量发货');
    cleanup();
    renderAt('/', [{ path: '/', element: <BatchShipButton selected={[bound('11'), received, bound('13')]} /> }]);
    const ready = screen.getByTestId('batch-ship') as HTMLButtonElement;
    expect(ready.disabled).toBe(false);
    expect(ready.textContent).toContain('批量发货 (2)');
    fireEvent.click(ready);
    const modal = await screen.findByTestId('batch-ship-modal');
    expect(within(modal).getAllByTestId('batch-ship-row').map((r) => r.textContent)).toEqual([expect.stringContaining('JC202611210011'), expect.stringContaining('JC202611210013')]);
    expect(within(modal).getByText('另有 1 个所选订单不是「已绑码」状态，不能发货，未列入。')).toBeTruthy();
  });

  it('orders it shipped leave the selection (the button never offers them again); refused ones stay selected', async () => {
    fakeUi();
    stubApi({ [SHIP]: answer([shipped('11', 'SF3000000001'), refused('12', '订单已发货，请勿重复操作')]) });
    const onShipped = vi.fn();
    renderAt('/', [{ path: '/', element: <BatchShipModal orders={orders.slice(0, 2)} skipped={0} onClose={vi.fn()} onShipped={onShipped} /> }]);
    await screen.findByTestId('batch-ship-modal');
    type(waybillOf('JC202611210011'), 'SF3000000001');
    type(waybillOf('JC202611210012'), 'SF3000000002');
    fireEvent.click(screen.getByTestId('batch-ship-submit'));
    await waitFor(() => expect(onShipped).toHaveBeenCalledWith(['11']));
  });
});
