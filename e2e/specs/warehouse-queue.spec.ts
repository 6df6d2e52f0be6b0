/**
 * Issue 15 "Warehouse bulk work": 连续入仓 receives parcel after parcel as a scanner types them,
 * without a click each and without waiting for the previous answer; a parcel scanned twice is
 * received once and the second line says why not.
 */
import { expect, test } from '@playwright/test';
import { api, apiLogin, enterWaybillViaApi, loginViaApi, uniqueSuffix } from '../helpers';

async function awaitingParcel(token: string, centreId: string, gemId: string): Promise<{ order_no: string; waybill: string }> {
  const created = await api<{ id: string; order_no: string }>('POST', '/merchant/v1/Testing/orderCreate', {
    token,
    body: {
      centre_id: centreId,
      buyer_name: 'E2E 买家',
      buyer_phone: '13511112222',
      buyer_address: '广东省广州市番禺区 E2E 测试路 5 号',
      items: [{ name: `连续入仓 ${uniqueSuffix()}`, category_id: gemId, declared_value: 10_000 }],
    },
  });
  expect(created.code, created.msg).toBe(1000);
  const waybill = `YT${uniqueSuffix()}`.slice(0, 20);
  await enterWaybillViaApi(token, created.data.id, waybill);
  return { order_no: created.data.order_no, waybill };
}

test('连续入仓 receives three parcels scanned in a row and refuses the repeat', async ({ page }) => {
  const merchant = await apiLogin('trader');
  const [stations, gems] = await Promise.all([
    api<{ id: string }[]>('GET', '/merchant/v1/Testing/stationList', { token: merchant.token }),
    api<{ id: string }[]>('GET', '/merchant/v1/Testing/gemList', { token: merchant.token }),
  ]);
  const parcels = [];
  for (let i = 0; i < 3; i++) parcels.push(await awaitingParcel(merchant.token, stations.data[0]!.id, gems.data[0]!.id));

  await loginViaApi(page, 'qualityInspection');
  await page.goto('/warehousing/qualityInspection');
  await page.getByTestId('queue-mode').click();
  const queue = page.getByTestId('scan-queue');
  await expect(queue).toBeVisible();

  // a scanner: characters and Enter, one parcel after another, no waiting for the answers
  const box = queue.locator('input').first();
  await box.focus();
  for (const p of [...parcels.map((x) => x.waybill), parcels[0]!.waybill]) {
    await page.keyboard.type(p);
    await page.keyboard.press('Enter');
  }

  const entries = queue.getByTestId('scan-queue-entry');
  await expect(entries).toHaveCount(4);
  await expect(queue.locator('[data-testid="scan-queue-entry"][data-state="received"]')).toHaveCount(3, { timeout: 20_000 });
  await expect(queue.locator('[data-testid="scan-queue-entry"][data-state="refused"]')).toHaveCount(1);
  // newest first: the repeat is on top and says the order is in already
  await expect(entries.first()).toContainText(parcels[0]!.waybill);
  await expect(entries.first()).toContainText('未入仓');
  for (const p of parcels) await expect(queue.getByText(p.order_no).last()).toBeVisible();
  await expect(page.getByTestId('scan-queue-counts')).toContainText('已入仓 3 · 未入仓 1 · 处理中 0');

  // the switch is remembered on this PC
  await page.reload();
  await expect(page.getByTestId('scan-queue')).toBeVisible();
});
