/**
 * 入仓质检 for a barcode-scanner user: a refused scan never sticks to the next one, the focus goes
 * where the next scan belongs, intake by scan (扫码自动入仓 and the confirming second scan), and the
 * certificate label printed after the bind.
 */
import { savePrinterChoice, savePrinterCopies, savePrinterOffset } from '@gemqc/label-designer';
import certificateLabelJson from '../../../../../server/src/modules/templates/builtin/certificate_label.json';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IntakeScanData } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi, type Answer } from '../../../test/utils';
import { setUi } from '../../../lib/ui';
import { batchRow, bodiesOf, fakeUi, item, now, scanData, signInOwner } from '../../../test/warehouseFixtures';
import { WAREHOUSE_PREFS } from '../prefs';
import QualityInspectionPage from './QualityInspectionPage';

// printing is watched at its two exits: the browser print and C-Lodop's job
const h = vi.hoisted(() => ({
  lodopReady: false,
  printInBrowser: vi.fn(async (_template: unknown, _rows: unknown, _opts?: unknown) => undefined),
  printBatch: vi.fn(async (_template: unknown, _rows: unknown) => ({ ok: true })),
}));
vi.mock('@gemqc/label-designer', async (orig) => ({ ...(await orig<typeof import('@gemqc/label-designer')>()), printInBrowser: h.printInBrowser }));
vi.mock('../../printers', async (orig) => ({
  ...(await orig<typeof import('../../printers')>()),
  useLodop: () => ({
    status: h.lodopReady ? { state: 'ready', lodop: {}, version: '6.6.0.3', url: 'http://localhost:8000/CLodopfuncs.js' } : { state: 'not-installed', message: '', downloadUrl: '', restartUrl: '' },
    printers: [],
    recheck: () => undefined,
  }),
  printService: () => ({ printBatch: h.printBatch }),
}));

const SCAN = '/warehouse/v1/Intake/scan';
const RECEIVE = '/warehouse/v1/Intake/receive';
const BATCHES = '/warehouse/v1/Batch/list';
const SUBMIT = '/warehouse/v1/Inspection/submit';
const BIND = '/warehouse/v1/Code/bind';
const SHIP = '/warehouse/v1/Order/ship';
const TEMPLATE = '/warehouse/v1/Template/default';

const ok = (data: unknown) => ({ code: 1000, data });
const refused = (msg: string) => ({ code: 1001, msg, data: null });
const noBatch = ok({ list: [], total: 0, page: 1, page_size: 1 });
const route = [{ path: '/warehousing/qualityInspection', element: <QualityInspectionPage /> }];

function enter(input: HTMLElement) {
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
  fireEvent.keyUp(input, { key: 'Enter', code: 'Enter', keyCode: 13, charCode: 13 });
}

function scan(value: string) {
  const input = screen.getByLabelText('运单号或订单号');
  fireEvent.change(input, { target: { value } });
  enter(input);
}

/** The whole value of the focused input is selected: what a scanner types next replaces it. */
function expectSelectedAndFocused(input: HTMLElement) {
  const el = input as HTMLInputElement;
  expect(document.activeElement).toBe(el);
  expect([el.selectionStart, el.selectionEnd]).toEqual([0, el.value.length]);
  expect(el.value.length).toBeGreaterThan(0);
}

const cert = (itemId: string, no: string, verify: string) => ({
  id: `c${itemId}`,
  certificate_no: no,
  item_id: itemId,
  conclusion: '翡翠（A货）',
  fields: {},
  issued_at: now.toISOString(),
  verify_code: verify,
  verify_url: `/verify/${verify}`,
});
const inspection = (itemId: string) => ({
  item_id: itemId,
  inspector_name: '张检验',
  mass: 52.36,
  mass_unit: 'g',
  shape: '圆环',
  colour: '浅绿色',
  refractive_index: '1.66',
  density: '3.33',
  magnification: '',
  purity: '',
  conclusion: '翡翠（A货）',
  result: 'pass',
  result_text: '合格',
  remarks: '',
  photos: [],
  created_at: now.toISOString(),
});

