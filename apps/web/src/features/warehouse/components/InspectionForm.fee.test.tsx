import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { FeeQuoteData, IntakeScanData } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import { setUi, type ConfirmOptions } from '../../../lib/ui';
import { bodiesOf, item, signInOwner } from '../../../test/warehouseFixtures';
import { InspectionForm } from './InspectionForm';

const SUBMIT = '/warehouse/v1/Inspection/submit';
const AMEND = '/warehouse/v1/Inspection/amend';
const QUOTE = '/warehouse/v1/Inspection/feeQuote';
type Inspection = IntakeScanData['inspections'][number];

const line = (type: string, type_text: string, amount: number) => ({ type, type_text, amount });
const submitQuote: FeeQuoteData = {
  item_id: '21',
  inspection_fee: 3000,
  certificate_fee: 2000,
  quotes: [
    { result: 'pass', lines: [line('INSPECTION', '检测费', -3000), line('CERTIFICATE', '证书费', -2000)], net: 5000 },
    { result: 'fail', lines: [line('INSPECTION', '检测费', -3000)], net: 3000 },
    { result: 'unable', lines: [line('INSPECTION', '检测费', -3000)], net: 3000 },
  ],
};
const amendQuote: FeeQuoteData = {
  ...submitQuote,
  quotes: [
    { result: 'pass', lines: [], net: 0 },
    { result: 'fail', lines: [line('REVERSAL', '冲正', 3000), line('REVERSAL', '冲正', 2000), line('INSPECTION', '检测费', -3000)], net: -2000 },
    { result: 'unable', lines: [line('REVERSAL', '冲正', 3000), line('REVERSAL', '冲正', 2000), line('INSPECTION', '检测费', -3000)], net: -2000 },
  ],
};

const passed: Inspection = {
  item_id: '21',
  inspector_name: '李质检',
  mass: 52.3,
  mass_unit: 'g',
  shape: '圆镯',
  colour: '浅绿',
  refractive_index: '',
  density: '',
  magnification: '',
  purity: '',
  conclusion: '翡翠（A货）',
  result: 'pass',
  result_text: '合格',
  remarks: '',
  photos: [],
  photo_urls: [],
  created_at: new Date().toISOString(),
};

/** Toasts recorded; confirm dialogs held open until the test answers them. */
function heldUi() {
  const message = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
  const confirm = vi.fn((_o: ConfirmOptions) => undefined);
  setUi({ message, confirm });
  return { message, confirm, last: () => confirm.mock.calls.at(-1)![0] };
}

const submitButton = (name: string) => screen.getByRole('button', { name });
const feeText = () => screen.getByTestId('fee-quote-21').textContent;

