/**
 * Interception end to end (issue 17) in a real browser against the seeded demo: the local fake
 * Doudian platform pushes a signed buyer refund for an order at 广州番禺检测中心; the service
 * centre's banner shows it within one refresh cycle without a reload; the warehouse scanning that
 * parcel is refused loudly (red block, alarm sound) with the reason and shipping it is refused; the
 * return by post from 拦截退回 moves it to 已退回 and the merchant sees it on the order.
 */
import fs from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DOUDIAN_PUSH_PATH } from '@gemqc/contract';
import { newMsgId, refundCreatedData, REFUND_CREATED_TAG, sendPush } from '../../apps/server/src/integrations/doudian/push';
import { HOME, api, baseUrl, sharedApiSession, toast, writeSession, type ApiSession, type UserType } from '../helpers';

// the embedded fake platform's app (the server's defaults: DOUDIAN_APP_KEY / DOUDIAN_APP_SECRET)
const app = { appKey: 'demo-app-key', appSecret: 'demo-app-secret' };
const SHOP = '4463798'; // 翠玉轩珠宝官方旗舰店, the seed's authorised shop
/** A shared 2-core machine under load answers slowly: waits for the server get this long. */
const SLOW = 30_000;

interface Row {
  id: string;
  order_no: string;
  platform_order_id: string | null;
  shop_name: string;
  merchant_name: string;
  status: string;
}

/** Signs in through the API (the run's shared session) and opens `path`; waits as long as a loaded machine needs. */
async function loginViaApi(page: Page, userType: UserType, opts: { path?: string } = {}): Promise<ApiSession> {
  const s = await sharedApiSession(userType);
  await writeSession(page, s);
  await page.goto(opts.path ?? HOME[userType]);
  await expect(page.locator('header.navbar')).toBeVisible({ timeout: SLOW });
  return s;
}

async function newPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext();
  return ctx.newPage();
}

test('a Doudian refund intercepts the order: centre banner live, warehouse scan refused, return by post → 已退回 for the merchant', async ({ browser }) => {
  test.setTimeout(240_000);
  // ---- the service centre watches its order list (the banners sit above every page)
  const centre = await newPage(browser);
  const base = await loginViaApi(centre, 'base');

  // a demo order of 翠玉轩's Doudian shop at this centre, goods at the centre (passed: not yet bound by another spec)
  const list = await api<{ list: Row[] }>('GET', '/center/v1/Order/list?status=passed&page=1&page_size=100', { token: base.token });
  const order = list.data.list.filter((r) => r.platform_order_id && r.merchant_name === '翠玉轩珠宝' && r.shop_name).at(-1);
  expect(order, 'the seed has passed orders of 翠玉轩’s shop at 广州番禺检测中心').toBeTruthy();
  if (!order) return;
  await expect(centre.getByTestId('intercept-alert')).toHaveCount(0);
  const banner = centre.locator('.centre-banners');
  await expect(banner.getByRole('link', { name: order.order_no })).toHaveCount(0);

  // ---- the fake platform pushes the buyer's refund, signed as Doudian's message service signs it
  const push = await sendPush(`${baseUrl()}/api${DOUDIAN_PUSH_PATH}`, app, [
    { tag: REFUND_CREATED_TAG, msg_id: newMsgId(), data: refundCreatedData({ shopId: SHOP, orderId: order.platform_order_id!, aftersaleType: 2, refundAmount: 99900 }) },
  ]);
  expect(push.status).toBe(200);
  expect(JSON.parse(push.body)).toEqual({ code: 0, msg: 'success' });

  // within one refresh cycle (15 s) and without a reload, the banner names the order and the reason
  const line = banner.locator('li').filter({ has: centre.getByRole('link', { name: order.order_no }) });
  await expect(line).toBeVisible({ timeout: 15_000 + SLOW });
  await expect(line).toContainText('抖店买家申请售后');
  await centre.screenshot({ path: test.info().outputPath('1-centre-banner.png') });

  // ---- the warehouse scans that parcel for packing: a red block, an alarm, the reason
  const bench = await newPage(browser);
  await bench.addInitScript(() => {
    // count alarm sounds (the page plays them through the Web Audio API)
    const w = window as unknown as { __alarms: number };
    w.__alarms = 0;
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      w.__alarms++;
      return create.call(this);
    };
  });
  const inspector = await loginViaApi(bench, 'qualityInspection');
  const scanBox = bench.getByLabel('运单号或订单号');
  await scanBox.fill(order.order_no);
  await scanBox.press('Enter');
  const alarm = bench.getByTestId('intercept-alarm');
  await expect(alarm).toBeVisible({ timeout: SLOW });
  await expect(alarm).toContainText('已拦截 · 禁止发货');
  await expect(alarm).toContainText('抖店买家申请售后');
  const colour = await alarm.evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(colour).toMatch(/^rgb\((207, 19, 34|2\d\d, \d{1,2}, \d{1,2})\)$/); // red
  await expect.poll(() => bench.evaluate(() => (window as unknown as { __alarms: number }).__alarms)).toBeGreaterThan(0);
  await bench.screenshot({ path: test.info().outputPath('2-warehouse-scan-refused.png') });
  // shipping it is refused by the server with the reason too
  const ship = await api('POST', '/warehouse/v1/Order/ship', { token: inspector.token, body: { id: order.id, carrier: '顺丰速运', waybill: 'SF1234567890' } });
  expect(ship.code).toBe(1001);
  expect(ship.msg).toContain('抖店买家申请售后');

  // ---- 拦截退回: the order is in the queue; return it by post (the waybill scanned, Enter submits)
  await bench.goto('/warehousing/interceptReturn');
  const queue = bench.getByTestId('return-queue');
  await expect(queue.getByRole('cell', { name: order.order_no })).toBeVisible({ timeout: SLOW });
  await bench.screenshot({ path: test.info().outputPath('3-return-queue.png') });
  await bench.getByTestId(`return-post-${order.order_no}`).click();
  const waybill = bench.getByTestId('return-waybill');
  await expect(waybill).toBeFocused();
  await waybill.fill('SF5566778899');
  await waybill.press('Enter');
  await expect(toast(bench, `订单 ${order.order_no}：已退回`)).toBeVisible({ timeout: SLOW });
  await expect(queue.getByRole('cell', { name: order.order_no })).toHaveCount(0, { timeout: SLOW });

  // ---- the merchant sees 已退回 with how the goods come back
  const merchant = await newPage(browser);
  await loginViaApi(merchant, 'trader', { path: `/trader/order/detail?id=${order.id}` });
  await expect(merchant.getByText('已退回').first()).toBeVisible({ timeout: SLOW });
  const panel = merchant.getByTestId('interception-panel');
  await expect(panel).toContainText('SF5566778899');
  await expect(merchant.getByTestId('interception-next-step')).toContainText('货品已快递寄回商家');
  await merchant.screenshot({ path: test.info().outputPath('4-merchant-returned.png'), fullPage: true });
});