/** A passed order of two items; `bound` lists the items already bound (id → code). */
function passedOrder(bound: Record<string, string> = {}): IntakeScanData {
  const ids = ['21', '22'];
  const status = ids.every((i) => bound[i]) ? 'bound' : 'passed';
  return scanData(
    { status, item_count: 2 },
    {
      items: [
        item({ result: 'pass', result_text: '合格', certificate_no: 'GZPY2611220001', bound_code: bound['21'] ?? null }),
        item({ id: '22', name: '和田玉吊坠', category_name: '和田玉', result: 'pass', result_text: '合格', certificate_no: 'GZPY2611220002', bound_code: bound['22'] ?? null }),
      ],
      inspections: ids.map(inspection),
      certificates: [cert('21', 'GZPY2611220001', 'V8K2M9Q4'), cert('22', 'GZPY2611220002', 'W7J3N8P5')],
    },
  );
}

/** What the server answers for a centre without a certificate label: its built-in one. */
const builtinLabel = {
  id: '0', name: '证书标签（70×50mm）', kind: 'certificate_label', version: 0, is_default: true, page_width: 70, page_height: 50, item_count: 9,
  updated_by_name: '系统内置', updated_at: new Date(0).toISOString(), created_at: new Date(0).toISOString(), template: certificateLabelJson,
};

async function openOrder(answers: Record<string, Answer>) {
  const fetch = stubApi(answers);
  renderAt('/warehousing/qualityInspection', route);
  await screen.findByLabelText('运单号或订单号');
  scan('JC202611210011');
  await screen.findByTestId('workbench-order');
  return fetch;
}

