/**
 * Registration on the login pages (no route of its own): a merchant registers on /trader/login and
 * is signed in at once; a service centre applies on /base/login and waits for a manager's review.
 * SMS codes come from the run's sms_outbox (or the server log), purpose `login` as the server
 * checks a registration code with.
 */
import { expect, test, type Page } from '@playwright/test';
import { HOME, expectShell, readSessionStorage, smsCode, toast, withSmsSlot } from '../helpers';

/** A mobile no run has used yet: the prefix and the last 7 digits of the clock. */
function freshMobile(prefix: '1771' | '1772'): string {
  return `${prefix}${String(Date.now()).slice(-7)}`;
}

/** 获取验证码 on the open form (the 60 s countdown starts), then the code from the outbox. */
async function fillSmsCode(page: Page, mobile: string): Promise<void> {
  const since = await withSmsSlot(mobile, async () => {
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /^\d+ 秒后重发$/ })).toBeDisabled();
  });
  await expect(toast(page, '验证码已发送')).toBeVisible();
  await page.getByLabel('验证码').fill(await smsCode(mobile, { since }));
}

test('a merchant registers on /trader/login and lands on the order list signed in', async ({ page }) => {
  const mobile = freshMobile('1771');
  await page.goto('/trader/login');
  await page.getByRole('button', { name: '没有账号？立即注册' }).click();
  await expect(page.getByRole('heading', { name: '商家注册' })).toBeVisible();
  await page.getByLabel('商家名称').fill(`E2E 珠宝 ${mobile.slice(-4)}`);
  await page.getByLabel('手机号').fill(` ${mobile} `);
  await fillSmsCode(page, mobile);
  await page.getByLabel('密码', { exact: true }).fill('Register@123');
  await page.getByLabel('确认密码').fill('Register@123');
  const [register] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/merchant/v1/User/register') && r.method() === 'POST'),
    page.getByLabel('确认密码').press('Enter'),
  ]);
  expect(register.postDataJSON()).toMatchObject({ mobile, password: 'Register@123', name: `E2E 珠宝 ${mobile.slice(-4)}` });

  await expect(page).toHaveURL(new RegExp(`${HOME.trader}$`));
  await expectShell(page);
  await expect(toast(page, '注册成功')).toBeVisible();
  const stored = await readSessionStorage(page);
  expect(stored.token).toBeTruthy();
  expect(stored.user_type).toBe('trader');
  expect(stored.role).toBe('trader');
  expect(JSON.parse(stored.userInfo ?? '{}')).toMatchObject({ mobile, user_type: 'trader' });
});

test('a service centre applies on /base/login, sees the pending result and cannot sign in yet', async ({ page }) => {
  const mobile = freshMobile('1772');
  await page.goto('/base/login');
  await page.getByRole('button', { name: '服务中心入驻申请' }).click();
  await expect(page.getByRole('heading', { name: '服务中心入驻申请' })).toBeVisible();
  await page.getByLabel('服务中心名称').fill(`E2E 检测中心 ${mobile.slice(-4)}`);
  await page.getByLabel('服务中心地址').fill('广东省深圳市罗湖区 E2E 路 1 号');
  await page.getByLabel('联系人').fill('陈经理');
  await page.getByLabel('手机号').fill(mobile);
  await fillSmsCode(page, mobile);
  await page.getByLabel('密码', { exact: true }).fill('Centre@123');
  await page.getByLabel('确认密码').fill('Centre@124');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('两次输入的密码不一致')).toBeVisible();
  await page.getByLabel('确认密码').fill('Centre@123');
  await page.getByRole('button', { name: '提交申请' }).click();

  await expect(page.getByText('入驻申请已提交，请等待平台审核')).toBeVisible();
  expect((await readSessionStorage(page)).token).toBeNull();
  await page.getByRole('button', { name: '返回登录' }).click();

  await expect(page.getByRole('heading', { name: '服务中心端登录' })).toBeVisible();
  await page.getByLabel('手机号').fill(mobile);
  await page.getByLabel('密码', { exact: true }).fill('Centre@123');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(toast(page, '服务中心入驻申请审核中，请耐心等待')).toBeVisible();
  await expect(page).toHaveURL(/\/base\/login$/);
  expect((await readSessionStorage(page)).token).toBeNull();
});
