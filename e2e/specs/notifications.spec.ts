/**
 * The bell (issue 15): the merchant's header bell shows an interception made by the service centre
 * without a reload (the live stream, polling as fallback), marking it read is kept, and it leads to
 * the order. The service centre's bell is its banners' work, from the banners' own query.
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
  // it leads to the order, and it is read when the bell opens again
  await expect(page).toHaveURL(new RegExp(`/trader/order/detail\\?id=${order.id}$`), { timeout: SLOW });
  await page.getByRole('button', { name: '通知' }).click();
  await expect(item).toHaveCSS('opacity', '0.6', { timeout: SLOW });
});

type Alerts = { overdue_count: number; intercepted: unknown[]; intercept_requests: unknown[]; refund_notices: unknown[] };

test('the service centre’s bell counts what its banners say, and its overdue line goes where the banner’s does', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await (await browser.newContext()).newPage();
  // the alerts as the page last received them (the banners and the bell share them)
  let last: Alerts | null = null;
  page.on('response', (r) => {
    if (r.url().includes('/center/v1/Order/alerts')) void r.json().then((b: { data: Alerts }) => (last = b.data)).catch(() => undefined);
  });
  await loginViaApi(page, 'base');
  const overdueBanner = page.locator('.centre-banner').filter({ hasText: '个订单已超过发货时限' });
  await expect(overdueBanner, 'the seed has overdue orders at 广州番禺检测中心').toBeVisible({ timeout: SLOW });
  const count = page.getByTestId('notification-badge').locator('sup.ant-badge-count');
  await expect
    .poll(async () => {
      const a = last as Alerts | null;
      return a && Number(await count.getAttribute('title')) === a.overdue_count + a.intercepted.length + a.intercept_requests.length + a.refund_notices.length;
    }, { timeout: SLOW })
    .toBe(true);

  await page.getByRole('button', { name: '通知' }).click();
  const sentence = (await overdueBanner.locator('.center-banner__line span').first().textContent()) ?? '';
  const line = page.locator('.ant-popover').getByTestId('notification-item').filter({ hasText: '个订单已超过发货时限' });
  await expect(line).toHaveText(sentence);
  await line.click();
  await expect(page).toHaveURL(/\/base\/order\/list\?overdue=1$/, { timeout: SLOW });
});
