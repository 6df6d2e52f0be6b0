/**
 * The request layer's answers to failures (spec §8 "Response handling", §9 toast durations):
 * the 403 re-login dialog, the network-error toast and the 1001 toast with the server's message.
 */
import { expect, test } from '@playwright/test';
import { HOME, LOGIN_PATH, confirmDialog, expectShell, loginViaApi, pageSettled, readSessionStorage, redirectQuery, spareAccounts, toast } from '../helpers';

/** Milliseconds a visible toast stays on screen (from now until it is gone). */
async function msUntilHidden(locator: ReturnType<typeof toast>): Promise<number> {
  const start = Date.now();
  await expect(locator).toHaveCount(0, { timeout: 15_000 });
  return Date.now() - start;
}

test('403: a revoked session shows 登录失效，请重新登录 with 重新登录 / 取消; 重新登录 goes to the login page', async ({ page, request }) => {
  const session = await loginViaApi(page, 'trader', { fresh: true });
  await pageSettled(page);

  // revoke it on the server with the same token, as another tab signing out would
  const res = await request.post('/api/merchant/v1/User/logout', {
    headers: { Authorization: `Bearer ${session.token}`, token: session.token },
  });
  expect((await res.json()) as { code: number }).toMatchObject({ code: 1000 });

  // the next request answers 403
  await page.reload();
  const dialog = confirmDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('提示');
  await expect(dialog.locator('.ant-modal-confirm-content')).toHaveText('登录失效，请重新登录');
  await expect(dialog.getByRole('button', { name: '重新登录', exact: true })).toBeVisible();
  // literal text (spec §8); soft so that the rest of the flow is still checked
  await expect.soft(dialog.getByRole('button', { name: '取消', exact: true })).toBeVisible({ timeout: 2_000 });
  await expect(dialog).toHaveCount(1);

  // 取消: the dialog closes, nothing else happens
  await dialog.getByRole('button', { name: /^取\s?消$/ }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(HOME.trader);
  expect((await readSessionStorage(page)).token).toBe(session.token);

  // 重新登录: token reset, the page reloads and the guard sends to the login page
  await page.reload();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: '重新登录' }).click();
  await expect(page).toHaveURL((u) => u.pathname === LOGIN_PATH.trader);
  expect(redirectQuery(page)).toBe(HOME.trader);
  expect((await readSessionStorage(page)).token).toBeNull();
});

test('network failure in the shell: toast 网络错误 shown for 5 s', async ({ page }) => {
  await loginViaApi(page, 'trader');
  await pageSettled(page);
  await page.route('**/api/**', (route) => route.abort('failed'));
  await page.reload();
  await expectShell(page);
  const t = toast(page, /^网络错误$/);
  await expect(t.first()).toBeVisible();
  const shown = await msUntilHidden(t);
  expect(shown).toBeGreaterThan(3_500);
  // still signed in: a network failure is not a logout
  expect((await readSessionStorage(page)).token).toBeTruthy();
});

test('network failure on a login form: toast 网络错误, still on the login page', async ({ page }) => {
  await page.goto(LOGIN_PATH.base);
  await page.route('**/api/**', (route) => route.abort('failed'));
  await page.getByLabel('手机号').fill('13700000001');
  await page.getByLabel('密码', { exact: true }).fill('Demo@123456');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, /^网络错误$/).first()).toBeVisible();
  await expect(page).toHaveURL(LOGIN_PATH.base);
  expect((await readSessionStorage(page)).token).toBeNull();
});

test("1001: a wrong password shows the server's message as a 3 s toast", async ({ page }) => {
  const account = spareAccounts.trader!;
  await page.goto(LOGIN_PATH.trader);
  await page.getByLabel('手机号').fill(account.mobile);
  await page.getByLabel('密码', { exact: true }).fill('Wrong@123456');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/merchant/v1/User/login'));
  await page.getByRole('button', { name: '登录', exact: true }).click();
  const body = (await (await answer).json()) as { code: number; msg: string };
  expect(body.code).toBe(1001);
  expect(body.msg).toMatch(/^手机号或密码错误/);

  const t = toast(page, body.msg);
  await expect(t).toHaveCount(1);
  await expect(t).toHaveText(body.msg);
  const shown = await msUntilHidden(t);
  expect(shown).toBeLessThan(4_500);
  await expect(page).toHaveURL(LOGIN_PATH.trader);
  expect((await readSessionStorage(page)).token).toBeNull();
});
