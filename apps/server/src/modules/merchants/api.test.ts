import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, feesApi, merchantsApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let admin: ReturnType<typeof caller>;
let cuiyu: ReturnType<typeof caller>;
let jinfuId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, await t.login('manage', '13600000001'));
  cuiyu = caller(t, await t.login('trader', '13800000001'));
  jinfuId = (await admin.call(merchantsApi.list, { keyword: '13800000002' })).data.list[0]!.id;
});
afterAll(async () => t.close());

describe('admin: /admin/v1/Merchant/list', () => {
  it('lists merchants with balance, auth status and order counts', async () => {
    const a = await admin.call(merchantsApi.list);
    expect(a.data.total).toBe(3);
    const c = a.data.list.find((m) => m.mobile === '13800000001')!;
    expect(c).toMatchObject({ name: '翠玉轩珠宝', balance: 50000, auth_status_id: 1, order_count: 200, status_id: 1 });
    expect(a.data.list.find((m) => m.mobile === '13800000003')).toMatchObject({ auth_status_id: -1, auth_status_text: '未提交' });
  });

  it('filters by keyword, status and auth status', async () => {
    expect((await admin.call(merchantsApi.list, { keyword: '翠玉' })).data.list.map((m) => m.name)).toEqual(['翠玉轩珠宝']);
    expect((await admin.call(merchantsApi.list, { auth_status_id: -1 })).data.list.map((m) => m.mobile)).toEqual(['13800000003']);
    expect((await admin.call(merchantsApi.list, { status_id: 0 })).data.total).toBe(0);
    expect((await admin.call(merchantsApi.list, { status_id: 5 })).msg).toBe('状态只能是0（禁用）或1（启用）');
  });

  it('is for managers only', async () => {
    expect((await cuiyu.call(merchantsApi.list)).code).toBe(403);
  });
});

describe('admin: /admin/v1/Merchant/topUp', () => {
  it('tops up once per idempotency key; the merchant sees the entry and the new balance', async () => {
    const body = { id: jinfuId, amount: 100000, idempotency_key: 'topup-test-000001', note: '对公转账' };
    const a = await admin.call(merchantsApi.topUp, body);
    const b = await admin.call(merchantsApi.topUp, body);
    expect(a.data.duplicate).toBe(false);
    expect(b.data).toEqual({ ...a.data, duplicate: true });
    const jinfu = caller(t, await t.login('trader', '13800000002'));
    const l = await jinfu.call(feesApi.ledger, { type: 'TOP_UP' });
    expect(l.data.balance).toBe(a.data.balance);
    expect(l.data.list[0]).toMatchObject({ amount: 100000, note: '对公转账', operator_name: '平台管理员' });
  });

  it('refuses bad amounts and keys, and an unknown merchant', async () => {
    expect((await admin.call(merchantsApi.topUp, { id: jinfuId, amount: 0, idempotency_key: 'topup-test-000002' })).msg).toBe('充值金额必须大于0');
    expect((await admin.call(merchantsApi.topUp, { id: jinfuId, amount: 10.5, idempotency_key: 'topup-test-000002' })).msg).toBe('充值金额以分为单位，必须是整数');
    expect((await admin.call(merchantsApi.topUp, { id: jinfuId, amount: 100 })).msg).toBe('缺少请求编号，请刷新页面后重试');
    expect((await admin.call(merchantsApi.topUp, { id: '999999', amount: 100, idempotency_key: 'topup-test-000003' })).code).toBe(1004);
  });
});

describe('admin: /admin/v1/Merchant/status', () => {
  it('disables a merchant (its sessions end) and enables it again', async () => {
    const jinfuToken = await t.login('trader', '13800000002');
    const off = await admin.call(merchantsApi.status, { id: jinfuId, status_id: 0 });
    expect(off.data).toEqual({ id: jinfuId, status_id: 0 });
    expect((await caller(t, jinfuToken).call(authApi.merchant.info)).code).toBe(403);
    expect((await admin.call(merchantsApi.status, { id: jinfuId, status_id: 1 })).data.status_id).toBe(1);
    expect((await admin.call(merchantsApi.status, { id: '999999', status_id: 1 })).code).toBe(1004);
    expect((await admin.call(merchantsApi.status, { id: jinfuId })).code).toBe(1001);
  });
});
