/**
 * Issue 25 "Daily work that survives": a scan made while the warehouse network is down is kept
 * and received once when it comes back; a page whose chunk does not load shows 刷新 in words and
 * recovers; offline, 导出 says why at once; a new deploy asks to reload.
 */
import { expect, test } from '@playwright/test';
import { api, apiLogin, createOrderViaApi, enterWaybillViaApi, loginViaApi, pageSettled, uniqueSuffix } from '../helpers';

test('a scan made offline is kept, shown, and received once after the network returns', async ({ page, context }) => {
  const merchant = await apiLogin('trader');
  const order = await createOrderViaApi(merchant.token);
  const waybill = `YT${uniqueSuffix()}`.slice(0, 20);
  await enterWaybillViaApi(merchant.token, order.id, waybill);

  const qi = await loginViaApi(page, 'qualityInspection', { path: '/warehousing/qualityInspection' });
  const box = page.getByTestId('scan-input').locator('input').first();
  await expect(box).toBeVisible();
  await pageSettled(page);

  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toContainText('网络已断开');
  // the scanner types the parcel, and (a nervous worker) once more
  const kept = page.getByTestId('offline-scan');
  for (let i = 0; i < 2; i++) {
    await box.focus();
    await page.keyboard.type(waybill);
    await page.keyboard.press('Enter');
    // the box clears once the scan is kept (typing on before that lost a character under load)
    await expect(kept).toHaveCount(i + 1);
    await expect(box).toHaveValue('');
  }
  await expect(kept).toHaveCount(2);
  await expect(kept.first()).toHaveAttribute('data-state', 'waiting');
  await expect(kept.first()).toContainText(waybill);
  await expect(kept.first()).toContainText('扫描于');
  await expect(page.getByTestId('offline-scans-counts')).toContainText('待提交 2');

  // a reload while offline loses nothing (IndexedDB); the shell's code is in the browser's cache
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByTestId('offline-scan')).toHaveCount(2);

  // back online: replayed in scan order; the parcel is received once, the repeat is a conflict
  await expect(page.locator('[data-testid="offline-scan"][data-state="done"]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('[data-testid="offline-scan"][data-state="conflict"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="offline-scan"][data-state="done"]')).toContainText('已入仓，批次');
  await expect(page.locator('[data-testid="offline-scan"][data-state="conflict"]')).toContainText('订单已入仓');
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);

  const detail = await api<{ order: { status: string }; events: { to_status: string }[] }>('GET', `/warehouse/v1/Order/detail?id=${order.id}`, { token: qi.token });
  expect(detail.data.order.status).toBe('received');
  expect(detail.data.events.filter((e) => e.to_status === 'received')).toHaveLength(1);

  // the queue belongs to this account: 清除已完成 empties it
  await page.getByRole('button', { name: '清除已完成' }).click();
  await expect(page.getByTestId('offline-scans')).toHaveCount(0);
});

test('a page whose chunk does not load (404) shows 刷新 in words, and 刷新 recovers', async ({ page }) => {
  await loginViaApi(page, 'qualityInspection', { path: '/warehousing/qualityInspection' });
  await pageSettled(page);
  const missing = '**/assets/LotListPage-*.js';
  await page.route(missing, (r) => r.fulfill({ status: 404, contentType: 'text/plain', body: 'Not Found' }));
  await page.goto('/warehousing/qualityInspection');
  await pageSettled(page);
  await page.getByRole('menuitem', { name: '批次列表' }).click();
  await expect(page).toHaveURL(/\/warehousing\/lotList/);
  const fallback = page.getByTestId('app-fallback');
  await expect(fallback).toContainText('页面没有加载出来');
  await expect(fallback).toContainText('请点击“刷新”');
  await expect(fallback).not.toContainText('Failed to fetch');
  // the shell stays (menu, navbar): not a white window
  await expect(page.locator('header.navbar')).toBeVisible();

  await page.unroute(missing);
  await fallback.getByRole('button', { name: '刷新' }).click();
  await expect(page).toHaveURL(/\/warehousing\/lotList/);
  await expect(page.getByTestId('app-fallback')).toHaveCount(0);
  await expect(page.locator('.ant-table').first()).toBeVisible();
});

test('offline: the banner shows and 导出 says at once that the network is needed', async ({ page, context }) => {
  await loginViaApi(page, 'qualityInspection', { path: '/warehousing/lotList' });
  await pageSettled(page);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.getByRole('button', { name: /导\s*出/ }).first().click();
  await expect(page.locator('.ant-message')).toContainText('网络已断开，请联网后再试', { timeout: 3_000 });
  await context.setOffline(false);
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
});

test('a new deploy is noticed: 刷新 is offered, and the next page change loads the new build', async ({ page }) => {
  await loginViaApi(page, 'qualityInspection', { path: '/warehousing/qualityInspection' });
  await pageSettled(page);
  await page.route('**/version.json*', (r) => r.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ version: 'next-build' }) }));
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByTestId('update-notice')).toContainText('系统已更新');
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByRole('menuitem', { name: '批次列表' }).click();
  // a full load of the new page (the marker of the old document is gone)
  await expect.poll(() => page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed ?? false).catch(() => true)).toBe(false);
  await expect(page).toHaveURL(/\/warehousing\/lotList/);
});

test('offline, a page not visited before shows why instead of a white window, and loads by itself when the network returns', async ({ page, context }) => {
  await loginViaApi(page, 'qualityInspection', { path: '/warehousing/qualityInspection' });
  await pageSettled(page);
  await context.setOffline(true);
  await page.getByRole('menuitem', { name: '订单列表' }).click();
  const fallback = page.getByTestId('app-fallback');
  await expect(fallback).toContainText('网络已断开。网络恢复后页面会自动重新加载');
  await expect(page.locator('header.navbar')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByTestId('app-fallback')).toHaveCount(0);
  await expect(page).toHaveURL(/\/warehousing\/orderList/);
  await expect(page.locator('.ant-table').first()).toBeVisible();
});
