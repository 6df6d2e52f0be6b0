/**
 * Spec §8 "Failure while loading the user during navigation: shows the error text, or 'Has Error',
 * and redirects to login" (§4: the token is reset): the portal's info call is refused by the server.
 */
import { expect, test } from '@playwright/test';
import { apiLogin, loginViaApi, toast, writeSession } from '../helpers';

test('a refused user-info call resets the token, shows the error and goes to login with a redirect', async ({ page }) => {
  await loginViaApi(page, 'trader', { fresh: true, path: '/trader/order/list' });
  await page.route('**/api/merchant/v1/User/info', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 1500, msg: '账号状态异常', data: null }) }));
  await page.goto('/trader/order/record?code=AB');
  await expect(toast(page, '账号状态异常')).toBeVisible();
  await expect(page).toHaveURL(/\/trader\/login\?redirect=/);
  expect(decodeURIComponent(new URL(page.url()).searchParams.get('redirect') ?? '')).toBe('/trader/order/record?code=AB');
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('a network failure does not sign the user out; a refusal without a message shows 请求失败!', async ({ page }) => {
  const s = await apiLogin('trader');
  await page.goto('/trader/login');
  await writeSession(page, s);
  await page.route('**/api/merchant/v1/User/info', (route) => route.abort('failed'));
  await page.goto('/trader/order/list');
  await expect(toast(page, '网络错误')).toBeVisible();
  await expect(page).toHaveURL(/\/trader\/order\/list$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(s.token);

  await page.unroute('**/api/merchant/v1/User/info');
  await page.route('**/api/merchant/v1/User/info', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 1500, msg: '', data: null }) }));
  await page.reload();
  await expect(toast(page, '请求失败!')).toBeVisible();
  await expect(page).toHaveURL(/\/trader\/login\?redirect=/);
});
