/**
 * Issue 25, point 2, in a real browser: an intercepted parcel has somewhere to go. The centre
 * intercepts an order; its banner says whom to call; 拦截退回 shows the merchant's contact, phone
 * and 退货地址; 快递寄回 is prefilled with them, the warehouse edits the address and sends it; the
 * merchant's order then says where the goods went. Screenshots at 1440 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { api, apiLogin, createOrderViaApi, enterWaybillViaApi, loginViaApi, toast, uniqueSuffix } from '../helpers';

interface AuthInfo {
  contact_person: string;
  contact_mobile: string;
  return_address: string;
}

test('拦截退回 shows where the goods go, 快递寄回 is prefilled and the edit reaches the merchant’s order', async ({ page }) => {
  test.setTimeout(150_000);
  const merchant = await apiLogin('trader');
  const auth = (await api<AuthInfo>('GET', '/merchant/v1/Testing/authInfo', { token: merchant.token })).data;
  const order = await createOrderViaApi(merchant.token, { itemName: `退回翡翠 ${uniqueSuffix()}` });
  await enterWaybillViaApi(merchant.token, order.id, `SF${uniqueSuffix()}`.slice(0, 20));
  const wh = await apiLogin('qualityInspection');
  expect((await api('POST', '/warehouse/v1/Intake/receive', { token: wh.token, body: { id: order.id } })).code).toBe(1000);
  const base = await apiLogin('base');
  const cut = await api('POST', '/center/v1/Order/intercept', { token: base.token, body: { id: order.id, reason: '商家来电：买家已退款' } });
  expect(cut.code, cut.msg).toBe(1000);

  // the service centre: the banner names whom to call; the order's panel shows the return details
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await loginViaApi(page, 'base', { path: `/base/order/detail?id=${order.id}` });
    const panel = page.getByTestId('interception-panel');
    await expect(panel.getByTestId('return-contact')).toContainText(auth.contact_mobile);
    await expect(panel.getByTestId('return-contact')).toContainText(auth.return_address);
    await page.screenshot({ path: test.info().outputPath(`1-centre-detail-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/base/order/list');
  // the banner lists three intercepted orders and folds the rest (other specs intercept orders too)
  // the banners load after the list (whose rows link the order too): wait for the banner itself
  const more = page.getByRole('button', { name: /展开其余 \d+ 单/ });
  await expect(page.getByText(/已被拦截（/).first()).toBeVisible();
  if (await more.isVisible()) await more.click();
  await expect(page.getByText(new RegExp(`${order.order_no}.*请联系商家取回货物：.*${auth.contact_mobile}`)).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('2-centre-banner-1440.png'), fullPage: false });

  // the warehouse: 拦截退回 and the 快递寄回 dialog
  for (const width of [390, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await loginViaApi(page, 'qualityInspection', { path: '/warehousing/interceptReturn' });
    const row = width > 992 ? page.locator('.ant-table-tbody .ant-table-row', { hasText: order.order_no }) : page.getByTestId('row-card').filter({ hasText: order.order_no });
    await expect(row.getByTestId('return-contact-cell')).toContainText(auth.contact_person);
    await expect(row.getByTestId('return-contact-cell')).toContainText(auth.return_address);
    await page.screenshot({ path: test.info().outputPath(`3-return-queue-${width}.png`), fullPage: true });
    await row.getByTestId(`return-post-${order.order_no}`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('return-contact')).toHaveValue(auth.contact_person);
    await expect(dialog.getByTestId('return-mobile')).toHaveValue(auth.contact_mobile);
    await expect(dialog.getByTestId('return-address')).toHaveValue(auth.return_address);
    await page.screenshot({ path: test.info().outputPath(`4-post-dialog-${width}.png`), fullPage: false });
    if (width === 390) await dialog.getByRole('button', { name: /取\s*消/ }).click();
  }
  const dialog = page.getByRole('dialog');
  const newAddress = `${auth.return_address} 二楼仓库`;
  await dialog.getByTestId('return-address').fill(newAddress);
  await dialog.getByTestId('return-waybill').fill(`SF${uniqueSuffix()}`.slice(0, 16));
  await dialog.getByRole('button', { name: '快递寄回' }).click();
  await expect(toast(page, new RegExp(`订单 ${order.order_no}：`))).toBeVisible();

  // the merchant's order says where the goods went
  const info = await api<{ return_info: { address: string; contact: string } | null }>('GET', `/merchant/v1/Testing/interception?id=${order.id}`, { token: merchant.token });
  expect(info.data.return_info).toMatchObject({ address: newAddress, contact: auth.contact_person });
  await loginViaApi(page, 'trader', { path: `/trader/order/detail?id=${order.id}` });
  await expect(page.getByTestId('interception-panel')).toContainText(newAddress);
  await page.screenshot({ path: test.info().outputPath('5-merchant-detail-1440.png'), fullPage: true });
});

test('the manager’s 商户列表 shows the authorisation’s 联系人', async ({ page }) => {
  const merchant = await apiLogin('trader');
  const auth = (await api<AuthInfo>('GET', '/merchant/v1/Testing/authInfo', { token: merchant.token })).data;
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await loginViaApi(page, 'manage', { path: '/manage/order/list?keyword=翠玉轩' });
    await expect(page.getByText(auth.contact_mobile).first()).toBeVisible();
    await expect(page.getByText(auth.contact_person).first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`6-manager-list-${width}.png`), fullPage: true });
  }
});
