/**
 * 账号设置 of the merchant portal: the merchant route set has no account page, so the user name in
 * the header opens a dialog that edits the profile and the password (`POST /merchant/v1/User/edit`).
 */
import { expect, test } from '@playwright/test';
import { loginViaApi, toast } from '../helpers';

test('a merchant opens 账号设置 from the header; a wrong old password is refused and nothing changes', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/list' });
  await page.getByTestId('navbar-user').click();
  const dialog = page.getByRole('dialog', { name: '账号设置' });
  await expect(dialog.getByText('13800000001')).toBeVisible();
  await expect(dialog.getByLabel('姓名')).toHaveValue('翠玉轩珠宝');
  await dialog.getByRole('tab', { name: '修改密码' }).click();
  await dialog.getByLabel('原密码').fill('Wrong@123456');
  await dialog.getByLabel('新密码', { exact: true }).fill('New@1234567');
  await dialog.getByLabel('确认新密码').fill('New@1234567');
  const [edit] = await Promise.all([
    page.waitForRequest((r) => r.url().endsWith('/api/merchant/v1/User/edit') && r.method() === 'POST'),
    dialog.getByRole('button', { name: /保\s*存/ }).last().click(),
  ]);
  expect(edit.postDataJSON()).toEqual({ old_password: 'Wrong@123456', password: 'New@1234567' });
  await expect(toast(page, '原密码不正确')).toBeVisible();
  await expect(dialog).toBeVisible();
});
