import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { feedback } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const add = (url: string, token: string | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: token ? t.auth(token) : {} });

describe('feedback', () => {
  it('stores a merchant’s feedback with its merchant', async () => {
    const res = await add('/api/merchant/feedback/add', await t.login('trader', '13800000001'), { content: ' 打印模板希望增加二维码 ', contact: '微信 cuiyu', page_url: '/trader/order/print' });
    expect(res.json()).toMatchObject({ code: 1000, data: { id: expect.any(String) } });
    const row = (await t.database.db.select().from(feedback).where(eq(feedback.id, Number(res.json().data.id))))[0]!;
    expect(row).toMatchObject({ userType: 'trader', content: '打印模板希望增加二维码', contact: '微信 cuiyu', pageUrl: '/trader/order/print' });
    expect(row.merchantId).not.toBeNull();
  });

  it.each([
    ['base', '13700000001'],
    ['qualityInspection', '13900000001'],
    ['manage', '13600000001'],
  ] as const)('accepts %s tokens at /center/feedback/add', async (userType, mobile) => {
    const res = await add('/api/center/feedback/add', await t.login(userType, mobile), { content: '扫码枪偶尔重复录入' });
    expect(res.json().code).toBe(1000);
  });

  it('answers 403 to a merchant token at the centre endpoint and without a token', async () => {
    expect((await add('/api/center/feedback/add', await t.login('trader', '13800000001'), { content: 'x' })).json().code).toBe(403);
    expect((await add('/api/merchant/feedback/add', null, { content: 'x' })).json().code).toBe(403);
  });

  it.each([
    [{}, '请输入反馈内容'],
    [{ content: '   ' }, '请输入反馈内容'],
    [{ content: 'x'.repeat(1001) }, '反馈内容不能超过1000个字'],
    [{ content: 'ok', contact: 'x'.repeat(51) }, '联系方式不能超过50个字'],
    [{ content: 123 }, '请输入反馈内容'],
  ])('refuses %j with 1001 “%s”', async (payload, msg) => {
    expect((await add('/api/merchant/feedback/add', await t.login('trader', '13800000002'), payload)).json()).toMatchObject({ code: 1001, msg });
  });
});
