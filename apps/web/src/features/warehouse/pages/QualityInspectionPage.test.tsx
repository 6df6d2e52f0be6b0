import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import { setUi } from '../../../lib/ui';
import { batchRow, bodiesOf, fakeUi, item, scanData, signInOwner } from '../../../test/warehouseFixtures';
import QualityInspectionPage from './QualityInspectionPage';

const SCAN = '/warehouse/v1/Intake/scan';
const RECEIVE = '/warehouse/v1/Intake/receive';
const BATCHES = '/warehouse/v1/Batch/list';
const SUBMIT = '/warehouse/v1/Inspection/submit';
const BIND = '/warehouse/v1/Code/bind';
const UNBIND = '/warehouse/v1/Code/unbind';
const SHIP = '/warehouse/v1/Order/ship';

const ok = (data: unknown) => ({ code: 1000, data });
const noBatch = ok({ list: [], total: 0, page: 1, page_size: 1 });
const route = [{ path: '/warehousing/qualityInspection', element: <QualityInspectionPage /> }];

/** A scanner's Enter: key down and up (antd ignores a second Enter until the key was released). */
function enter(input: HTMLElement) {
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
}

function scan(value: string) {
  const input = screen.getByLabelText('运单号或订单号');
  fireEvent.change(input, { target: { value } });
  enter(input);
}

