/**
 * The bell (issue 15): the merchant's header bell shows an interception made by the service centre
 * without a reload (the live stream, polling as fallback), and marking it read is kept.
 */
import { expect, test } from '@playwright/test';
import { api, loginViaApi, sharedApiSession } from '../helpers';

const SLOW = 30_000;

test('the merchant’s bell shows an interception made by the service centre, without a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext()).newPage();
  await loginViaApi(page, 'trader');
  const badge = page.getByTestId('notification-badge');
  await expect(badge).toBeVisible({ timeout: SLOW });
  let navigations = 0;
  page.on('framenavigated', (f) => f === page.mainFrame() && navigations++);

  // an order of 翠玉轩 at the centre, intercepted by the centre's staff through the API
  const base = await sharedApiSession('base');
  const list = await api<{ list: { id: string; order_no: string; merchant_name: string }[] }>('GET', '/center/v1/Order/list?status=received&page=1&page_size=100', { token: base.token });
  const order = list.data.list.filter((r) => r.merchant_name === '翠玉轩珠宝').at(0);
  expect(order, 'the seed has received orders of 翠玉轩 at 广州番禺检测中心').toBeTruthy();
  if (!order) return;
  const r = await api('POST', '/center/v1/Order/intercept', { token: base.token, body: { id: order.id, reason: '铃铛测试：商家来电' } });
  expect(r.code).toBe(1000);

  await page.getByRole('button', { name: '通知' }).click();
  const item = page.getByTestId('notification-item').filter({ hasText: order.order_no });
  await expect(item).toContainText('铃铛测试：商家来电', { timeout: SLOW });
  expect(navigations).toBe(0);
  await item.click();
  await expect(item).toHaveCSS('opacity', '0.6', { timeout: SLOW });
});
