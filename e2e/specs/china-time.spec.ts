/**
 * Issue 15 "One time zone": a browser in New York sees the order's times on China's clock, as the
 * warehouse in Guangzhou and the shop platform do.
 */
import { expect, test } from '@playwright/test';
import { createOrderViaApi, loginViaApi } from '../helpers';

test.use({ timezoneId: 'America/New_York' });

/** `YYYY-MM-DD HH:mm` on China's clock, independently of the app's code. */
function chinaMinute(at: Date): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

test('a browser in another time zone shows the order list and detail in China time', async ({ page }) => {
  const s = await loginViaApi(page, 'trader');
  const order = await createOrderViaApi(s.token);
  // the deadline is 48 h after creation, to the millisecond
  const created = new Date(new Date(order.ship_deadline).getTime() - 48 * 3_600_000);
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('America/New_York');

  await page.goto(`/trader/order/list?order_no=${order.order_no}`);
  const row = page.locator('.ant-table-tbody .ant-table-row', { hasText: order.order_no });
  // 下单时间 sits under 列设置 by default (the list fits 1366 px); the countdown's tooltip names the deadline
  await row.getByTestId('countdown').hover();
  await expect(page.getByRole('tooltip')).toContainText(`发货截止：${chinaMinute(new Date(order.ship_deadline))}`);

  await page.goto(`/trader/order/detail?id=${order.id}`);
  await expect(page.getByText(chinaMinute(created)).first()).toBeVisible();
});
