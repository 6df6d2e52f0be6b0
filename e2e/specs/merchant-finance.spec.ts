/** Issue 3 end-to-end: 费用明细 (balance, totals, ledger entries) and 绑码记录 (bound codes) as 翠玉轩珠宝. */
import { expect, test } from '@playwright/test';
import { api, loginViaApi } from '../helpers';

const yuan = (fen: number) => `¥${(fen / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('费用明细 shows the balance and the ledger entries', async ({ page }) => {
  const s = await loginViaApi(page, 'trader');
  const ledger = await api<{ balance: number; total: number; list: { amount: number }[] }>('GET', '/merchant/v1/Finance/ledger?page=1&page_size=20', { token: s.token });
  expect(ledger.code).toBe(1000);
  expect(ledger.data.total).toBeGreaterThan(0);

  await page.goto('/trader/order/payment-detail');
  const balance = page.locator('.ant-statistic', { hasText: '账户余额' });
  await expect(balance.locator('.ant-statistic-content')).toHaveText(yuan(ledger.data.balance));
  await expect(page.getByText(/^信用额度：¥[\d,]+\.\d{2}$/)).toBeVisible();

  const totals = page.locator('.ant-card', { hasText: '按类型合计' });
  await expect(totals).toContainText('充值');
  await expect(totals).toContainText('检测费');

  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect(rows).toHaveCount(Math.min(20, ledger.data.total));
  await expect(rows.first().locator('.ant-tag')).toHaveText(/充值|检测费|证书费|冲正|调整/);
  await expect(rows.first()).toContainText(/[+-]¥[\d,]+\.\d{2}/);
  await expect(page.getByText(`共 ${ledger.data.total} 条`)).toBeVisible();

  // The type filter narrows the entries to top-ups.
  await page.getByLabel('类型').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^充值$/ }).click();
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await expect(rows.first()).toBeVisible();
  await expect(rows.locator('.ant-tag').filter({ hasNotText: '充值' })).toHaveCount(0);
});

test('绑码记录 lists the codes bound to the merchant’s items and finds one by its code', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/record' });
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
  const first = rows.first();
  const code = (await first.locator('.mono').innerText()).trim();
  const orderNo = (await first.getByRole('link').innerText()).trim();
  expect(code).not.toBe('');
  await expect(first.locator('.ant-tag')).toHaveText(/已绑定|已解绑/);
  await expect(first).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

  await page.getByLabel('标签码').fill(code);
  await page.getByLabel('标签码').press('Enter');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(code);
  await expect(rows.first()).toContainText(orderNo);

  // the order number links to the order
  await rows.first().getByRole('link', { name: orderNo }).click();
  await expect(page).toHaveURL(/\/trader\/order\/detail\?id=\d+$/);
  await expect(page.getByRole('heading', { name: orderNo })).toBeVisible();
  await expect(page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: /^绑码$/ }) })).toContainText(code);
});
