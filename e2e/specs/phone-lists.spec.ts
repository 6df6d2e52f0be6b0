/**
 * Issue 15, lists on a phone and server-side sorting: below 992 px every list shows one card per
 * row with its fields and every action (components/ResponsiveTable.tsx); the floating settings
 * button moves into the navbar; the order list sorts on the server by 发货倒计时. Each portal's main
 * list is also drawn at 1440 px and 390 px (screenshots in PHONE_SHOTS_DIR when set, else the
 * test's output folder).
 */
import path from 'node:path';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { createOrderViaApi, loginViaApi, pageSettled, type UserType } from '../helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** A screenshot: the whole page, or (phones) what one screen shows. */
async function shot(page: Page, info: TestInfo, name: string, fullPage = true) {
  const dir = process.env.PHONE_SHOTS_DIR;
  await page.screenshot({ path: dir ? path.join(dir, `${name}.png`) : info.outputPath(`${name}.png`), fullPage });
}

/** The page is no wider than the screen (nothing to scroll sideways to). */
async function expectNoSideways(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client + 1);
}

test.describe('the merchant order list at 390 px', () => {
  test.use({ viewport: PHONE });

  test('every row is a card whose actions are all on screen and work: 详情 opens the order', async ({ page }) => {
    const s = await loginViaApi(page, 'trader');
    const order = await createOrderViaApi(s.token);
    await page.goto(`/trader/order/list?order_no=${order.order_no}`);
    const card = page.getByTestId('row-card').filter({ hasText: order.order_no });
    await expect(card).toHaveCount(1);
    await expect(page.locator('.ant-table')).toHaveCount(0);
    // the fields by their labels, the countdown ticking
    await expect(card.locator('dt', { hasText: '状态' })).toBeVisible();
    await expect(card.getByTestId('countdown')).toHaveText(/^4[78]:\d{2}:\d{2}$/);
    const actions = card.getByTestId('row-card-actions');
    const names = ['详情', '填写运单', '打印发货单', '取消订单'];
    for (const name of names) {
      const action = actions.getByRole(name === '详情' || name === '打印发货单' ? 'link' : 'button', { name, exact: true });
      await action.scrollIntoViewIfNeeded();
      await expect(action).toBeInViewport({ ratio: 1 });
    }
    await expectNoSideways(page);
    // no floating settings button over the cards: it is in the navbar
    await expect(page.locator('.right-panel-btn')).toHaveCount(0);
    await expect(page.locator('header.navbar').getByRole('button', { name: '系统设置' })).toBeVisible();

    await actions.getByRole('button', { name: '填写运单', exact: true }).click();
    await expect(page.getByRole('dialog', { name: `填写寄仓运单 — ${order.order_no}` })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await actions.getByRole('link', { name: '详情', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/trader/order/detail\\?id=${order.id}`));
    await expect(page.getByText(order.order_no).first()).toBeVisible();
  });

  test('the cards sort on the server by 发货倒计时 from 排序', async ({ page }) => {
    await loginViaApi(page, 'trader', { path: '/trader/order/list' });
    await expect(page.getByTestId('row-card').first()).toBeVisible();
    const answer = page.waitForResponse((r) => r.url().includes('/Testing/orderList') && r.url().includes('sort_by=ship_deadline') && r.url().includes('sort_order=asc'));
    await page.getByTestId('card-sort').click();
    await page.getByTitle('发货倒计时 ↑').click();
    const body = (await (await answer).json()) as { data: { list: Listed[] } };
    expectByUrgency(body.data.list, 'asc');
    await expect(page).toHaveURL(/sort_by=ship_deadline&sort_order=asc|sort_order=asc&sort_by=ship_deadline/);
    await expect(page.getByTestId('row-card').first()).toContainText(body.data.list[0]!.order_no);
  });
});

interface Listed {
  order_no: string;
  ship_deadline: string;
  remaining_seconds: number | null;
}

/** 发货倒计时 by urgency: orders with a deadline first, by deadline in `order`; orders without one after them. */
function expectByUrgency(list: Listed[], order: 'asc' | 'desc') {
  const timed = list.filter((r) => r.remaining_seconds !== null);
  expect(list.slice(0, timed.length)).toEqual(timed);
  const deadlines = timed.map((r) => Date.parse(r.ship_deadline));
  expect(deadlines).toEqual([...deadlines].sort((a, b) => (order === 'asc' ? a - b : b - a)));
}

test('the merchant order list sorts on the server by 发货倒计时 (header click: most urgent first, then the other way)', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/list' });
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect(rows.first()).toBeVisible();
  const header = page.locator('.ant-table-thead th', { hasText: '发货倒计时' });
  for (const order of ['asc', 'desc'] as const) {
    const answer = page.waitForResponse((r) => r.url().includes('/Testing/orderList') && r.url().includes('sort_by=ship_deadline') && r.url().includes(`sort_order=${order}`));
    await header.click();
    const body = (await (await answer).json()) as { data: { list: Listed[] } };
    expectByUrgency(body.data.list, order);
    await expect(header).toHaveAttribute('aria-sort', order === 'asc' ? 'ascending' : 'descending');
    await expect(rows.first()).toContainText(body.data.list[0]!.order_no);
  }
  // the sort is in the URL: a reload (or coming back from an order) keeps it
  await page.reload();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
});

/** Each portal's main list. */
const MAIN_LISTS: { who: UserType; path: string; name: string }[] = [
  { who: 'trader', path: '/trader/order/list', name: 'trader-order-list' },
  { who: 'base', path: '/base/order/list', name: 'base-order-list' },
  { who: 'qualityInspection', path: '/warehousing/orderList', name: 'warehouse-order-list' },
  { who: 'manage', path: '/manage/order/list', name: 'manage-merchant-list' },
];

for (const list of MAIN_LISTS) {
  test(`${list.name}: a table at 1440 px, cards with every action at 390 px`, async ({ page }, info) => {
    await page.setViewportSize(DESKTOP);
    await loginViaApi(page, list.who, { path: list.path });
    await pageSettled(page);
    await expect(page.locator('.ant-table-tbody .ant-table-row').first()).toBeVisible();
    // a page jumper wherever there is more than one page
    if ((await page.locator('.ant-pagination-item-2').count()) > 0) await expect(page.locator('.ant-pagination-options-quick-jumper')).toBeVisible();
    await expect(page.getByTestId('column-settings-button')).toBeVisible();
    await shot(page, info, `${list.name}-1440`);
    // a long list keeps its header on screen while scrolling
    const rows = page.locator('.ant-table-tbody .ant-table-row');
    if ((await rows.count()) > 12) {
      await rows.last().scrollIntoViewIfNeeded();
      await expect(page.locator('.ant-table-thead th').first()).toBeInViewport();
      await shot(page, info, `${list.name}-1440-scrolled`, false);
      await page.evaluate(() => window.scrollTo(0, 0));
    }

    await page.setViewportSize(PHONE);
    const cards = page.getByTestId('row-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.locator('.ant-table')).toHaveCount(0);
    await pageSettled(page);
    await expectNoSideways(page);
    await expect(page.locator('.right-panel-btn')).toHaveCount(0);
    const n = await cards.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      const actions = cards.nth(i).getByTestId('row-card-actions');
      const first = actions.locator('a, button').first();
      await first.scrollIntoViewIfNeeded();
      await expect(first).toBeInViewport({ ratio: 1 });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, info, `${list.name}-390`, false);
    // the first cards, scrolled under the header
    await cards.first().evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 100));
    await shot(page, info, `${list.name}-390-cards`, false);
  });
}

/** The other lists of each portal (fee rules, sub-accounts, roles, templates, interception, finance, records). */
const OTHER_LISTS: { who: UserType; pages: { path: string; name: string }[] }[] = [
  {
    who: 'trader',
    pages: [
      { path: '/trader/order/videoManage', name: 'trader-videos' },
      { path: '/trader/order/record', name: 'trader-code-records' },
      { path: '/trader/order/payment-detail', name: 'trader-payments' },
      { path: '/trader/order/detection', name: 'trader-detection' },
      { path: '/trader/order/statistics', name: 'trader-statistics' },
    ],
  },
  {
    who: 'qualityInspection',
    pages: [
      { path: '/warehousing/lotList', name: 'warehouse-lots' },
      { path: '/warehousing/interceptReturn', name: 'warehouse-intercept-return' },
      { path: '/qualityInspection/childAccountManage', name: 'warehouse-sub-accounts' },
      { path: '/qualityInspection/roleManage', name: 'warehouse-roles' },
      { path: '/QIconfig/testingFee', name: 'warehouse-testing-fee' },
      { path: '/QIconfig/template', name: 'warehouse-templates' },
      { path: '/QIfinance/financialStatement', name: 'warehouse-statements' },
    ],
  },
  {
    who: 'base',
    pages: [
      { path: '/baseAccount/childAccountManage', name: 'base-sub-accounts' },
      { path: '/baseConfig/testingFee', name: 'base-testing-fee' },
      { path: '/base/order/statistics', name: 'base-statistics' },
    ],
  },
  { who: 'manage', pages: [{ path: '/manage/intercept/order', name: 'manage-intercept' }] },
];

for (const portal of OTHER_LISTS) {
  test(`${portal.who}: every other list is cards at 390 px with each row's actions on screen`, async ({ page }, info) => {
    test.setTimeout(120_000);
    await loginViaApi(page, portal.who);
    for (const p of portal.pages) {
      await page.setViewportSize(DESKTOP);
      await page.goto(p.path);
      await pageSettled(page);
      await shot(page, info, `${p.name}-1440`);
      await page.setViewportSize(PHONE);
      await pageSettled(page);
      await expect(page.locator('.app-main .ant-table'), p.path).toHaveCount(0);
      await expectNoSideways(page);
      const cards = page.getByTestId('row-card');
      const n = await cards.count();
      for (let i = 0; i < n; i++) {
        const action = cards.nth(i).getByTestId('row-card-actions').locator('a, button').first();
        if ((await action.count()) === 0) continue; // a row without actions (e.g. an already unbound code)
        await action.scrollIntoViewIfNeeded();
        await expect(action, `${p.path} row ${i}`).toBeInViewport({ ratio: 1 });
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, info, `${p.name}-390`, false);
    }
  });
}
