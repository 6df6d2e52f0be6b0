import type { BatchRow, IntakeScanData, OrderRow } from '@gemqc/contract';
import { vi } from 'vitest';
import { useUserStore } from '../session/user';
import { setUi, type ConfirmOptions } from '../lib/ui';

export const now = new Date();

export function orderRow(over: Partial<OrderRow> = {}): OrderRow {
  return {
    id: '11',
    order_no: 'JC202611210011',
    platform_order_id: '6921',
    shop_id: '3',
    shop_name: '翠玉轩旗舰店',
    merchant_name: '翠玉轩珠宝',
    centre_id: '1',
    centre_name: '广州番禺检测中心',
    buyer_name: '陈小姐',
    buyer_phone: '138****8000',
    declared_value: 880000,
    inbound_carrier: '顺丰速运',
    inbound_waybill: 'SF1234567890',
    outbound_carrier: '',
    outbound_waybill: '',
    status: 'awaiting_arrival',
    status_text: '待到仓',
    intercept_reason: '',
    item_count: 1,
    item_names: '冰种翡翠手镯',
    category_names: '翡翠',
    fee_total: 0,
    start_time: new Date(now.getTime() - 3600_000).toISOString(),
    ship_deadline: new Date(now.getTime() + 47 * 3600_000).toISOString(),
    overdue: false,
    remaining_seconds: 47 * 3600,
    can_cancel: false,
    can_enter_waybill: false,
    created_at: now.toISOString(),
    ...over,
  };
}

export function batchRow(over: Partial<BatchRow> = {}): BatchRow {
  return {
    id: '5',
    batch_no: 'PC20261122001',
    centre_id: '1',
    centre_name: '广州番禺检测中心',
    operator_id: '7',
    operator_name: '广州番禺检测中心 质检',
    status: 'open',
    status_text: '进行中',
    order_count: 3,
    item_count: 4,
    opened_at: now.toISOString(),
    closed_at: null,
    closed_by_name: '',
    ...over,
  };
}

type Item = IntakeScanData['items'][number];

export function item(over: Partial<Item> = {}): Item {
  return {
    id: '21',
    name: '冰种翡翠手镯',
    category_id: '1',
    category_name: '翡翠',
    unit: 'g',
    quantity: 1,
    weight: 52.3,
    declared_value: 880000,
    result: null,
    result_text: '',
    certificate_no: null,
    bound_code: null,
    inspection_fee: null,
    certificate_fee: null,
    ...over,
  };
}

export function scanData(over: Partial<OrderRow> = {}, rest: Partial<IntakeScanData> = {}): IntakeScanData {
  return {
    order: { ...orderRow(over), buyer_phone_full: '13800138000', buyer_address: '广东省深圳市南山区科技园', remark: '', merchant_id: '12', shipped_at: null, updated_at: now.toISOString(), next_statuses: [], platform_sync: { state: 'none', text: '无需同步', synced_at: null, error: '', waybill: '', attempts: 0 } },
    items: [item()],
    events: [],
    inspections: [],
    certificates: [],
    recordings: [],
    codes: [],
    server_time: now.toISOString(),
    can_receive: false,
    refusal: '',
    refund_notice: '',
    batch: null,
    ...rest,
  };
}

/** Signs in an owner (all permissions) of the warehouse portal. */
export function signInOwner(): void {
  useUserStore.setState({
    user_type: 'qualityInspection',
    userInfo: {
      id: '7',
      user_type: 'qualityInspection',
      name: '广州番禺检测中心 质检',
      mobile: '13900000001',
      avatar: '',
      introduction: '',
      status_id: 1,
      is_owner: true,
      role_id: null,
      permissions: [],
      org_id: '1',
      last_login_at: null,
    },
  });
}

/** Replaces toasts and confirm dialogs; confirm dialogs are accepted at once. */
export function fakeUi() {
  const message = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
  const confirm = vi.fn((o: ConfirmOptions) => void o.onOk?.());
  setUi({ message, confirm });
  return { message, confirm };
}

/** The JSON bodies posted to an API path. */
export function bodiesOf(fetch: { mock: { calls: unknown[][] } }, path: string): unknown[] {
  return fetch.mock.calls
    .filter(([u]) => new URL(String(u), 'http://localhost').pathname === `/api${path}`)
    .map(([, init]) => JSON.parse(String((init as RequestInit | undefined)?.body ?? 'null')) as unknown);
}
