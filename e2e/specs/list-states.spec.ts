/**
 * List pages when the server fails or nothing matches (components/ListState.tsx): a list answer
 * other than success shows the reason and 重试 (not the page's "no data" text), a filtered search
 * without results says nothing matches with 重置, and 查询 with unchanged filters loads again.
 */
import { expect, test, type Page, type Route } from '@playwright/test';
import { loginViaApi } from '../helpers';

const MERCHANT_LIST = '/api/merchant/v1/Testing/orderList';
const CENTRE_LIST = '/api/center/v1/Order/list';
const WAREHOUSE_LIST = '/api/warehouse/v1/Order/list';

/** Answers the list endpoint with code 1500 (the request layer rejects it without a toast, spec §8). */
async function failList(page: Page, apiPath: string, msg: string): Promise<() => Promise<void>> {
  const matcher = (url: URL) => url.pathname === apiPath;
  const handler = (route: Route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ code: 1500, msg, data: null }) });
  await page.route(matcher, handler);
  return () => page.unroute(matcher, handler);
}

const retryButton = (page: Page) => page.getByTestId('list-error').getByRole('button', { name: /^重\s?试$/ });

test('检测管理: a list answer of code 1500 shows its reason and 重试 instead of 还没有检测订单; 重试 loads the list', async ({ page }) => {
  const heal = await failList(page, MERCHANT_LIST, '订单服务繁忙，请稍后再试');
  await loginViaApi(page, 'trader', { path: '/trader/order/list' });
  const error = page.getByTestId('list-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('数据加载失败');
  await expect(page.getByTestId('list-error-reason')).toHaveText('订单服务繁忙，请稍后再试');
  await expect(page.getByText('还没有检测订单')).toHaveCount(0);
  // no toast for a 1500: the page itself says it
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);

  await heal();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === MERCHANT_LIST);
  await retryButton(page).click();
  expect((await (await answered).json()) as { code: number }).toMatchObject({ code: 1000 });
  await expect(error).toHaveCount(0);
  // the demo merchant has orders: rows, or at worst the page's own empty state — not the error
  await expect(page.locator('.ant-table-tbody .ant-table-row').first().or(page.getByText('还没有检测订单'))).toBeVisible();
});

test('检测管理: order no NOPE123 finds nothing — 没有符合条件的订单 with 重置, not 还没有检测订单 with create buttons', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/list?order_no=NOPE123' });
  const noMatch = page.getByTestId('list-no-match');
  await expect(noMatch).toBeVisible();
  await expect(noMatch).toContainText('没有符合条件的订单');
  await expect(page.getByText('还没有检测订单')).toHaveCount(0);
  await expect(noMatch.getByRole('button')).toHaveCount(1);

  await noMatch.getByRole('button', { name: /^重\s?置$/ }).click();
  await expect(page).toHaveURL((u) => u.pathname === '/trader/order/list' && u.search === '');
  await expect(page.getByRole('textbox', { name: /^订单号\s*:?$/ })).toHaveValue('');
  await expect(noMatch).toHaveCount(0);
});

test('检测管理: 查询 with the filters unchanged asks the server again', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/list?order_no=NOPE123' });
  await expect(page.getByTestId('list-no-match')).toBeVisible();
  const again = page.waitForRequest((r) => {
    const u = new URL(r.url());
    return u.pathname === MERCHANT_LIST && u.searchParams.get('order_no') === 'NOPE123';
  });
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await again;
  await expect(page).toHaveURL(/order_no=NOPE123/);
});

test('订单查询 (service centre): code 1500 shows the reason and 重试, not 没有符合条件的订单', async ({ page }) => {
  const heal = await failList(page, CENTRE_LIST, '数据库连接失败');
  await loginViaApi(page, 'base', { path: '/base/order/list' });
  await expect(page.getByTestId('list-error-reason')).toHaveText('数据库连接失败');
  await expect(page.getByText('没有符合条件的订单')).toHaveCount(0);
  await heal();
  await retryButton(page).click();
  await expect(page.getByTestId('list-error')).toHaveCount(0);
  await expect(page.locator('.ant-table')).toBeVisible();
});

test('订单列表 (warehouse): code 1500 shows the reason and 重试 in the table, 导出/刷新 stay; 重试 lists the orders', async ({ page }) => {
  const heal = await failList(page, WAREHOUSE_LIST, '订单服务繁忙，请稍后再试');
  await loginViaApi(page, 'qualityInspection', { path: '/warehousing/orderList' });
  const error = page.getByTestId('list-error');
  await expect(error).toBeVisible();
  await expect(error).toContainText('数据加载失败');
  await expect(page.getByTestId('list-error-reason')).toHaveText('订单服务繁忙，请稍后再试');
  await expect(page.getByText('没有符合条件的订单')).toHaveCount(0);
  // the error sits in the table: the toolbar over it stays, no pager under it
  await expect(page.getByRole('main').getByRole('button', { name: /刷\s?新/ })).toBeVisible();
  await expect(page.locator('.ant-pagination')).toHaveCount(0);

  await heal();
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === WAREHOUSE_LIST);
  await retryButton(page).click();
  expect((await (await answered).json()) as { code: number }).toMatchObject({ code: 1000 });
  await expect(error).toHaveCount(0);
  await expect(page.locator('.ant-table-tbody .ant-table-row').first().or(page.locator('.ant-table-placeholder'))).toBeVisible();
});