test('a platform manager finds an order of any centre by its number and intercepts it with a reason; the merchant collects it with a signature photo', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const base = await sharedApiSession('base');
  const list = await api<{ list: Row[] }>('GET', '/center/v1/Order/list?status=inspecting&page=1&page_size=100', { token: base.token });
  const order = list.data.list.at(-1);
  expect(order, 'the seed has orders under inspection at 广州番禺检测中心').toBeTruthy();
  if (!order) return;

  await loginViaApi(page, 'manage', { path: '/manage/intercept/order' });
  await expect(page.getByRole('menuitem', { name: '订单拦截' })).toBeVisible();
  await page.getByLabel('订单号 / 平台订单号 / 运单号').fill(order.order_no);
  await page.getByLabel('订单号 / 平台订单号 / 运单号').press('Enter');
  const row = page.getByTestId('manage-order-results').locator('.ant-table-row', { hasText: order.order_no });
  await expect(row).toBeVisible({ timeout: SLOW });
  await expect(row).toContainText('广州番禺检测中心');
  await page.screenshot({ path: test.info().outputPath('manager-intercept.png'), fullPage: true });

  await row.getByRole('button', { name: '拦截' }).click();
  // a reason is required, with a sentence (pressed once the dialog's field is there)
  await expect(page.getByTestId('intercept-reason')).toBeFocused();
  await page.getByRole('dialog').getByRole('button', { name: '提交' }).click();
  await expect(page.getByRole('dialog').getByText(/请填写拦截原因/)).toBeVisible();
  await page.getByTestId('intercept-reason').fill('平台客服：买家投诉，暂停发货');
  await page.getByRole('dialog').getByRole('button', { name: '提交' }).click();
  await expect(toast(page, `订单 ${order.order_no} 已拦截`)).toBeVisible({ timeout: SLOW });
  await expect(row.locator('.ant-tag', { hasText: '已拦截' })).toBeVisible({ timeout: SLOW });
  await expect(row).toContainText('平台客服：买家投诉，暂停发货');

  // the centre sees the reason on the order
  const after = await api<{ list: Row[] }>('GET', `/center/v1/Order/list?order_no=${order.order_no}&page=1&page_size=10`, { token: base.token });
  expect(after.data.list[0]?.status).toBe('intercepted');

  // the merchant collects it at the warehouse: who, and a photo of the signature
  const wh = await newPage(browser);
  await loginViaApi(wh, 'qualityInspection', { path: '/warehousing/interceptReturn' });
  await wh.getByTestId(`return-pickup-${order.order_no}`).click({ timeout: SLOW });
  await wh.getByTestId('return-who').fill('李四');
  const png = test.info().outputPath('signature.png');
  fs.writeFileSync(png, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'));
  await wh.getByRole('dialog').locator('input[type=file]').setInputFiles(png);
  await expect(wh.getByRole('dialog').locator('.ant-upload-list-item-done, .ant-upload-list-item:not(.ant-upload-list-item-uploading)')).toHaveCount(1, { timeout: SLOW });
  await wh.screenshot({ path: test.info().outputPath('pickup-signature.png') });
  await wh.getByRole('dialog').getByRole('button', { name: '商家自提' }).click();
  await expect(toast(wh, new RegExp(`订单 ${order.order_no}：`))).toBeVisible({ timeout: SLOW });
  const info = await api<{ return_info: { picked_up_by: string; signature_url: string } }>('GET', `/center/v1/Order/interception?id=${order.id}`, { token: base.token });
  expect(info.data.return_info.picked_up_by).toBe('李四');
  expect(info.data.return_info.signature_url).toMatch(/Inspection\/photo/);
});
