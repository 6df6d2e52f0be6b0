/**
 * Issue 15, fault 3: an account lands on the first page its role allows. A warehouse sub-account
 * whose role allows only 订单列表 signs in and lands on 订单列表 (not on 入仓质检, where every scan
 * would be refused); a direct link to 入仓质检 shows the 401 page; the menu shows only 订单列表.
 */
import { expect, test } from '@playwright/test';
import { api, loginViaForm, sharedApiSession, uniqueSuffix } from '../helpers';

test('a sub-account allowed only 订单列表 lands on 订单列表; a direct link to 入仓质检 shows 401', async ({ page }) => {
  const owner = await sharedApiSession('qualityInspection');
  const suffix = uniqueSuffix();
  const role = await api<{ id: string }>('POST', '/warehouse/v1/Role/save', {
    token: owner.token,
    body: { name: `只看订单${suffix}`.slice(0, 20), description: '只能查看订单列表', permissions: ['warehouse.order.view'] },
  });
  expect(role.code, role.msg).toBe(1000);
  const mobile = `139${String(Date.now()).slice(-8)}`;
  const password = 'Order1234';
  const account = await api('POST', '/warehouse/v1/Account/save', { token: owner.token, body: { mobile, name: '订单查看员', role_id: role.data.id, password } });
  expect(account.code, account.msg).toBe(1000);

  await loginViaForm(page, 'qualityInspection', { account: { mobile, password, name: '订单查看员' } });
  await expect(page).toHaveURL(/\/warehousing\/orderList$/);
  await expect(page.locator('.ant-table')).toBeVisible();
  const menu = page.locator('.sidebar-container, aside').first();
  await expect(menu.getByText('订单列表')).toBeVisible();
  await expect(menu.getByText('入仓质检')).toHaveCount(0);

  await page.goto('/warehousing/qualityInspection');
  await expect(page).toHaveURL(/\/401$/);
  await expect(page.getByRole('link', { name: '返回首页' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('401.png') });
  // 返回首页 on the 401 page, and the root, go to the page it may use
  await page.getByRole('link', { name: '返回首页' }).click();
  await expect(page).toHaveURL(/\/warehousing\/orderList$/);
  await page.goto('/');
  await expect(page).toHaveURL(/\/warehousing\/orderList$/);
});
