import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { OrderDetail } from '@gemqc/contract';
import { installDomShims, renderAt, stubApi } from '../../../test/utils';
import OrderDetailPage from './OrderDetailPage';

const DETAIL = '/merchant/v1/Testing/orderDetail';
const now = new Date();
const iso = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3600_000).toISOString();

function detail(): OrderDetail {
  return {
    order: {
      id: '1',
      order_no: 'JC202611210001',
      platform_order_id: '6921',
      shop_id: null,
      shop_name: '翠玉轩旗舰店',
      merchant_name: '翠玉轩珠宝',
      centre_id: '1',
      centre_name: '广州番禺检测中心',
      buyer_name: '陈小姐',
      buyer_phone: '138****8000',
      buyer_phone_full: '13800138000',
      buyer_address: '广东省深圳市南山区',
      declared_value: 880000,
      inbound_carrier: '顺丰速运',
      inbound_waybill: 'SF1234567890',
      outbound_carrier: '',
      outbound_waybill: '',
      status: 'passed',
      status_text: '检测合格',
      intercept_reason: '',
      item_count: 2,
      item_names: '冰种翡翠手镯, 和田玉吊坠',
      category_names: '翡翠, 和田玉',
      fee_total: 5000,
      start_time: iso(5),
      ship_deadline: iso(-43),
      overdue: false,
      remaining_seconds: null,
      can_cancel: false,
      can_enter_waybill: false,
      created_at: iso(6),
      remark: '',
      merchant_id: '12',
      shipped_at: null,
      updated_at: iso(1),
      next_statuses: [],
      platform_sync: { state: 'synced', text: '已同步', synced_at: iso(1), error: '', waybill: 'SF1', attempts: 1 },
    },
    items: [
      { id: '11', name: '冰种翡翠手镯', category_id: '1', category_name: '翡翠', unit: 'g', quantity: 1, weight: 35.2, declared_value: 800000, result: 'pass', result_text: '合格', certificate_no: 'ZS0001', bound_code: 'C0001', inspection_fee: 3000, certificate_fee: 2000 },
      { id: '12', name: '和田玉吊坠', category_id: '2', category_name: '和田玉', unit: 'g', quantity: 1, weight: null, declared_value: 80000, result: null, result_text: '', certificate_no: null, bound_code: null, inspection_fee: null, certificate_fee: null },
    ],
    events: [
      { id: 'e1', from_status: null, from_text: '', to_status: 'created', to_text: '待寄件', actor_type: 'merchant', actor_name: '王店长', reason: '', created_at: iso(6) },
      { id: 'e2', from_status: 'received', from_text: '已入仓', to_status: 'passed', to_text: '检测合格', actor_type: 'centre', actor_name: '李质检', reason: '天然翡翠', created_at: iso(1) },
    ],
    inspections: [
      { item_id: '11', inspector_name: '李质检', mass: 35.2, mass_unit: 'g', shape: '圆镯', colour: '浅绿', refractive_index: '1.66', density: '3.33', magnification: '', purity: '', conclusion: '天然翡翠（A货）', result: 'pass', result_text: '合格', remarks: '', photos: [], created_at: iso(1) },
    ],
    certificates: [{ id: 'c1', certificate_no: 'ZS0001', item_id: '11', conclusion: '天然翡翠（A货）', fields: {}, issued_at: iso(1), verify_code: 'V8K2', verify_url: 'http://localhost/verify?code=V8K2' }],
    recordings: [],
    codes: [{ id: 'b1', code: 'C0001', order_id: '1', order_no: 'JC202611210001', item_id: '11', item_name: '冰种翡翠手镯', category_name: '翡翠', bound_at: iso(1), bound_by_name: '李质检', unbound_at: null, unbound_by_name: '', state: 'bound' }],
    server_time: now.toISOString(),
  };
}

describe('订单详情 (merchant)', () => {
  beforeAll(installDomShims);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows items with the merchant texts for results, fees, certificate, codes and the newest event first', async () => {
    stubApi({ [DETAIL]: { code: 1000, data: detail() } });
    renderAt('/trader/order/detail?id=1', [{ path: '/trader/order/detail', element: <OrderDetailPage /> }]);
    expect(await screen.findByText('JC202611210001')).toBeTruthy();

    const items = screen.getByText('商品与检测结果').closest('.ant-card') as HTMLElement;
    const first = within(items).getByText('冰种翡翠手镯').closest('tr') as HTMLElement;
    expect(within(first).getByText('合格')).toBeTruthy();
    expect(within(first).getByText('¥50.00')).toBeTruthy();
    expect(within(first).getByText('35.2 g')).toBeTruthy();
    const second = within(items).getByText('和田玉吊坠').closest('tr') as HTMLElement;
    expect(within(second).getByText('尚未出结果')).toBeTruthy();
    expect(within(items).getByText('证书')).toBeTruthy();
    expect(within(items).getByText(/验证码\s*V8K2/)).toBeTruthy();

    // the inspection's measured fields open under the item (the item without one has no expander)
    const expanders = items.querySelectorAll('.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');
    expect(expanders).toHaveLength(1);
    fireEvent.click(expanders[0]!);
    expect(await within(items).findByText('圆镯')).toBeTruthy();
    expect(within(items).getByText('1.66')).toBeTruthy();

    const codes = screen.getByText('绑码').closest('.ant-card') as HTMLElement;
    expect(within(codes).getByText('已绑定')).toBeTruthy();

    const timeline = screen.getByText('订单进度').closest('.ant-card') as HTMLElement;
    const entries = timeline.querySelectorAll('.ant-timeline-item');
    expect(entries).toHaveLength(2);
    expect(entries[0]!.textContent).toContain('李质检');
    expect(entries[0]!.textContent).toContain('天然翡翠');
    expect(entries[1]!.textContent).toContain('王店长');
  });
});
