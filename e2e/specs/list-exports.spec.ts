/**
 * 导出 on 日报表 (merchant and service centre), 绑码记录 and 批次列表: the button downloads an .xlsx
 * of what the page shows, with the page's range or filters.
 */
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { loginViaApi, toast } from '../helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;

async function exportSheet(page: Page, button = page.getByRole('button', { name: /^导\s?出$/ })) {
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  await expect(toast(page, '已导出')).toBeVisible();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer); // exceljs types predate Node’s generic Buffer
  const ws = wb.worksheets[0]!;
  const row = (n: number) => (ws.getRow(n).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  return { name: download.suggestedFilename(), ws, row };
}

const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

test('日报表 (merchant): 导出 saves the 30 shown days, newest first, and the 合计 row; the total column is 费用合计', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/statistics' });
  await expect(page.locator('.ant-table-tbody .ant-table-row')).toHaveCount(30);
  const headers = await page.locator('.ant-table-thead th').allTextContents();
  expect(headers.filter((h) => h === '检测费')).toHaveLength(1);
  expect(headers).toContain('费用合计');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/trader-statistics.png` });
  const { name, ws, row } = await exportSheet(page);
  expect(name).toMatch(/^日报表-\d{8}至\d{8}-\d{14}\.xlsx$/);
  expect(row(1)).toEqual(['日期', '新建', '已入仓', '检测合格', '检测不合格', '发货', '已拦截', '已取消', '检测费（元）', '证书费（元）', '费用合计（元）', '充值（元）']);
  expect(ws.actualRowCount).toBe(32);
  expect(row(2)[0]).toBe(today());
  expect(row(32)[0]).toBe('合计');
  const sum = await page.locator('tfoot.ant-table-summary td').allTextContents();
  expect(row(32)[1]).toBe(sum[1]); // 新建 of the sum row, as the page shows it
});

test('日报表 (service centre): 导出 saves the centre’s days and totals', async ({ page }) => {
  await loginViaApi(page, 'base', { path: '/base/order/statistics' });
  await expect(page.locator('.ant-table-tbody .ant-table-row')).toHaveCount(30);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/base-statistics.png` });
  const { ws, row } = await exportSheet(page);
  expect(row(1)).toEqual(['日期', '新建', '入仓', '合格', '不合格', '发货', '拦截', '取消', '检测费（元）', '证书费（元）', '费用合计（元）']);
  expect(ws.actualRowCount).toBe(32);
  expect(row(32)[0]).toBe('合计');
});

test('绑码记录: 导出 saves the searched records', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/record' });
  const first = page.locator('.ant-table-tbody .ant-table-row').first();
  await expect(first).toBeVisible();
  const code = (await first.locator('td').first().textContent())!.trim();
  await page.getByPlaceholder('标签码 / 订单号').fill(code);
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await expect(page.locator('.ant-table-tbody .ant-table-row')).toHaveCount(1);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/trader-record.png` });
  const { name, ws, row } = await exportSheet(page);
  expect(name).toMatch(/^绑码记录-\d{14}\.xlsx$/);
  expect(row(1)).toEqual(['标签码', '订单号', '商品', '品类', '绑码时间', '操作人', '状态', '解绑时间', '解绑人']);
  expect(ws.actualRowCount).toBe(2);
  expect(row(2)[0]).toBe(code);
});

test('批次列表: 导出 saves the filtered batches', async ({ page }) => {
  await loginViaApi(page, 'qualityInspection', { path: '/warehousing/lotList?status=closed' });
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect(rows.first()).toBeVisible();
  const shown = await rows.count();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/warehouse-lotList.png` });
  const { name, ws, row } = await exportSheet(page);
  expect(name).toMatch(/^批次列表-\d{14}\.xlsx$/);
  expect(row(1)).toEqual(['批次号', '状态', '操作员', '订单数', '物品数', '开始时间', '结束时间', '关闭人']);
  expect(ws.actualRowCount - 1).toBeGreaterThanOrEqual(shown);
  for (let n = 2; n <= ws.actualRowCount; n++) expect(row(n)[1]).toBe('已关闭');
  expect(row(2)[0]).toBe((await rows.first().locator('td').first().textContent())!.trim());
});