describe('InspectionForm: the fee saving books, asked once', () => {
  beforeAll(installDomShims);
  beforeEach(signInOwner);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setUi(null);
  });

  it('shows the fee of the picked result and sends only after one confirmation that states the amount', async () => {
    const ui = heldUi();
    const fetch = stubApi({ [QUOTE]: { code: 1000, data: submitQuote }, [SUBMIT]: { code: 1000, data: { charged: 5000, pending_items: 0, order_status: 'passed' } } });
    renderAt('/w', [{ path: '/w', element: <InspectionForm item={item()} inspection={undefined} onDone={() => undefined} /> }]);

    expect(feeText()).toBe('选择检测结果后显示本次费用');
    fireEvent.click(screen.getByRole('radio', { name: '合格' }));
    await waitFor(() => expect(feeText()).toBe('保存将向商户收取 ¥50.00（检测费 ¥30.00，证书费 ¥20.00）'));
    fireEvent.click(screen.getByRole('radio', { name: '不合格' }));
    await waitFor(() => expect(feeText()).toBe('保存将向商户收取 ¥30.00（检测费 ¥30.00）'));
    expect(new URL(String(fetch.mock.calls.find(([u]) => String(u).includes(QUOTE))![0]), 'http://x').searchParams.get('mode')).toBe('submit');

    fireEvent.click(screen.getByRole('radio', { name: '合格' }));
    fireEvent.change(screen.getByLabelText('检测结论'), { target: { value: '翡翠（A货）' } });
    fireEvent.click(submitButton('提交结果'));
    await waitFor(() => expect(ui.confirm).toHaveBeenCalledTimes(1));
    expect(ui.last()).toMatchObject({ title: '确认提交「冰种翡翠手镯」的检测结果：合格？', content: '保存将向商户收取 ¥50.00（检测费 ¥30.00，证书费 ¥20.00）' });
    // nothing is sent while the dialog is open, and pressing again does not ask twice
    fireEvent.click(submitButton('提交结果'));
    await new Promise((r) => setTimeout(r, 50));
    expect(ui.confirm).toHaveBeenCalledTimes(1);
    expect(bodiesOf(fetch, SUBMIT)).toEqual([]);

    ui.last().onOk?.();
    await waitFor(() => expect(bodiesOf(fetch, SUBMIT)).toHaveLength(1));
    expect(bodiesOf(fetch, SUBMIT)[0]).toMatchObject({ item_id: '21', result: 'pass', conclusion: '翡翠（A货）' });
    await waitFor(() => expect(ui.message.success).toHaveBeenCalledWith('已保存「冰种翡翠手镯」的检测结果，已扣检测费 ¥50.00'));
  });

  it('a cancelled confirmation sends nothing and the next press asks again', async () => {
    const ui = heldUi();
    const fetch = stubApi({ [QUOTE]: { code: 1000, data: submitQuote } });
    renderAt('/w', [{ path: '/w', element: <InspectionForm item={item()} inspection={undefined} onDone={() => undefined} /> }]);
    fireEvent.click(screen.getByRole('radio', { name: '不合格' }));
    fireEvent.change(screen.getByLabelText('检测结论'), { target: { value: '翡翠（B货）' } });
    fireEvent.click(submitButton('提交结果'));
    await waitFor(() => expect(ui.confirm).toHaveBeenCalledTimes(1));
    ui.last().onCancel?.();
    fireEvent.click(submitButton('提交结果'));
    await waitFor(() => expect(ui.confirm).toHaveBeenCalledTimes(2));
    expect(bodiesOf(fetch, SUBMIT)).toEqual([]);
  });

  it('says why the fee cannot be worked out (no fee rule) instead of a number', async () => {
    heldUi();
    stubApi({ [QUOTE]: { code: 1001, msg: '检测中心尚未配置「翡翠」的检测费，请先在检测费配置中设置', data: null } });
    renderAt('/w', [{ path: '/w', element: <InspectionForm item={item()} inspection={undefined} onDone={() => undefined} /> }]);
    fireEvent.click(screen.getByRole('radio', { name: '合格' }));
    await waitFor(() => expect(feeText()).toBe('费用暂无法预估：检测中心尚未配置「翡翠」的检测费，请先在检测费配置中设置'));
  });

  it('amend: asks for a reason, shows the reversal and the new charge, and sends the reason with one key per opened form', async () => {
    const ui = heldUi();
    const fetch = stubApi({
      [QUOTE]: { code: 1000, data: amendQuote },
      [AMEND]: { code: 1001, msg: '商户余额不足，请联系商户充值后再修改', data: null },
    });
    renderAt('/w', [{ path: '/w', element: <InspectionForm mode="amend" item={item({ result: 'pass' })} inspection={passed} onDone={() => undefined} /> }]);
    await waitFor(() => expect(feeText()).toBe('保存不产生费用'));
    expect(screen.queryByText('照片')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: '不合格' }));
    await waitFor(() => expect(feeText()).toBe('保存将退还商户 ¥20.00（冲正 +¥30.00，冲正 +¥20.00，检测费 ¥30.00）'));
    expect(new URL(String(fetch.mock.calls.find(([u]) => String(u).includes(QUOTE))![0]), 'http://x').searchParams.get('mode')).toBe('amend');

    // no reason: refused by the form, nothing asked
    fireEvent.click(submitButton('提交修改'));
    await waitFor(() => expect(screen.getByText('请填写修改原因（至少2个字）')).toBeTruthy());
    expect(ui.confirm).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('修改原因'), { target: { value: '复检发现充胶痕迹' } });
    fireEvent.click(submitButton('提交修改'));
    await waitFor(() => expect(ui.confirm).toHaveBeenCalledTimes(1));
    expect(ui.last()).toMatchObject({ title: '确认将「冰种翡翠手镯」的检测结果修改为：不合格？', content: '保存将退还商户 ¥20.00（冲正 +¥30.00，冲正 +¥20.00，检测费 ¥30.00）' });
    ui.last().onOk?.();
    await waitFor(() => expect(bodiesOf(fetch, AMEND)).toHaveLength(1));
    await waitFor(() => expect(ui.message.error).toHaveBeenCalledWith('商户余额不足，请联系商户充值后再修改', 3));

    // a retry of the same form sends the same key (the server books an amendment once)
    fireEvent.click(submitButton('提交修改'));
    await waitFor(() => expect(ui.confirm).toHaveBeenCalledTimes(2));
    ui.last().onOk?.();
    await waitFor(() => expect(bodiesOf(fetch, AMEND)).toHaveLength(2));
    const [a, b] = bodiesOf(fetch, AMEND) as { idempotency_key: string; reason: string; result: string; photos?: unknown }[];
    expect(a).toMatchObject({ item_id: '21', result: 'fail', reason: '复检发现充胶痕迹' });
    expect(a!.idempotency_key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(b!.idempotency_key).toBe(a!.idempotency_key);
    expect(a!.photos).toBeUndefined();
  });
});
