/** Issue 3 end-to-end: 检测管理 → 导出 downloads the (filtered) order list as an Excel file. */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { createOrderViaApi, loginViaApi, toast } from '../helpers';

test('exporting the order list downloads an .xlsx with the listed orders', async ({ page }) => {
  const s = await loginViaApi(page, 'trader');
  const order = await createOrderViaApi(s.token);
  await page.goto(`/trader/order/list?order_no=${order.order_no}`);
  await expect(page.locator('.ant-table-tbody .ant-table-row', { hasText: order.order_no })).toHaveCount(1);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^导\s?出$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = await download.path();
  const bytes = fs.readFileSync(file);
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(toast(page, '已导出')).toBeVisible();

  // The file is the list with the page's filter: a header row and this one order.
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer); // exceljs types predate Node’s generic Buffer
  const ws = wb.worksheets[0];
  expect(ws).toBeTruthy();
  if (!ws) return;
  const cells: string[] = [];
  ws.eachRow((row) => row.eachCell((c) => cells.push(String(c.text))));
  expect(ws.actualRowCount).toBe(2);
  expect(cells).toContain(order.order_no);
  expect(cells.join(' ')).toContain('订单号');
});