describe('入仓质检 with a barcode scanner', () => {
  beforeAll(installDomShims);
  beforeEach(() => {
    signInOwner();
    localStorage.clear();
    h.lodopReady = false;
    h.printInBrowser.mockClear();
    h.printBatch.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setUi(null);
  });

  it('a tag code the server refuses stays selected, so the next scan replaces it instead of being appended', async () => {
    const ui = fakeUi();
    const user = userEvent.setup();
    const answers: Record<string, Answer> = { [BATCHES]: noBatch, [SCAN]: ok(passedOrder()), [BIND]: refused('标签码 T088000001 已绑定到其他物品') };
    const fetch = await openOrder(answers);
    const box = screen.getByLabelText('标签码 冰种翡翠手镯');
    await user.click(box);
    await user.keyboard('T088000001{Enter}');
    await waitFor(() => expect(ui.message.error).toHaveBeenCalledWith('标签码 T088000001 已绑定到其他物品', 3));
    await waitFor(() => expectSelectedAndFocused(box));
    expect((box as HTMLInputElement).value).toBe('T088000001');

    // the scanner types the next tag where the caret is: it replaces the refused one
    answers[BIND] = ok({ binding: { code: 'T099000888' }, order_status: 'passed', order_status_text: '检测合格', unbound_items: 1 });
    await user.keyboard('T099000888{Enter}');
    await waitFor(() => expect(bodiesOf(fetch, BIND)).toEqual([
      { item_id: '21', code: 'T088000001' },
      { item_id: '21', code: 'T099000888' },
    ]));
    // a bound code clears the box
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
  });

  it('a malformed tag code stays selected too, without asking the server', async () => {
    fakeUi();
    const user = userEvent.setup();
    const fetch = await openOrder({ [BATCHES]: noBatch, [SCAN]: ok(passedOrder()) });
    const box = screen.getByLabelText('标签码 冰种翡翠手镯');
    await user.click(box);
    await user.keyboard('T08{Enter}');
    expect(await screen.findByText('标签码为6-32位字母或数字，请重新扫描')).toBeTruthy();
    expectSelectedAndFocused(box);
    await user.keyboard('T077');
    expect((box as HTMLInputElement).value).toBe('T077');
    expect(bodiesOf(fetch, BIND)).toEqual([]);
  });

  it('a malformed scan stays selected in the order scan box; the next scan replaces it', async () => {
    const user = userEvent.setup();
    const fetch = stubApi({ [BATCHES]: noBatch, [SCAN]: ok(scanData({ status: 'received' })) });
    renderAt('/warehousing/qualityInspection', route);
    const input = await screen.findByLabelText('运单号或订单号');
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.keyboard('SF12*{Enter}');
    expect(await screen.findByText('运单号/订单号只能包含字母、数字和-')).toBeTruthy();
    expectSelectedAndFocused(input);
    await user.keyboard('JC202611210011{Enter}');
    await waitFor(() => expect(bodiesOf(fetch, SCAN)).toEqual([{ code: 'JC202611210011' }]));
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('a ship waybill the server refuses stays selected for the next scan', async () => {
    const ui = fakeUi();
    const user = userEvent.setup();
    const answers: Record<string, Answer> = {
      [BATCHES]: noBatch,
      [SCAN]: ok(scanData({ status: 'bound' }, { items: [item({ result: 'pass', bound_code: 'TAG0000012345' })] })),
      [SHIP]: refused('发货运单号 SF1111111111 已被其他订单使用'),
    };
    const fetch = await openOrder(answers);
    const waybill = within(screen.getByTestId('ship-form')).getByLabelText('发货运单号');
    await user.click(waybill);
    await user.keyboard('SF1111111111{Enter}');
    await waitFor(() => expect(ui.message.error).toHaveBeenCalledWith('发货运单号 SF1111111111 已被其他订单使用', 3));
    await waitFor(() => expectSelectedAndFocused(waybill));
    answers[SHIP] = ok({ id: '11', status: 'shipped', status_text: '已发货', outbound_carrier: '顺丰速运', outbound_waybill: 'SF2222222222', shipped_at: now.toISOString() });
    await user.keyboard('SF2222222222{Enter}');
    await waitFor(() => expect(bodiesOf(fetch, SHIP)).toEqual([
      { id: '11', carrier: '顺丰速运', waybill: 'SF1111111111' },
      { id: '11', carrier: '顺丰速运', waybill: 'SF2222222222' },
    ]));
  });

  it('a malformed ship waybill is selected as well', async () => {
    fakeUi();
    const user = userEvent.setup();
    const fetch = await openOrder({ [BATCHES]: noBatch, [SCAN]: ok(scanData({ status: 'bound' }, { items: [item({ result: 'pass', bound_code: 'TAG0000012345' })] })) });
    const waybill = within(screen.getByTestId('ship-form')).getByLabelText('发货运单号');
    await user.click(waybill);
    await user.keyboard('SF1{Enter}');
    expect(await screen.findByText('发货运单号为6-32位字母或数字')).toBeTruthy();
    await waitFor(() => expectSelectedAndFocused(waybill));
    expect(bodiesOf(fetch, SHIP)).toEqual([]);
  });

  it("the last passed result sends the focus to that item's 绑码 box; a bind to the next one; the last bind to the scan box", async () => {
    fakeUi();
    const submitted = (orderStatus: string, pending: number) =>
      ok({ item_id: '22', order_id: '11', order_no: 'JC202611210011', order_status: orderStatus, order_status_text: '', inspection: inspection('22'), certificate: cert('22', 'GZPY2611220002', 'W7J3N8P5'), charged: 0, merchant_balance: 0, pending_items: pending });
    const answers: Record<string, Answer> = {
      [BATCHES]: noBatch,
      [SCAN]: ok(scanData({ status: 'inspecting', item_count: 2 }, { items: [item({ result: 'pass', certificate_no: 'GZPY2611220001' }), item({ id: '22', name: '和田玉吊坠' })] })),
      [SUBMIT]: submitted('passed', 0),
    };
    await openOrder(answers);
    // no 绑码 box while the order is still inspecting (the server would refuse the bind)
    expect(screen.queryByLabelText('标签码 冰种翡翠手镯')).toBeNull();
    const form = screen.getByTestId('inspection-form-22');
    fireEvent.change(within(form).getByLabelText('检测结论'), { target: { value: '和田玉' } });
    fireEvent.click(within(form).getByText('合格'));
    // the order reloads passed: the 绑码 boxes appear and the one of the item just saved takes the focus
    answers[SCAN] = ok(passedOrder());
    fireEvent.click(within(form).getByText('提交结果').closest('button')!);
    const box22 = await screen.findByLabelText('标签码 和田玉吊坠');
    await waitFor(() => expect(document.activeElement).toBe(box22));

    // a bind moves on to the box still empty, the last one to the scan box
    const box21 = screen.getByLabelText('标签码 冰种翡翠手镯');
    answers[BIND] = ok({ binding: { code: 'TAG0000000022' }, order_status: 'passed', order_status_text: '检测合格', unbound_items: 1 });
    answers[SCAN] = ok(passedOrder({ '22': 'TAG0000000022' }));
    fireEvent.change(box22, { target: { value: 'TAG0000000022' } });
    enter(box22);
    await waitFor(() => expect(document.activeElement).toBe(box21));
    answers[BIND] = ok({ binding: { code: 'TAG0000000021' }, order_status: 'bound', order_status_text: '已绑码', unbound_items: 0 });
    answers[SCAN] = ok(passedOrder({ '21': 'TAG0000000021', '22': 'TAG0000000022' }));
    fireEvent.change(box21, { target: { value: 'TAG0000000021' } });
    enter(box21);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('运单号或订单号')));
  });

  it('a passed result while other items wait for theirs sends the focus back to the scan box', async () => {
    fakeUi();
    const answers: Record<string, Answer> = {
      [BATCHES]: noBatch,
      [SCAN]: ok(scanData({ status: 'received', item_count: 2 }, { items: [item(), item({ id: '22', name: '和田玉吊坠' })] })),
      [SUBMIT]: ok({ item_id: '21', order_id: '11', order_no: 'JC202611210011', order_status: 'inspecting', order_status_text: '检测中', inspection: inspection('21'), certificate: cert('21', 'GZPY2611220001', 'V8K2M9Q4'), charged: 0, merchant_balance: 0, pending_items: 1 }),
    };
    const fetch = await openOrder(answers);
    const form = screen.getByTestId('inspection-form-21');
    fireEvent.change(within(form).getByLabelText('检测结论'), { target: { value: '翡翠（A货）' } });
    fireEvent.click(within(form).getByText('合格'));
    within(form).getByText('提交结果').closest('button')!.focus();
    fireEvent.click(within(form).getByText('提交结果').closest('button')!);
    await waitFor(() => expect(bodiesOf(fetch, SUBMIT).length).toBe(1));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('运单号或订单号')));
  });

  it('a failed result sends the focus back to the scan box (no tag to bind)', async () => {
    fakeUi();
    const answers: Record<string, Answer> = {
      [BATCHES]: noBatch,
      [SCAN]: ok(scanData({ status: 'received' })),
      [SUBMIT]: ok({ item_id: '21', order_id: '11', order_no: 'JC202611210011', order_status: 'failed', order_status_text: '检测不合格', inspection: { ...inspection('21'), result: 'fail', result_text: '不合格' }, certificate: null, charged: 0, merchant_balance: 0, pending_items: 0 }),
    };
    const fetch = await openOrder(answers);
    const form = screen.getByTestId('inspection-form-21');
    fireEvent.change(within(form).getByLabelText('检测结论'), { target: { value: '玻璃' } });
    fireEvent.click(within(form).getByText('不合格'));
    within(form).getByText('提交结果').closest('button')!.focus();
    fireEvent.click(within(form).getByText('提交结果').closest('button')!);
    await waitFor(() => expect(bodiesOf(fetch, SUBMIT).length).toBe(1));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('运单号或订单号')));
  });

  it('without 扫码自动入仓 a scan shows the order; scanning the same order again receives it', async () => {
    const ui = fakeUi();
    const fetch = stubApi({ [BATCHES]: noBatch, [SCAN]: ok(scanData({}, { can_receive: true })), [RECEIVE]: ok({ order: { id: '11' }, batch: batchRow() }) });
    renderAt('/warehousing/qualityInspection', route);
    await screen.findByLabelText('运单号或订单号');
    expect((screen.getByTestId('auto-receive') as HTMLElement).getAttribute('aria-checked')).toBe('false');
    scan('SF1234567890');
    expect(await screen.findByTestId('receive')).toBeTruthy();
    await waitFor(() => expect(bodiesOf(fetch, SCAN).length).toBe(1));
    expect(bodiesOf(fetch, RECEIVE)).toEqual([]);
    // the parcel's order sheet (its order no) scanned: the second scan confirms
    scan('jc202611210011');
    await waitFor(() => expect(bodiesOf(fetch, RECEIVE)).toEqual([{ id: '11' }]));
    await waitFor(() => expect(ui.message.success).toHaveBeenCalledWith('订单 JC202611210011 已入仓，加入批次 PC20261122001'));
    expect(bodiesOf(fetch, SCAN).length).toBeGreaterThanOrEqual(1);
  });

  it('with 扫码自动入仓 on (remembered) a scanned order that can be received is received at once', async () => {
    const ui = fakeUi();
    const answers: Record<string, Answer> = { [BATCHES]: noBatch, [SCAN]: ok(scanData({}, { can_receive: true })), [RECEIVE]: ok({ order: { id: '11' }, batch: batchRow() }) };
    const fetch = stubApi(answers);
    const view = renderAt('/warehousing/qualityInspection', route);
    fireEvent.click(await screen.findByText('扫码自动入仓'));
    expect(localStorage.getItem(WAREHOUSE_PREFS.autoReceive)).toBe('1');
    view.unmount();
    // a new visit: the switch is still on
    renderAt('/warehousing/qualityInspection', route);
    await waitFor(() => expect(screen.getByTestId('auto-receive').getAttribute('aria-checked')).toBe('true'));
    scan('SF1234567890');
    await waitFor(() => expect(bodiesOf(fetch, RECEIVE)).toEqual([{ id: '11' }]));
    await waitFor(() => expect(ui.message.success).toHaveBeenCalledWith('订单 JC202611210011 已入仓，加入批次 PC20261122001'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('运单号或订单号')));

    // an order that cannot be received is only shown
    answers[SCAN] = ok(scanData({ id: '12', order_no: 'JC202611210012', status: 'received' }, { can_receive: false }));
    scan('JC202611210012');
    await waitFor(() => expect(bodiesOf(fetch, SCAN)).toContainEqual({ code: 'JC202611210012' }));
    await screen.findByRole('heading', { name: 'JC202611210012' });
    expect(bodiesOf(fetch, RECEIVE)).toEqual([{ id: '11' }]);
  });
});

