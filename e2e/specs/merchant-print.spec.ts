/**
 * Issue 3 end-to-end: 订单打印 through the browser path (no C-Lodop): the print document goes to
 * `print()` of a hidden frame, and the PDF export downloads a PDF. C-Lodop's addresses are blocked
 * for this page, so a real service or another spec's fake on port 8000 cannot be picked up.
 */
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createOrderViaApi, enterWaybillViaApi, loginViaApi, sharedApiSession, uniqueSuffix, type CreatedOrder } from '../helpers';

interface PrintCall {
  html: string;
  title: string;
}

/**
 * Replaces `print()` of every window reached through an iframe (the label designer prints from a
 * hidden frame) with a recorder: the document at the moment of the call goes to `__e2ePrints`.
 */
async function interceptPrint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __e2ePrints: PrintCall[] };
    w.__e2ePrints = [];
    const record = (win: Window) => {
      win.print = () => {
        w.__e2ePrints.push({ html: win.document.documentElement.outerHTML, title: win.document.title });
      };
    };
    record(window);
    const desc = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
    const get = desc?.get;
    if (!desc || !get) return;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      ...desc,
      get(this: HTMLIFrameElement) {
        const win = get.call(this) as Window | null;
        if (win) record(win);
        return win;
      },
    });
  });
}

async function openPrintPage(page: Page, order: CreatedOrder): Promise<void> {
  await page.route(/^https?:\/\/localhost:(8000|18000|8443|8444)\/CLodopfuncs\.js/, (route) => route.abort('connectionrefused'));
  await page.goto(`/trader/order/print?ids=${order.id}`);
  await expect(page.locator('.sheet-grid .ant-card')).toHaveCount(1);
  await expect(page.locator('.sheet-grid .ant-card-head')).toContainText(order.order_no);
  await expect(page.getByText(/浏览器打印或下载 PDF/)).toBeVisible();
  await expect(page.getByTestId('print-mode')).toHaveText('打印方式：浏览器打印');
}

let order: CreatedOrder;
let waybill: string;

test.beforeAll(async () => {
  const { token } = await sharedApiSession('trader');
  order = await createOrderViaApi(token, { remark: 'e2e 打印备注' });
  waybill = `SF${uniqueSuffix()}`;
  await enterWaybillViaApi(token, order.id, waybill);
});

test('printing a sheet without C-Lodop opens the browser print with the order', async ({ page }) => {
  await interceptPrint(page);
  await loginViaApi(page, 'trader');
  await openPrintPage(page, order);

  await page.getByRole('button', { name: '打印全部（1）' }).click();
  const prints = () => page.evaluate(() => (window as unknown as { __e2ePrints: PrintCall[] }).__e2ePrints);
  await expect.poll(async () => (await prints()).length, { timeout: 15_000 }).toBe(1);
  const [call] = await prints();
  const html = call?.html ?? '';
  // one sheet, at the template's paper size, with the order barcode and the order's fields
  expect(html.match(/class="gq-sheet"/g)).toHaveLength(1);
  expect(html).toMatch(/@page \{ size: \d+mm \d+mm/);
  expect(html).toMatch(/<svg|<img/);
  expect(html).toContain(`订单号：${order.order_no}`);
  expect(html).toContain('E2E 买家');
  // The seeded order-sheet template (the centre's default) also prints the inbound carrier and the remark.
  expect(html).toContain(`寄件单号：顺丰速运 ${waybill}`);
  expect(html).toContain('备注：e2e 打印备注');
});

test('the sheets download as a PDF', async ({ page }) => {
  await loginViaApi(page, 'trader');
  await openPrintPage(page, order);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导出 PDF/ }).click()]);
  expect(download.suggestedFilename()).toBe('order-sheets-1.pdf');
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(1000);
});
