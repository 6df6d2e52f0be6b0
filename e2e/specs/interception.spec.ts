/**
 * Interception end to end (issue 17) in a real browser against the seeded demo: the local fake
 * Doudian platform pushes a signed buyer refund for an order at 广州番禺检测中心; the service
 * centre's banner shows it within one refresh cycle without a reload; the warehouse scanning that
 * parcel is refused loudly (red block, alarm sound) with the reason and shipping it is refused; the
 * return by post from 拦截退回 moves it to 已退回 and the merchant sees it on the order.
 */
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
