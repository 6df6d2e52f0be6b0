import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { OrderInterception, ReturnContact } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import { InterceptionPanel } from './InterceptionPanel';

const to = (over: Partial<ReturnContact> = {}): ReturnContact => ({
  merchant_name: '翠玉轩珠宝',
  contact: '李经理',
  mobile: '13912345678',
  address: '广东省深圳市罗湖区水贝一路18号',
  method: 'post',
  method_text: '快递寄回',
  ...over,
});
const info = (returnTo: ReturnContact): OrderInterception => ({
  refund_notices: [],
  requests: [],
  return_info: null,
  return_to: returnTo,
  next_step: '订单已拦截，不会发货给买家。',
  next_step_key: 'intercepted',
});
const order = { id: '3', order_no: 'JC202611280004', status: 'intercepted' };

describe('拦截与退回 panel: where the goods go', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the centre sees the merchant’s contact, phone (to call) and 退货地址', async () => {
    stubApi({ '/center/v1/Order/interception': { code: 1000, data: info(to()) } });
    renderAt('/', [{ path: '/', element: <InterceptionPanel portal="base" order={order} /> }]);
    const box = await screen.findByTestId('return-contact');
    expect(box).toHaveTextContent('李经理');
    expect(box).toHaveTextContent('广东省深圳市罗湖区水贝一路18号');
    expect(screen.getByText('13912345678').getAttribute('href')).toBe('tel:13912345678');
  });

  it('a merchant without a 退货地址 is asked for one, with the way to 检测信息', async () => {
    stubApi({ '/merchant/v1/Testing/interception': { code: 1000, data: info(to({ address: '', method: '', method_text: '' })) } });
    renderAt('/', [{ path: '/', element: <InterceptionPanel portal="trader" order={order} /> }]);
    const ask = await screen.findByTestId('return-address-ask');
    expect(ask).toHaveTextContent('您尚未填写退货地址，检测中心无法把拦截的货品寄回给您。');
    expect(screen.getByRole('link', { name: '去「检测信息」填写退货地址' }).getAttribute('href')).toBe('/trader/order/checkInfo');
  });
});
