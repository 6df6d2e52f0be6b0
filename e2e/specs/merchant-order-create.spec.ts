/**
 * Issue 3 end-to-end: as 翠玉轩珠宝 (13800000001, approved) create a testing order through the
 * new-order form (checkOrder behind the gate) and land on its detail.
 */
import { expect, test } from '@playwright/test';
import { loginViaApi, toast, uniqueSuffix } from '../helpers';

test('an approved merchant creates a testing order through the form', async ({ page }) => {
  await loginViaApi(page, 'trader');
  await page.locator('.merchant-toolbar').getByRole('button', { name: '新建检测订单' }).click();
  await expect(page).toHaveURL(/\/trader\/order\/checkOrder$/);
  await expect(page.locator('.ant-card-head-title', { hasText: '新建检测订单' })).toBeVisible();
  // approved: no pending / rejected notice above the form
  await expect(page.locator('.ant-alert').filter({ hasText: /待审核|已驳回/ })).toHaveCount(0);

  // The merchant's own centre is preselected once the station list arrives.
  await expect(page.locator('.ant-form-item', { has: page.getByLabel('检测中心') })).toContainText('广州番禺检测中心');

  const itemName = `E2E 冰种翡翠手镯 ${uniqueSuffix()}`;
  await page.getByLabel('商品名称').fill(itemName);
  // typing in 品类 searches the categories on the server (spec §7 gemPage)
  await page.getByLabel('品类').click();
  const searched = page.waitForResponse((r) => r.url().includes('/merchant/v1/Testing/gemPage') && r.url().includes(`keyword=${encodeURIComponent('翡')}`));
  await page.getByLabel('品类').pressSequentially('翡');
  expect(((await (await searched).json()) as { code: number }).code).toBe(1000);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^翡翠$/ }).click();
  // the weight is asked in the category's unit: carats for diamonds, grams for jade
  await page.getByLabel('品类').click();
  await page.getByLabel('品类').pressSequentially('钻');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^钻石$/ }).click();
  await expect(page.getByLabel('重量（ct）')).toBeVisible();
  await page.getByLabel('品类').click();
  await page.getByLabel('品类').pressSequentially('翡');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^翡翠$/ }).click();
  await page.getByLabel('重量（g）').fill('12.5');
  await page.getByLabel('申报价值（元）').fill('1234.5');
  await page.getByLabel('买家姓名').fill('李买家');
  await page.getByLabel('买家电话').fill('13566667777');
  await page.getByLabel('买家地址').fill('浙江省杭州市西湖区 E2E 大道 8 号');
  await page.getByLabel('备注').fill('e2e 表单下单');
  // the running total of the declared values
  await expect(page.getByText('申报价值：¥1,234.50')).toBeVisible();

  const created = page.waitForResponse((r) => r.url().includes('/merchant/v1/Testing/orderCreate'));
  await page.getByRole('button', { name: /^提\s?交$/ }).click();
  const body = (await (await created).json()) as { code: number; msg: string; data: { id: string; order_no: string } };
  expect(body.code, body.msg).toBe(1000);
  const { id, order_no: orderNo } = body.data;

  await expect(toast(page, `检测订单 ${orderNo} 已创建`)).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/trader/order/detail\\?id=${id}$`));
  await expect(page.getByRole('heading', { name: orderNo })).toBeVisible();
  await expect(page.locator('.merchant-toolbar .ant-tag', { hasText: '待寄出' })).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveText(/^4[78]:\d{2}:\d{2}$/);
  const basic = page.locator('.ant-card', { hasText: '基本信息' });
  await expect(basic).toContainText('李买家');
  await expect(basic).toContainText('¥1,234.50');
  await expect(basic).toContainText('e2e 表单下单');
  await expect(page.locator('.ant-card', { hasText: '商品与检测结果' }).locator('.ant-table-row', { hasText: itemName })).toContainText('翡翠');
  await expect(page.locator('.ant-timeline-item')).toHaveCount(1);
  await expect(page.locator('.ant-timeline')).toContainText('待寄出');
});