describe('入仓质检 workbench', () => {
  beforeAll(installDomShims);
  beforeEach(signInOwner);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setUi(null);
  });

  it('finds the scanned waybill, receives it and names the batch it joined', async () => {
    const ui = fakeUi();
    const fetch = stubApi({
      [SCAN]: ok(scanData({}, { can_receive: true })),
      [RECEIVE]: ok({ order: { id: '11' }, batch: batchRow() }),
      [BATCHES]: noBatch,
    });
    renderAt('/warehousing/qualityInspection', route);
    expect(await screen.findByText('暂无进行中的批次，确认入仓时自动开启新批次')).toBeTruthy();
    scan(' SF1234567890 ');
    expect(await screen.findByText('JC202611210011')).toBeTruthy();
    expect(bodiesOf(fetch, SCAN)).toEqual([{ code: 'SF1234567890' }]);
    expect(screen.getByText('翠玉轩珠宝')).toBeTruthy();
    expect(screen.getByTestId('countdown')).toBeTruthy();
    fireEvent.click(screen.getByTestId('receive'));
    await waitFor(() => expect(ui.message.success).toHaveBeenCalledWith('已入仓，加入批次 PC20261122001'));
    expect(bodiesOf(fetch, RECEIVE)).toEqual([{ id: '11' }]);
    // the order view and the batch summary load again after the action
    await waitFor(() => expect(bodiesOf(fetch, SCAN).length).toBe(2));
    await waitFor(() => expect(fetch.mock.calls.filter(([u]) => String(u).includes(BATCHES)).length).toBeGreaterThanOrEqual(2));
  });

  it('opens the order of a ?code= link (from the order list) without a scan', async () => {
    const fetch = stubApi({ [SCAN]: ok(scanData({ status: 'received' })), [BATCHES]: noBatch });
    renderAt('/warehousing/qualityInspection?code=JC202611210011', route);
    expect(await screen.findByTestId('workbench-order')).toBeTruthy();
    expect(bodiesOf(fetch, SCAN)).toEqual([{ code: 'JC202611210011' }]);
  });

  it('shows the open batch of this station with a link to its detail', async () => {
    const fetch = stubApi({ [BATCHES]: ok({ list: [batchRow()], total: 1, page: 1, page_size: 1 }) });
    renderAt('/warehousing/qualityInspection', route);
    const link = await screen.findByTestId('open-batch-no');
    expect(link.textContent).toBe('PC20261122001');
    expect(link.getAttribute('href')).toBe('/warehousing/lotList?batch=5');
    const u = new URL(String(fetch.mock.calls.find(([x]) => String(x).includes(BATCHES))![0]), 'http://localhost');
    expect(Object.fromEntries(u.searchParams)).toMatchObject({ status: 'open', operator_id: '7' });
  });

  it('refuses a malformed scan without asking the server, and says when no order matches', async () => {
    const fetch = stubApi({ [BATCHES]: noBatch, [SCAN]: { code: 1004, msg: '订单不存在', data: null } });
    renderAt('/warehousing/qualityInspection', route);
    await screen.findByLabelText('运单号或订单号');
    scan('SF 12*');
    expect(await screen.findByText('运单号/订单号只能包含字母、数字和-')).toBeTruthy();
    expect(bodiesOf(fetch, SCAN)).toEqual([]);
    scan('SF0000000000');
    expect((await screen.findByTestId('scan-missing')).textContent).toContain('未找到 SF0000000000 对应的订单');
  });

  it('validates the inspection form with the contract messages and submits the result', async () => {
    const ui = fakeUi();
    const fetch = stubApi({
      [BATCHES]: noBatch,
      [SCAN]: ok(scanData({ status: 'received' })),
      [SUBMIT]: ok({ item_id: '21', order_id: '11', order_no: 'JC202611210011', order_status: 'passed', order_status_text: '检测合格', inspection: {}, certificate: null, charged: 3000, merchant_balance: 47000, pending_items: 0 }),
    });
    renderAt('/warehousing/qualityInspection', route);
    await screen.findByLabelText('运单号或订单号');
    scan('JC202611210011');
    const form = await screen.findByTestId('inspection-form-21');
    fireEvent.click(within(form).getByRole('button', { name: '提交结果' }));
    expect(await within(form).findByText('请输入检测结论')).toBeTruthy();
    expect(within(form).getByText('请选择检测结果（合格、不合格或无法检测）')).toBeTruthy();
    expect(bodiesOf(fetch, SUBMIT)).toEqual([]);

    fireEvent.change(within(form).getByLabelText('检测结论'), { target: { value: ' 翡翠（A货） ' } });
    fireEvent.change(within(form).getByLabelText('颜色'), { target: { value: '浅绿色' } });
    fireEvent.click(within(form).getByText('合格'));
    fireEvent.click(within(form).getByRole('button', { name: '提交结果' }));
    await waitFor(() => expect(bodiesOf(fetch, SUBMIT).length).toBe(1));
    expect(bodiesOf(fetch, SUBMIT)[0]).toMatchObject({ item_id: '21', conclusion: '翡翠（A货）', colour: '浅绿色', result: 'pass', mass: 52.3, mass_unit: 'g' });
    await waitFor(() => expect(ui.message.success).toHaveBeenCalledWith('已保存「冰种翡翠手镯」的检测结果，已扣检测费 ¥30.00'));
  });

  it('binds a scanned tag code to a passed item on Enter', async () => {
    fakeUi();
    const fetch = stubApi({
      [BATCHES]: noBatch,
      [SCAN]: ok(scanData({ status: 'passed' }, { items: [item({ result: 'pass', result_text: '合格', certificate_no: 'GZPY2611220001' })] })),
      [BIND]: ok({ binding: { code: 'TAG0000012345' }, order_status: 'bound', order_status_text: '已绑码', unbound_items: 0 }),
    });
    renderAt('/warehousing/qualityInspection', route);
    await screen.findByLabelText('运单号或订单号');
    scan('JC202611210011');
    const input = await screen.findByLabelText('标签码 冰种翡翠手镯');
    fireEvent.change(input, { target: { value: 'x1' } });
    enter(input);
    expect(await screen.findByText('标签码为6-32位字母或数字，请重新扫描')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'tag0000012345' } });
    enter(input);
    await waitFor(() => expect(bodiesOf(fetch, BIND)).toEqual([{ item_id: '21', code: 'TAG0000012345' }]));
  });

  it('unbinds a code only with a reason, after the confirmation dialog', async () => {
    fakeUi();
    const code = { id: '31', code: 'TAG0000012345', order_id: '11', order_no: 'JC202611210011', item_id: '21', item_name: '冰种翡翠手镯', category_name: '翡翠', bound_at: new Date().toISOString(), bound_by_name: '质检员', unbound_at: null, unbound_by_name: '', state: 'bound' };
    const fetch = stubApi({
      [BATCHES]: noBatch,
      [SCAN]: ok(scanData({ status: 'passed', item_count: 2 }, { items: [item({ result: 'pass', bound_code: 'TAG0000012345' }), item({ id: '22', name: '和田玉吊坠', result: 'pass' })], codes: [code] })),
      [UNBIND]: ok({ binding: code, order_status: 'passed', order_status_text: '检测合格', unbound_items: 2 }),
    });
    renderAt('/warehousing/qualityInspection', route);
    await screen.findByLabelText('运单号或订单号');
    scan('JC202611210011');
    fireEvent.click(await screen.findByRole('button', { name: /^解\s*绑$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('解绑标签码 TAG0000012345')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认解绑' }));
    expect(await within(dialog).findByText('请填写解绑原因')).toBeTruthy();
    expect(bodiesOf(fetch, UNBIND)).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('解绑原因'), { target: { value: '标签损坏' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认解绑' }));
    await waitFor(() => expect(bodiesOf(fetch, UNBIND)).toEqual([{ id: '31', reason: '标签损坏' }]));
  });

  it('ships a bound order with the outbound carrier and waybill', async () => {
    fakeUi();
    const fetch = stubApi({
      [BATCHES]: noBatch,
      [SCAN]: ok(scanData({ status: 'bound' }, { items: [item({ result: 'pass', bound_code: 'TAG0000012345' })] })),
      [SHIP]: ok({ id: '11', status: 'shipped', status_text: '已发货', outbound_carrier: '顺丰速运', outbound_waybill: 'SF9999999999', shipped_at: new Date().toISOString() }),
    });
    renderAt('/warehousing/qualityInspection', route);
    await screen.findByLabelText('运单号或订单号');
    scan('JC202611210011');
    const form = await screen.findByTestId('ship-form');
    fireEvent.change(within(form).getByLabelText('发货运单号'), { target: { value: 'SF9999999999' } });
    fireEvent.click(within(form).getByRole('button', { name: '确认发货' }));
    await waitFor(() => expect(bodiesOf(fetch, SHIP)).toEqual([{ id: '11', carrier: '顺丰速运', waybill: 'SF9999999999' }]));
    expect(screen.queryByTestId('receive')).toBeNull();
  });
});

describe('入仓质检 scan box focus', () => {
  beforeAll(installDomShims);
  beforeEach(signInOwner);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('takes focus back on F2 and when a scanner types while no field has focus, but not on Space', async () => {
    stubApi({ [BATCHES]: noBatch });
    renderAt('/warehousing/qualityInspection', route);
    const input = await screen.findByLabelText('运单号或订单号');
    await waitFor(() => expect(document.activeElement).toBe(input));
    const refresh = document.createElement('button');
    document.body.appendChild(refresh);
    refresh.focus();
    fireEvent.keyDown(refresh, { key: ' ' });
    expect(document.activeElement).toBe(refresh);
    fireEvent.keyDown(refresh, { key: 'S' });
    expect(document.activeElement).toBe(input);
    refresh.focus();
    fireEvent.keyDown(refresh, { key: 'F2' });
    expect(document.activeElement).toBe(input);
    refresh.remove();
  });
});
