/**
 * Issue 15 "Warehouse bulk work": on 订单列表 the inspector ticks two tagged (已绑码) orders, ships
 * them together with a waybill each (a scanner's Enter moves to the next waybill and ships on the
 * last), sees both as shipped, then 导出所选 gives a file with exactly those two orders. Screenshots
 * of the list with a selection and of the dialog at 1440 and 390 px go to the test's output folder.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin, createOrderViaApi, enterWaybillViaApi, loginViaApi, toast, uniqueSuffix } from '../helpers';

interface Detail {
  items: { id: string }[];
}

/** A new order of the demo merchant at 广州番禺, received, passed and tagged (bound) through the APIs. */
async function boundOrder(merchant: string, warehouse: string): Promise<{ id: string; order_no: string }> {
  const order = await createOrderViaApi(merchant, { itemName: `批量发货 ${uniqueSuffix()}` });
  await enterWaybillViaApi(merchant, order.id, `SF${uniqueSuffix()}`.slice(0, 20));
  const received = await api('POST', '/warehouse/v1/Intake/receive', { token: warehouse, body: { id: order.id } });
  expect(received.code, received.msg).toBe(1000);
  const detail = await api<Detail>('GET', `/warehouse/v1/Order/detail?id=${order.id}`, { token: warehouse });
  for (const it of detail.data.items) {
    const passed = await api('POST', '/warehouse/v1/Inspection/submit', { token: warehouse, body: { item_id: it.id, conclusion: '翡翠（A货）', result: 'pass' } });
    expect(passed.code, passed.msg).toBe(1000);
    const bound = await api('POST', '/warehouse/v1/Code/bind', { token: warehouse, body: { item_id: it.id, code: `BS${uniqueSuffix()}` } });
    expect(bound.code, bound.msg).toBe(1000);
  }
  return order;
}

const rowOf = (page: Page, orderNo: string) => page.locator('.ant-table-tbody .ant-table-row', { hasText: orderNo });

test('the inspector ships two ticked orders with a waybill each, then exports exactly those two', async ({ page }) => {
  test.setTimeout(120_000);
  const merchant = await apiLogin('trader');
  const wh = await apiLogin('qualityInspection');
  const orders = [await boundOrder(merchant.token, wh.token), await boundOrder(merchant.token, wh.token)];
  const waybills = orders.map(() => `YT${uniqueSuffix()}`.slice(0, 20));

  await page.setViewportSize({ width: 1440, height: 900 });
  await loginViaApi(page, 'qualityInspection', { path: '/warehousing/orderList' });
  for (const o of orders) {
    await expect(rowOf(page, o.order_no).locator('.ant-tag', { hasText: '已绑码' })).toBeVisible();
    await rowOf(page, o.order_no).getByRole('checkbox').check();
  }
  await expect(page.getByTestId('selected-count')).toHaveText('已选 2 单');
  await expect(page.getByRole('button', { name: '导出所选 (2)' })).toBeVisible();
  const shipButton = page.getByTestId('batch-ship');
  await expect(shipButton).toHaveText('批量发货 (2)');
  await page.screenshot({ path: test.info().outputPath('1-order-list-selection-1440.png') });

  await shipButton.click();
  const modal = page.getByTestId('batch-ship-modal');
  await expect(modal.getByTestId('batch-ship-row')).toHaveCount(2);
  await expect(modal.getByLabel('发货快递公司（全部订单）')).toHaveValue('顺丰速运');
  // a scanner: the first waybill has focus; Enter moves on, Enter on the last ships
  await expect(modal.getByLabel(`${orders[0]!.order_no} 的发货运单号`)).toBeFocused();
  await page.keyboard.type(waybills[0]!);
  await page.keyboard.press('Enter');
  await expect(modal.getByLabel(`${orders[1]!.order_no} 的发货运单号`)).toBeFocused();
  await page.keyboard.type(waybills[1]!);
  await page.screenshot({ path: test.info().outputPath('2-batch-ship-modal-1440.png') });
  await page.keyboard.press('Enter');

  await expect(modal.getByTestId('batch-ship-summary')).toContainText('成功 2 单');
  await expect(modal.locator('[data-testid="batch-ship-row"][data-state="shipped"]')).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('3-batch-ship-done-1440.png') });
  await page.getByRole('button', { name: /完\s?成/ }).click();
  await expect(modal).toBeHidden();

  // both show as shipped, with their outbound waybills; shipped orders leave the selection (批量发货
  // never offers them again), so exporting them is a new choice
  for (const [i, o] of orders.entries()) {
    await expect(rowOf(page, o.order_no).locator('.ant-tag', { hasText: '已发货' })).toBeVisible();
    await expect(rowOf(page, o.order_no)).toContainText(waybills[i]!);
  }
  await expect(shipButton).toBeDisabled();
  await expect(page.getByRole('button', { name: '导出所选 (2)' })).toHaveCount(0);
  for (const o of orders) await rowOf(page, o.order_no).getByRole('checkbox').check();
  await expect(shipButton).toBeDisabled();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '导出所选 (2)' }).click()]);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(toast(page, '已导出')).toBeVisible();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer); // exceljs types predate Node’s generic Buffer
  const ws = wb.worksheets[0]!;
  const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  const header = row(1);
  expect(ws.actualRowCount).toBe(3);
  const at = (name: string) => header.indexOf(name);
  const lines = [row(2), row(3)];
  expect(lines.map((l) => l[at('订单号')]).sort()).toEqual(orders.map((o) => o.order_no).sort());
  for (const l of lines) {
    expect(l[at('状态')]).toBe('已发货');
    expect(waybills).toContain(l[at('发货运单号')]);
  }
});

test('phone (390 px): the cards keep their checkboxes; 批量发货 and its dialog fit the screen', async ({ page }) => {
  test.setTimeout(120_000);
  const merchant = await apiLogin('trader');
  const wh = await apiLogin('qualityInspection');
  const orders = [await boundOrder(merchant.token, wh.token), await boundOrder(merchant.token, wh.token)];

  await page.setViewportSize({ width: 390, height: 844 });
  await loginViaApi(page, 'qualityInspection', { path: '/warehousing/orderList' });
  for (const o of orders) {
    const card = page.getByTestId('row-card').filter({ hasText: o.order_no });
    await expect(card).toBeVisible();
    await card.getByRole('checkbox').check();
  }
  await expect(page.getByTestId('selected-count')).toHaveText('已选 2 单');
  await page.getByTestId('batch-ship').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('4-order-list-selection-390.png') });
  await page.getByTestId('batch-ship').click();
  const modal = page.getByTestId('batch-ship-modal');
  await expect(modal.getByTestId('batch-ship-row')).toHaveCount(2);
  const box = await modal.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  // a waybill missing: the form says so under it and nothing ships
  await modal.getByLabel(`${orders[0]!.order_no} 的发货运单号`).fill(`YT${uniqueSuffix()}`.slice(0, 20));
  await page.keyboard.press('Enter');
  await page.getByTestId('batch-ship-submit').click();
  await expect(modal.getByText('发货运单号为6-32位字母或数字')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('5-batch-ship-modal-390.png') });
  await page.getByRole('button', { name: /取\s?消/ }).click();
  await expect(modal).toBeHidden();
});
