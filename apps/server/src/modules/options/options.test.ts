import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatuses } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('select options', () => {
  it.each([
    ['trader', '13800000001', '/api/merchant/v1/Common/options'],
    ['base', '13700000001', '/api/center/v1/Common/options'],
    ['qualityInspection', '13900000001', '/api/center/v1/Common/options'],
    ['manage', '13600000001', '/api/admin/v1/Common/options'],
  ] as const)('gives %s the centres, gem categories and order statuses', async (userType, mobile, url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: t.auth(await t.login(userType, mobile)) });
    const data = res.json().data;
    expect(res.json().code).toBe(1000);
    expect(data.centers.map((c: { label: string }) => c.label)).toEqual(['广州番禺检测中心', '深圳水贝检测中心']);
    expect(data.gem_categories).toHaveLength(10);
    expect(data.gem_categories[0]).toEqual({ label: '翡翠', value: 'FC' });
    expect(data.order_statuses).toEqual(orderStatuses.map((s) => ({ label: s.label, value: s.value })));
  });

  it('answers 403 to another portal and without a token', async () => {
    const trader = await t.login('trader', '13800000001');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/v1/Common/options', headers: t.auth(trader) })).json().code).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/merchant/v1/Common/options' })).json().code).toBe(403);
  });
});
