/**
 * Sorting beyond the order lists and 列设置 that follow the user: 费用明细 sorts by 金额 on the
 * server; a column hidden in one browser is hidden in another browser of the same account; the
 * warehouse's batch and statement lists sort by their headers, and on a phone by the cards' 排序.
 * Screenshots at 1440 px and 390 px go to PHONE_SHOTS_DIR when set, else the test's output folder.
 */
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { apiLogin, DEMO_PASSWORD, loginViaApi, pageSettled, writeSession } from '../helpers';

const PHONE = { width: 390, height: 844 };
/** The second demo merchant: its column choices touch no other spec's pages. */
const JINFU = { mobile: '13800000002', password: DEMO_PASSWORD, name: '金福珠宝' };
const DESKTOP = { width: 1440, height: 900 };

async function shot(page: Page, info: TestInfo, name: string, fullPage = true) {
  const dir = process.env.PHONE_SHOTS_DIR;
  await page.screenshot({ path: dir ? path.join(dir, `${name}.png`) : info.outputPath(`${name}.png`), fullPage });
}

/** The yuan amounts of a column as numbers (¥-1,234.00 → -1234). */
const amounts = (texts: string[]) => texts.map((s) => Number(s.replace(/[^\d.-]/g, '')));

test.describe('费用明细 at 1440 px', () => {
  test.use({ viewport: DESKTOP });

  test('sorts by 金额 on the server, both ways', async ({ page }, info) => {
    await loginViaApi(page, 'trader', { path: '/trader/order/payment-detail' });
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    const header = page.getByRole('columnheader', { name: '金额' });
    const desc = page.waitForResponse((r) => r.url().includes('/Finance/ledger') && r.url().includes('sort_by=amount') && r.url().includes('sort_order=desc'));
    await header.click();
    await desc;
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const cells = page.locator('.ant-table-row td.ant-table-column-sort');
    await expect.poll(async () => { const v = amounts(await cells.allInnerTexts()); return v.length > 1 && v.every((x, i) => i === 0 || v[i - 1]! >= x); }).toBe(true);
    await pageSettled(page);
    await shot(page, info, 'ledger-amount-desc-1440');
    const asc = page.waitForResponse((r) => r.url().includes('/Finance/ledger') && r.url().includes('sort_order=asc'));
    await header.click();
    await asc;
    await expect.poll(async () => { const v = amounts(await cells.allInnerTexts()); return v.length > 1 && v.every((x, i) => i === 0 || v[i - 1]! <= x); }).toBe(true);
  });

  test('a column hidden in one browser is hidden in another browser of the same account', async ({ page, browser }, info) => {
    await writeSession(page, await apiLogin('trader', JINFU));
    await page.goto('/trader/order/payment-detail');
    await expect(page.getByRole('columnheader', { name: '备注' })).toBeVisible();
    await page.getByTestId('column-settings-button').click();
    const saved = page.waitForResponse((r) => r.url().includes('/common/v1/Pref/save'));
    await page.getByTestId('column-settings').getByRole('checkbox', { name: '备注' }).click();
    expect((await (await saved).json()).code).toBe(1000);
    await expect(page.getByRole('columnheader', { name: '备注' })).toHaveCount(0);

    // another browser: no localStorage of the first, a session of its own
    const other = await browser.newContext({ viewport: DESKTOP, locale: 'zh-CN' });
    try {
      const page2 = await other.newPage();
      await writeSession(page2, await apiLogin('trader', JINFU));
      await page2.goto('/trader/order/payment-detail');
      await expect(page2.getByRole('columnheader', { name: '金额' })).toBeVisible();
      await expect(page2.getByRole('columnheader', { name: '备注' })).toHaveCount(0);
      await pageSettled(page2);
      await shot(page2, info, 'ledger-columns-other-browser-1440', false);
      // shown again there: the first browser shows it on its next visit
      await page2.getByTestId('column-settings-button').click();
      const back = page2.waitForResponse((r) => r.url().includes('/common/v1/Pref/save'));
      await page2.getByTestId('column-settings').getByRole('button', { name: /显示全部/ }).click();
      await back;
    } finally {
      await other.close();
    }
    await page.reload();
    await expect(page.getByRole('columnheader', { name: '备注' })).toBeVisible();
  });
});

test.describe('the warehouse’s lists', () => {
  test('批次列表 and 财务账单 sort by their headers at 1440 px', async ({ page }, info) => {
    await page.setViewportSize(DESKTOP);
    await loginViaApi(page, 'qualityInspection', { path: '/warehousing/lotList' });
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    await page.getByRole('columnheader', { name: '物品数' }).click();
    await expect(page).toHaveURL(/sort_by=item_count/);
    await expect(page.getByRole('columnheader', { name: '物品数' })).toHaveAttribute('aria-sort', 'descending');
    await pageSettled(page);
    await shot(page, info, 'lots-items-desc-1440');

    await page.goto('/QIfinance/financialStatement');
    await expect(page.getByRole('columnheader', { name: /应收合计/ })).toBeVisible();
    const net = page.waitForResponse((r) => r.url().includes('/Finance/statementList') && r.url().includes('sort_by=net_amount'));
    await page.getByRole('columnheader', { name: /应收合计/ }).click();
    await net;
    await pageSettled(page);
    await shot(page, info, 'statements-net-desc-1440');
  });

  test('批次列表 at 390 px sorts by the cards’ 排序', async ({ page }, info) => {
    await page.setViewportSize(PHONE);
    await loginViaApi(page, 'qualityInspection', { path: '/warehousing/lotList' });
    await expect(page.getByTestId('row-card').first()).toBeVisible();
    await page.getByTestId('card-sort').click();
    await page.getByTitle('开始时间 ↑').click();
    await expect(page).toHaveURL(/sort_by=opened_at&sort_order=asc|sort_order=asc&sort_by=opened_at/);
    await pageSettled(page);
    await shot(page, info, 'lots-opened-asc-390', false);
  });
});
