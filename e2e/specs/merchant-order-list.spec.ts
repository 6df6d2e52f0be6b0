/**
 * Issue 3 end-to-end, 检测管理 as 翠玉轩珠宝: enter a waybill from the list (待寄出 → 待到仓), find an
 * order in the list with its ticking ship countdown, open its detail with the timeline. Every test
 * makes its own order through the API, so the tests stay independent.
 */
import { expect, test, type Page } from '@playwright/test';
import { createOrderViaApi, enterWaybillViaApi, loginViaApi, toast, uniqueSuffix } from '../helpers';

function orderRow(page: Page, orderNo: string) {
  return page.locator('.ant-table-tbody .ant-table-row', { hasText: orderNo });
}

test('entering the waybill from the list moves the order to 待到仓', async ({ page }) => {
  const s = await loginViaApi(page, 'trader');
  const order = await createOrderViaApi(s.token);
  await page.goto(`/trader/order/list?order_no=${order.order_no}`);
  const row = orderRow(page, order.order_no);
  await expect(row).toHaveCount(1);
  await expect(row.locator('.ant-tag')).toHaveText('待寄出');

  await row.getByRole('button', { name: '填写运单' }).click();
  const modal = page.getByRole('dialog', { name: `填写寄仓运单 — ${order.order_no}` });
  await expect(modal).toBeVisible();
  await expect(modal.getByLabel('快递公司')).toHaveValue('顺丰速运');
  const waybill = `SF${uniqueSuffix()}`;
  await modal.getByLabel('寄仓运单号').fill(waybill);
  await modal.getByRole('button', { name: /^确\s?定$/ }).click();

  await expect(toast(page, '运单已保存')).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(row.locator('.ant-tag')).toHaveText('待到仓');
  await expect(row).toContainText(waybill);
  await expect(row).toContainText('顺丰速运');
  // the waybill is entered once: the action is gone, cancelling is still offered
  await expect(row.getByRole('button', { name: /填写运单|修改运单/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '取消订单' })).toBeVisible();
});

test('a new order is found in the list by its number and its ship countdown ticks', async ({ page }) => {
  const s = await loginViaApi(page, 'trader');
  const order = await createOrderViaApi(s.token);
  await page.goto('/trader/order/list');
  await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();

  // Search as a scanner would: the order number and Enter.
  const orderNoField = page.getByRole('textbox', { name: /^订单号\s*:?$/ });
  await orderNoField.fill(order.order_no);
  await orderNoField.press('Enter');
  await expect(page).toHaveURL(new RegExp(`order_no=${order.order_no}`));
  const row = orderRow(page, order.order_no);
  await expect(row).toHaveCount(1);
  await expect(page.locator('.ant-table-tbody .ant-table-row')).toHaveCount(1);

  const countdown = row.getByTestId('countdown');
  // A fresh order: 48 h from now, shown as HH:MM:SS with hours not capped at 24.
  await expect(countdown).toHaveText(/^4[78]:\d{2}:\d{2}$/);
  const first = await countdown.innerText();
  await expect.poll(() => countdown.innerText(), { timeout: 3_000, intervals: [200] }).not.toBe(first);
  // counting down, not up
  const toSeconds = (t: string) => t.split(':').map(Number).reduce((a, b) => a * 60 + b, 0);
  expect(toSeconds(await countdown.innerText())).toBeLessThan(toSeconds(first));
});

test('the detail page of an order shows its timeline of events', async ({ page }) => {
  const s = await loginViaApi(page, 'trader');
  const order = await createOrderViaApi(s.token, { remark: 'e2e 详情' });
  const waybill = `YT${uniqueSuffix()}`;
  await enterWaybillViaApi(s.token, order.id, waybill, '圆通速递');

  await page.goto(`/trader/order/list?order_no=${order.order_no}`);
  const row = orderRow(page, order.order_no);
  await row.getByRole('link', { name: order.order_no }).click();
  await expect(page).toHaveURL(new RegExp(`/trader/order/detail\\?id=${order.id}$`));
  await expect(page.getByRole('heading', { name: order.order_no })).toBeVisible();
  await expect(page.locator('.merchant-toolbar .ant-tag', { hasText: '待到仓' })).toBeVisible();
  await expect(page.locator('.ant-card', { hasText: '基本信息' })).toContainText(`圆通速递 ${waybill}`);

  const events = page.locator('.ant-timeline .ant-timeline-item');
  await expect(events).toHaveCount(2);
  // newest first: the waybill entry (with carrier and number as its reason), then the creation
  await expect(events.nth(0)).toContainText('待到仓');
  await expect(events.nth(0)).toContainText(`圆通速递 ${waybill}`);
  await expect(events.nth(1)).toContainText('待寄出');
  await expect(events.nth(0)).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
});
