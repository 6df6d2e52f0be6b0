/**
 * Issue 3 end-to-end: the shop authorisation round trip through the server's embedded fake Doudian
 * platform: 商家授权 → 授权新店铺 → the platform's page → pick the shop → back on
 * /trader/doudian-auth?code&state → signed in as the merchant at home. Re-authorises the seeded
 * shop of 翠玉轩珠宝, so the merchant's data stays as it was.
 */
import { expect, test } from '@playwright/test';
import { baseUrl, expectShell, HOME, loginViaApi, readSessionStorage, toast } from '../helpers';

test('authorising a Doudian shop returns through /trader/doudian-auth to the merchant home', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/traderAuthorization' });
  await expect(page.locator('.ant-card-head-title', { hasText: '已授权店铺' })).toBeVisible();

  const returned = page.waitForURL(/\/trader\/doudian-auth\?/);
  await page.getByRole('button', { name: '授权新店铺' }).click();
  await page.waitForURL(/\/oauth\/authorize\?/);
  const authorise = new URL(page.url());
  expect(authorise.searchParams.get('state')).toBeTruthy();
  expect(authorise.searchParams.get('redirect_uri')).toBe(`${baseUrl()}/trader/doudian-auth`);
  await expect(page.getByRole('heading', { name: /店铺授权/ })).toBeVisible();
  const callback = page.waitForResponse((r) => r.url().includes('/merchant/v1/Shop/authCallback'));
  await page.getByRole('link', { name: /翠玉轩珠宝官方旗舰店/ }).click();

  await returned;
  const ret = new URL(page.url());
  expect(ret.pathname).toBe('/trader/doudian-auth');
  expect(ret.searchParams.get('code')).toBeTruthy();
  expect(ret.searchParams.get('state')).toBe(authorise.searchParams.get('state'));
  const answer = (await (await callback).json()) as { code: number; msg: string; data: { token: string } };
  expect(answer.code, answer.msg).toBe(1000);

  await expect(page).toHaveURL(new RegExp(`${HOME.trader}$`));
  await expectShell(page);
  await expect(toast(page, '店铺授权成功')).toBeVisible();
  const stored = await readSessionStorage(page);
  expect(stored.user_type).toBe('trader');
  expect(stored.role).toBe('trader');
  expect(stored.token).toBe(answer.data.token);

  // The shop is listed as authorised (正常).
  await page.goto('/trader/traderAuthorization');
  await expect(page.locator('.ant-table-row', { hasText: '翠玉轩珠宝官方旗舰店' }).locator('.ant-tag')).toHaveText('正常');
});
