/**
 * 操作日志 (audit log): a fee-rule change made on 检测费配置 shows in the warehouse owner's log with
 * the operator (name, masked mobile, role, account id), the rule and the amounts before → after (yuan), China time and the client address;
 * the platform manager sees the same entry in its log. 导出 saves the filtered entries as .xlsx.
 * The page is drawn at 1440 px (a table) and 390 px (one card per entry).
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { demo, loginViaApi, pageSettled, toast } from '../helpers';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** A category no other spec charges or edits (orders of the specs use the first one, 翡翠). */
const CATEGORY = '银饰';

async function shot(page: Page, info: TestInfo, name: string, fullPage = true) {
  const dir = process.env.E2E_SHOTS_DIR;
  await page.screenshot({ path: dir ? path.join(dir, `${name}.png`) : info.outputPath(`${name}.png`), fullPage });
}

/** Today in China (the log's times are China time whatever the browser's zone). */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

test('a fee-rule change on 检测费配置 shows in 操作日志: operator, rule, before → after; the manager sees it too', async ({ page }, info) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  await loginViaApi(page, 'qualityInspection', { path: '/QIconfig/testingFee' });

  // 检测费配置: change the inspection fee of the category by ¥1.11 through the row's 编辑
  const row = page.getByTestId('fee-rule-table').locator('tr', { has: page.getByRole('cell', { name: CATEGORY, exact: true }) });
  await expect(row).toHaveCount(1);
  const shownFee = (await row.locator('.fee-amount').first().textContent())!.trim();
  const before = Math.round(Number(shownFee.replace(/[¥,]/g, '')) * 100);
  expect(before).toBeGreaterThan(0);
  const after = before + 111;
  await row.getByRole('button', { name: /^编\s?辑$/ }).click();
  const input = row.getByTestId(/^fee-inspection-/);
  await input.fill((after / 100).toFixed(2));
  await row.getByRole('button', { name: /^保\s?存$/ }).click();
  await expect(toast(page, '已保存')).toBeVisible();
  await expect(row.locator('.fee-amount').first()).toHaveText(yuan(after));

  // 操作日志 from the sidebar (账号 group)
  const sidebar = page.locator('.sidebar-container');
  const item = sidebar.getByRole('menuitem', { name: '操作日志', exact: true });
  if (!(await item.isVisible())) await sidebar.getByText('账号', { exact: true }).click();
  await item.click();
  await expect(page).toHaveURL(/\/qualityInspection\/auditLog$/);
  await expect(page.locator('.page-title-bar')).toHaveText('操作日志');

  // the newest entry is the change just made
  const entry = page.locator('.ant-table-tbody .ant-table-row').first();
  await expect(entry).toContainText(CATEGORY);
  await expect(entry).toContainText(demo.qualityInspection.name);
  // who beyond the name: the mobile (masked), the role and the account id
  await expect(entry.locator('.audit-actor-who')).toHaveText('139****0001 · 主账号');
  await expect(entry).toContainText(/账号ID \d+/);
  await expect(entry).toContainText('检测费配置');
  await expect(entry).toContainText('修改');
  await expect(entry.locator('.audit-change')).toHaveText([`检测费：${yuan(before)} → ${yuan(after)}`]);
  await expect(entry.locator('.audit-time')).toHaveText(new RegExp(`^${chinaToday()} \\d{2}:\\d{2}:\\d{2}$`));
  await expect(entry.locator('.audit-ip')).toHaveText(/127\.0\.0\.1|::1/);

  // filters: 类型 检测费配置 and 对象 the category; the URL keeps them
  await page.getByLabel('对象').fill(CATEGORY);
  await page.getByLabel('类型').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^检测费配置$/ }).click();
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  await expect(page).toHaveURL(/kind=fee_rule/);
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().locator('.audit-change')).toHaveText([`检测费：${yuan(before)} → ${yuan(after)}`]);
  await pageSettled(page);
  await shot(page, info, 'audit-log-warehouse-1440');

  // 导出: the same filtered entries as an .xlsx, before/after in yuan
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^导\s?出$/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^操作日志-\d{14}\.xlsx$/);
  await expect(toast(page, '已导出')).toBeVisible();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const cells = (n: number) => (ws.getRow(n).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  expect(cells(1)).toEqual(['时间', '操作人', '账号ID', '手机号', '角色', '账号端', 'IP地址', '操作类型', '操作', '操作对象', '修改前', '修改后']);
  expect(ws.actualRowCount).toBe(2);
  // the export names the account in full: its id, mobile and role
  expect(cells(2).slice(2, 5)).toEqual([expect.stringMatching(/^\d+$/), '13900000001', '主账号']);
  expect(cells(2).slice(7)).toEqual(['检测费配置', '修改', CATEGORY, `检测费：${yuan(before)}`, `检测费：${yuan(after)}`]);

  // 390 px: one card per entry, nothing to scroll sideways
  await page.setViewportSize(PHONE);
  const card = page.getByTestId('row-card');
  await expect(card).toHaveCount(1);
  await expect(page.locator('.app-main .ant-table')).toHaveCount(0);
  await expect(card.locator('.audit-change')).toHaveText([`检测费：${yuan(before)} → ${yuan(after)}`]);
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client + 1);
  await pageSettled(page);
  await shot(page, info, 'audit-log-warehouse-390');

  // the platform manager's 操作日志 holds every centre's entries: the same change
  await page.setViewportSize(DESKTOP);
  await loginViaApi(page, 'manage', { path: '/manage/order/list' });
  // a top-level item: its name starts with the icon's label
  await page.locator('.sidebar-container').getByRole('menuitem', { name: /操作日志$/ }).click();
  await expect(page).toHaveURL(/\/manage\/audit\/auditLog$/);
  await page.getByLabel('对象').fill(CATEGORY);
  await page.getByRole('button', { name: /^查\s?询$/ }).click();
  const managerRow = page.locator('.ant-table-tbody .ant-table-row').filter({ hasText: demo.qualityInspection.name }).first();
  await expect(managerRow).toContainText(CATEGORY);
  await expect(managerRow.locator('.audit-change')).toHaveText([`检测费：${yuan(before)} → ${yuan(after)}`]);
  await pageSettled(page);
  await shot(page, info, 'audit-log-manage-1440');
});
