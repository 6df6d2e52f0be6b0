/**
 * Amending a submitted inspection result (issue 15), in a real browser: the inspector opens a
 * passed order on the bench, changes the item's result to 不合格 with a reason, sees the fee the
 * amendment books (the reversal of the earlier charges and the new charge) and confirms it once;
 * the merchant then finds the reversal (冲正) and the new charge of that order in 费用明细, and the
 * amendment with its reason in the order's timeline.
 */
import { expect, test } from '@playwright/test';
import { api, apiLogin, confirmDialog, createOrderViaApi, enterWaybillViaApi, loginViaApi, toast, uniqueSuffix } from '../helpers';

interface Detail {
  items: { id: string; name: string }[];
}

const money = /[+-]?¥[\d,]+\.\d{2}/;

test('an inspector amends a passed result to 不合格 and the merchant sees the reversal in 费用明细', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // an order of the demo merchant, received and passed at the centre through the APIs
  const merchant = await apiLogin('trader');
  const order = await createOrderViaApi(merchant.token, { itemName: `改判翡翠 ${uniqueSuffix()}` });
  await enterWaybillViaApi(merchant.token, order.id, `SF${uniqueSuffix()}`.slice(0, 20));
  const wh = await loginViaApi(page, 'qualityInspection');
  expect((await api('POST', '/warehouse/v1/Intake/receive', { token: wh.token, body: { id: order.id } })).code).toBe(1000);
  const detail = await api<Detail>('GET', `/warehouse/v1/Order/detail?id=${order.id}`, { token: wh.token });
  const item = detail.data.items[0]!;
  const passed = await api<{ order_status: string; charged: number }>('POST', '/warehouse/v1/Inspection/submit', {
    token: wh.token,
    body: { item_id: item.id, conclusion: '翡翠（A货）', result: 'pass' },
  });
  expect(passed.data.order_status).toBe('passed');

  // the bench: scan the order, 修改结果 on the item
  await page.goto('/warehousing/qualityInspection');
  await page.getByLabel('运单号或订单号').fill(order.order_no);
  await page.getByLabel('运单号或订单号').press('Enter');
  const bench = page.getByTestId('workbench-order');
  await expect(bench.getByRole('heading', { name: order.order_no })).toBeVisible();
  await bench.getByTestId(`amend-${item.id}`).click();
  const form = bench.getByTestId(`inspection-form-${item.id}`);
  await expect(form).toBeVisible();
  await form.getByText('不合格', { exact: true }).click();
  await form.getByLabel('检测结论').fill('翡翠（B货）');
  await form.getByLabel('修改原因').fill('复检发现充胶痕迹');
  // the fee shown: the earlier charges reversed, the inspection fee charged again, the certificate fee given back
  const fee = form.getByTestId(`fee-quote-${item.id}`);
  await expect(fee).toContainText(/^保存将退还商户 ¥[\d,]+\.\d{2}（冲正 \+¥[\d,]+\.\d{2}，冲正 \+¥[\d,]+\.\d{2}，检测费 ¥[\d,]+\.\d{2}）$/);
  const feeText = (await fee.textContent()) ?? '';
  await page.screenshot({ path: test.info().outputPath('1-amend-form.png'), fullPage: true });

  await form.getByRole('button', { name: '提交修改' }).click();
  const ask = confirmDialog(page);
  await expect(ask).toContainText(`确认将「${item.name}」的检测结果修改为：不合格？`);
  await expect(ask).toContainText(feeText);
  await ask.getByRole('button', { name: '提交修改' }).click();
  await expect(toast(page, new RegExp(`已修改「${item.name}」的检测结果，已退还商户 ¥[\\d,]+\\.\\d{2}`))).toBeVisible();
  await expect(bench.locator('.ant-tag', { hasText: '检测不合格' }).first()).toBeVisible();
  await expect(bench.getByTestId(`amend-${item.id}`)).toBeVisible();

  // the merchant's 费用明细, filtered to the order: the two reversals and the new inspection charge
  const ctx = await browser.newContext();
  const mp = await ctx.newPage();
  await loginViaApi(mp, 'trader', { path: '/trader/order/payment-detail' });
  await mp.getByLabel('订单号').fill(order.order_no);
  await mp.getByLabel('订单号').press('Enter');
  const rows = mp.locator('.ant-table-tbody .ant-table-row', { hasText: order.order_no });
  await expect(rows).toHaveCount(5);
  const reversals = rows.filter({ has: mp.locator('.ant-tag', { hasText: '冲正' }) });
  await expect(reversals).toHaveCount(2);
  for (const r of await reversals.all()) {
    await expect(r).toContainText(/\+¥[\d,]+\.\d{2}/);
    await expect(r).toContainText('修改检测结果（合格 → 不合格）');
  }
  await expect(rows.filter({ hasText: '按新结果收取检测费' })).toHaveCount(1);
  await expect(rows.first()).toContainText(money);
  await mp.screenshot({ path: test.info().outputPath('2-payment-detail-reversal.png'), fullPage: true });

  // and the order's timeline names the amendment and its reason
  const timeline = await api<{ events: { reason: string; to_status: string }[] }>('GET', `/merchant/v1/Testing/orderDetail?id=${order.id}`, { token: merchant.token });
  expect(timeline.code).toBe(1000);
  expect(timeline.data.events.some((e) => e.reason.includes('复检发现充胶痕迹') && e.to_status === 'failed')).toBe(true);
  await ctx.close();
});
