/**
 * No refund missed (issue 23) in a real browser against the seeded demo: the buyer asks Doudian for
 * a refund while the parcel is still on its way to 广州番禺检测中心 (待到仓). The push is recorded at
 * once; when the warehouse scans the parcel in, the scan stops with the reason in words (the
 * merchant chose 售后优先) and the order is intercepted straight away — it is on the 拦截退回 shelf.
 */
import { expect, test, type Page } from '@playwright/test';
import { DOUDIAN_PUSH_PATH } from '@gemqc/contract';
import { newMsgId, refundCreatedData, REFUND_CREATED_TAG, sendPush } from '../../apps/server/src/integrations/doudian/push';
import { HOME, api, baseUrl, sharedApiSession, writeSession, type UserType } from '../helpers';

const app = { appKey: 'demo-app-key', appSecret: 'demo-app-secret' };
const SHOP = '4463798'; // 翠玉轩珠宝官方旗舰店
const SLOW = 30_000;

interface Row {
  id: string;
  order_no: string;
  platform_order_id: string | null;
  shop_name: string;
  merchant_name: string;
  status: string;
}

async function login(page: Page, userType: UserType, path?: string) {
  const s = await sharedApiSession(userType);
  await writeSession(page, s);
  await page.goto(path ?? HOME[userType]);
  await expect(page.locator('header.navbar')).toBeVisible({ timeout: SLOW });
  return s;
}

test('a refund pushed while the parcel is in transit stops the intake scan with the reason; the order is intercepted and on the return shelf', async ({ page }) => {
  test.setTimeout(180_000);
  const inspector = await sharedApiSession('qualityInspection');
  const list = await api<{ list: Row[] }>('GET', '/warehouse/v1/Order/list?status=awaiting_arrival&page=1&page_size=100', { token: inspector.token });
  const order = list.data.list.filter((r) => r.platform_order_id && r.merchant_name === '翠玉轩珠宝' && r.shop_name).at(-1);
  expect(order, 'the seed has parcels of 翠玉轩’s shop on their way to 广州番禺检测中心').toBeTruthy();
  if (!order) return;

  // the buyer's refund, signed as Doudian's message service signs it
  const push = await sendPush(`${baseUrl()}/api${DOUDIAN_PUSH_PATH}`, app, [
    { tag: REFUND_CREATED_TAG, msg_id: newMsgId(), data: refundCreatedData({ shopId: SHOP, orderId: order.platform_order_id!, aftersaleType: 2, refundAmount: 128000 }) },
  ]);
  expect(push.status).toBe(200);
  // recorded at once: the order still travels, its refund is known
  const info = await api<{ refund_notices: { outcome: string }[] }>('GET', `/warehouse/v1/Order/interception?id=${order.id}`, { token: inspector.token });
  expect(info.data.refund_notices.map((n) => n.outcome)).toContain('intercept_on_arrival');

  // the parcel arrives: the inspector scans it in
  await login(page, 'qualityInspection');
  const scanBox = page.getByLabel('运单号或订单号');
  await scanBox.fill(order.order_no);
  await scanBox.press('Enter');
  const notice = page.getByTestId('refund-notice');
  await expect(notice).toBeVisible({ timeout: SLOW });
  await expect(notice).toContainText('商家设置为「售后优先」：订单已拦截，请勿检测和发货，把货品放到拦截退回货架');
  await expect(notice).toContainText('抖店买家申请售后');
  await expect(page.getByTestId('intercept-alarm')).toBeVisible({ timeout: SLOW });
  await expect(page.getByTestId('intercept-alarm')).toContainText('已拦截');
  await expect(page.getByTestId('receive')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('1-scan-stopped.png'), fullPage: true });

  // the order is intercepted: it waits on the 拦截退回 shelf
  await page.goto('/warehousing/interceptReturn');
  await expect(page.getByTestId('return-queue').getByRole('cell', { name: order.order_no })).toBeVisible({ timeout: SLOW });
  await page.screenshot({ path: test.info().outputPath('2-return-shelf.png'), fullPage: true });
});
