/**
 * Issue 15, fault 1 (double submission): a double click on 提交 of 新建检测订单 made two orders.
 * The web holds a repeated press while the write is on its way (lib/useWrite.ts), and the server
 * answers a repeat of the same submission (same Idempotency-Key) with the first order, so a retry
 * after a lost answer makes no second order either.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, loginViaApi, toast, uniqueSuffix } from '../helpers';

const CREATE = '/merchant/v1/Testing/orderCreate';

async function fillOrder(page: Page, itemName: string): Promise<void> {
  await page.goto('/trader/order/checkOrder');
  await expect(page.locator('.ant-card-head-title', { hasText: '新建检测订单' })).toBeVisible();
  await expect(page.locator('.ant-form-item', { has: page.getByLabel('检测中心') })).toContainText('广州番禺检测中心');
  await page.getByLabel('商品名称').fill(itemName);
  await page.getByLabel('品类').click();
  await page.getByLabel('品类').pressSequentially('翡');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^翡翠$/ }).click();
  await page.getByLabel('买家姓名').fill('双击买家');
  await page.getByLabel('买家电话').fill('13566667777');
  await page.getByLabel('买家地址').fill('浙江省杭州市西湖区 E2E 双击路 2 号');
}

/** How many of the merchant's orders hold this item (the newest 100 orders). */
async function ordersWithItem(token: string, itemName: string): Promise<number> {
  const res = await api<{ list: { item_names: string }[] }>('GET', '/merchant/v1/Testing/orderList?page=1&page_size=100', { token });
  expect(res.code, res.msg).toBe(1000);
  return res.data.list.filter((r) => r.item_names.includes(itemName)).length;
}

test('double-clicking 提交 on 新建检测订单 creates exactly one order', async ({ page }) => {
  const s = await loginViaApi(page, 'trader');
  const itemName = `E2E 双击手镯 ${uniqueSuffix()}`;
  await fillOrder(page, itemName);

  const sent: { key: string | null }[] = [];
  // the answer takes a moment, as on a slow line: every press below lands while the first is on its way
  await page.route(`**/api${CREATE}`, async (route) => {
    sent.push({ key: route.request().headers()['idempotency-key'] ?? null });
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  const submit = page.locator('form button[type="submit"]', { hasText: /^提\s?交$/ });
  await submit.dblclick();
  await expect(submit).toHaveClass(/ant-btn-loading/);
  // pressing Enter in a field submits the form past the loading button: still held
  await page.getByLabel('买家姓名').press('Enter');

  await expect(toast(page, /检测订单 JC\d+ 已创建/)).toBeVisible();
  await expect(page).toHaveURL(/\/trader\/order\/detail\?id=\d+$/);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  expect(await ordersWithItem(s.token, itemName)).toBe(1);
});

test('a retry after a lost answer sends the same request key and gets the first order back', async ({ page }) => {
  const s = await loginViaApi(page, 'trader');
  const itemName = `E2E 重试手镯 ${uniqueSuffix()}`;
  await fillOrder(page, itemName);

  const keys: string[] = [];
  let firstOrder: { id: string; order_no: string } | null = null;
  await page.route(`**/api${CREATE}`, async (route) => {
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length === 1) {
      // the server creates the order, but its answer is lost on the way back (a timeout)
      const res = await route.fetch();
      firstOrder = ((await res.json()) as { data: { id: string; order_no: string } }).data;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });
  const submit = page.locator('form button[type="submit"]', { hasText: /^提\s?交$/ });
  await submit.click();
  await expect(toast(page, /网络/)).toBeVisible();
  await expect(submit).not.toHaveClass(/ant-btn-loading/);
  expect(firstOrder).not.toBeNull();

  const replayed = page.waitForResponse((r) => r.url().includes(CREATE));
  await submit.click();
  expect((await replayed).headers()['idempotent-replayed']).toBe('true');
  await expect(toast(page, `检测订单 ${firstOrder!.order_no} 已创建`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/trader/order/detail\\?id=${firstOrder!.id}$`));
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await ordersWithItem(s.token, itemName)).toBe(1);
});