describe('入仓质检 certificate labels', () => {
  beforeAll(installDomShims);
  beforeEach(() => {
    signInOwner();
    localStorage.clear();
    h.lodopReady = false;
    h.printInBrowser.mockClear();
    h.printBatch.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setUi(null);
  });

  const rowsOf = (m: typeof h.printInBrowser | typeof h.printBatch, call = 0) => m.mock.calls[call]![1] as Record<string, unknown>[];
  const templateOf = (m: typeof h.printInBrowser | typeof h.printBatch, call = 0) => m.mock.calls[call]![0] as { title: string };

  it("offers 打印标签 only for bound items and prints the item with the server's built-in label, calibrated and in the copies of the label printer", async () => {
    savePrinterChoice('base_printer', { id: 0, name: 'Zebra ZD420' });
    savePrinterOffset('base_printer', { top: 1.2, left: -0.8 });
    savePrinterCopies('base_printer', 2);
    await openOrder({ [BATCHES]: noBatch, [SCAN]: ok(passedOrder({ '21': 'TAG0000000021' })), [TEMPLATE]: ok(builtinLabel) });
    expect(screen.queryByTestId('print-label-22')).toBeNull();
    expect(screen.getByTestId('print-labels').textContent).toContain('打印全部标签（1）');
    fireEvent.click(screen.getByTestId('print-label-21'));
    await waitFor(() => expect(h.printInBrowser).toHaveBeenCalledTimes(1));
    expect(templateOf(h.printInBrowser).title).toBe('证书标签 70×50');
    // the same calibration and copies a C-Lodop job on that printer gets
    expect(h.printInBrowser.mock.calls[0]?.[2]).toEqual({ offset: { top: 1.2, left: -0.8 }, copies: 2 });
    expect(rowsOf(h.printInBrowser)).toEqual([
      expect.objectContaining({
        certificateNo: 'GZPY2611220001',
        orderNo: 'JC202611210011',
        itemName: '冰种翡翠手镯',
        conclusion: '翡翠（A货）',
        mass: '52.36g',
        resultText: '合格',
        inspectorName: '张检验',
        verifyCode: 'V8K2M9Q4',
        verifyUrl: `${window.location.origin}/verify/V8K2M9Q4`,
        tagCode: 'TAG0000000021',
        merchantName: '翠玉轩珠宝',
        centreName: '广州番禺检测中心',
      }),
    ]);
  });

  it("prints every bound item of the order with the centre's default certificate_label template through C-Lodop when it runs", async () => {
    const ui = fakeUi();
    h.lodopReady = true;
    const mine = { ...(await import('../../../../../server/src/modules/templates/builtin/certificate_label.json')).default, title: '本中心证书标签' };
    await openOrder({
      [BATCHES]: noBatch,
      [SCAN]: ok(passedOrder({ '21': 'TAG0000000021', '22': 'TAG0000000022' })),
      [TEMPLATE]: ok({ id: '9', name: '本中心证书标签', kind: 'certificate_label', version: 1, is_default: true, page_width: 70, page_height: 50, item_count: 9, updated_by_name: '', updated_at: now.toISOString(), created_at: now.toISOString(), template: mine }),
    });
    const all = screen.getByTestId('print-labels');
    expect(all.textContent).toContain('打印全部标签（2）');
    // the template query may still be on its way: the print waits for it
    fireEvent.click(all);
    await waitFor(() => expect(h.printBatch).toHaveBeenCalledTimes(1));
    expect(templateOf(h.printBatch).title).toBe('本中心证书标签');
    expect(rowsOf(h.printBatch).map((r) => [r.itemName, r.tagCode, r.certificateNo])).toEqual([
      ['冰种翡翠手镯', 'TAG0000000021', 'GZPY2611220001'],
      ['和田玉吊坠', 'TAG0000000022', 'GZPY2611220002'],
    ]);
    expect(h.printInBrowser).not.toHaveBeenCalled();
    await waitFor(() => expect(ui.message.success).toHaveBeenCalledWith('已发送 2 张标签到打印机'));
  });

  it('with 绑码后自动打印 on, the label of a just bound item prints with its new tag code', async () => {
    fakeUi();
    localStorage.setItem(WAREHOUSE_PREFS.autoPrintLabel, '1');
    const answers: Record<string, Answer> = { [BATCHES]: noBatch, [SCAN]: ok(passedOrder()), [TEMPLATE]: ok(builtinLabel) };
    await openOrder(answers);
    expect(screen.getByTestId('auto-print').getAttribute('aria-checked')).toBe('true');
    answers[BIND] = ok({ binding: { code: 'TAG0000000021' }, order_status: 'passed', order_status_text: '检测合格', unbound_items: 1 });
    const box = screen.getByLabelText('标签码 冰种翡翠手镯');
    fireEvent.change(box, { target: { value: 'tag0000000021' } });
    enter(box);
    await waitFor(() => expect(h.printInBrowser).toHaveBeenCalledTimes(1));
    expect(rowsOf(h.printInBrowser)).toEqual([expect.objectContaining({ itemName: '冰种翡翠手镯', tagCode: 'TAG0000000021', certificateNo: 'GZPY2611220001' })]);
  });

  it('prints nothing after a bind while 绑码后自动打印 is off', async () => {
    fakeUi();
    const answers: Record<string, Answer> = { [BATCHES]: noBatch, [SCAN]: ok(passedOrder()) };
    const fetch = await openOrder(answers);
    answers[BIND] = ok({ binding: { code: 'TAG0000000021' }, order_status: 'passed', order_status_text: '检测合格', unbound_items: 1 });
    const box = screen.getByLabelText('标签码 冰种翡翠手镯');
    fireEvent.change(box, { target: { value: 'TAG0000000021' } });
    enter(box);
    await waitFor(() => expect(bodiesOf(fetch, BIND).length).toBe(1));
    await new Promise((r) => setTimeout(r, 200));
    expect(h.printInBrowser).not.toHaveBeenCalled();
  });
});
