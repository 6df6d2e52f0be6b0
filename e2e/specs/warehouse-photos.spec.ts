/**
 * 入仓质检 照片 in a real browser: the inspector adds a photo to an item's result (raw upload with
 * progress), submits, and the photo is on the order for the merchant (thumbnail with preview) and
 * on the public certificate page.
 */
import { expect, test } from '@playwright/test';
import { api, apiLogin, confirmDialog, createOrderViaApi, enterWaybillViaApi, loginViaApi, loginViaForm, toast, uniqueSuffix } from '../helpers';

test('an inspector photographs an item; the merchant sees the photo on the order', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const merchant = await apiLogin('trader');
  const order = await createOrderViaApi(merchant.token);
  await enterWaybillViaApi(merchant.token, order.id, `SF${uniqueSuffix()}`.slice(0, 20));
  const inspector = await apiLogin('qualityInspection');
  expect((await api('POST', '/warehouse/v1/Intake/receive', { token: inspector.token, body: { id: order.id } })).code).toBe(1000);

  // a real PNG: a screenshot of the login page
  await loginViaForm(page, 'qualityInspection');
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 240 } });

  const scanBox = page.getByLabel('运单号或订单号');
  await scanBox.fill(order.order_no);
  await scanBox.press('Enter');
  const bench = page.getByTestId('workbench-order');
  await expect(bench.getByRole('heading', { name: order.order_no })).toBeVisible();
  const detail = await api<{ items: { id: string; name: string }[] }>('GET', `/warehouse/v1/Order/detail?id=${order.id}`, { token: inspector.token });
  const item = detail.data.items[0]!;
  const form = page.getByTestId(`inspection-form-${item.id}`);
  await form.locator('input[type=file]').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
  await expect(form.locator('.ant-upload-list-item-done, .ant-upload-list-item').first()).toBeVisible();
  await expect(form.locator('.ant-upload-list-item-uploading')).toHaveCount(0, { timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('photo-form.png'), fullPage: true });
  await form.getByLabel('检测结论').fill('翡翠（A货）');
  await form.getByText('合格', { exact: true }).click();
  const submitted = page.waitForRequest((r) => r.url().endsWith('/api/warehouse/v1/Inspection/submit'));
  await form.getByRole('button', { name: '提交结果' }).click();
  await confirmDialog(page).getByRole('button', { name: '提交结果' }).click();
  const body = (await submitted).postDataJSON() as { photos: string[] };
  expect(body.photos).toHaveLength(1);
  expect(body.photos[0]).toMatch(new RegExp(`^photos/${order.id}/`));
  await expect(toast(page, `已保存「${item.name}」的检测结果`)).toBeVisible();

  // the merchant's order detail shows the photo (served by the signed link)
  const ctx = await browser.newContext();
  const mpage = await ctx.newPage();
  await loginViaApi(mpage, 'trader', { path: `/trader/order/detail?id=${order.id}` });
  const row = mpage.locator('.ant-table-row', { hasText: item.name });
  await row.locator('.ant-table-row-expand-icon').click().catch(() => undefined);
  const thumb = mpage.getByTestId('inspection-photos').locator('img').first();
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await mpage.screenshot({ path: test.info().outputPath('photo-merchant-detail.png'), fullPage: true });
  await ctx.close();
});
