/**
 * Issue 3 end-to-end: a recording of one of the merchant's orders plays in the browser (the signed
 * URL streams the seeded sample MP4 with Range requests). Seeded orders past inspection have one.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, loginViaApi } from '../helpers';

interface Recording {
  id: string;
  order_id: string;
  order_no: string;
  kind: string;
}

/** Mutes the player and starts it (headless autoplay with sound may be refused), then waits for frames. */
async function expectPlays(page: Page): Promise<void> {
  const video = page.getByTestId('recording-video');
  await expect(video).toBeVisible();
  await video.evaluate(async (el) => {
    const v = el as HTMLVideoElement;
    v.muted = true;
    await v.play();
  });
  await expect
    .poll(() => video.evaluate((el) => (el as HTMLVideoElement).readyState >= 2 && (el as HTMLVideoElement).currentTime > 0), { timeout: 15_000 })
    .toBe(true);
  const state = await video.evaluate((el) => {
    const v = el as HTMLVideoElement;
    return { width: v.videoWidth, paused: v.paused, error: v.error?.code ?? 0 };
  });
  expect(state).toMatchObject({ paused: false, error: 0 });
  expect(state.width).toBeGreaterThan(0);
}

test('a recording plays from the order detail', async ({ page }) => {
  const s = await loginViaApi(page, 'trader');
  const res = await api<{ list: Recording[]; total: number }>('GET', '/merchant/v1/Testing/videoList?page=1&page_size=20', { token: s.token });
  expect(res.code).toBe(1000);
  const rec = res.data.list[0];
  expect(rec, 'the seed has recordings for 翠玉轩珠宝').toBeTruthy();
  if (!rec) return;

  const media = page.waitForResponse((r) => r.url().includes('/merchant/v1/Testing/video') && r.request().headers().range !== undefined);
  await page.goto(`/trader/order/detail?id=${rec.order_id}`);
  await expect(page.getByRole('heading', { name: rec.order_no })).toBeVisible();
  const card = page.locator('.ant-card', { hasText: '录像' });
  await card.getByRole('button').first().click();
  const modal = page.getByRole('dialog').filter({ hasText: rec.order_no });
  await expect(modal).toBeVisible();
  // the browser streams it with Range requests (206)
  expect((await media).status()).toBe(206);
  await expectPlays(page);

  await modal.locator('.ant-modal-close').click();
  await expect(page.getByTestId('recording-video')).toHaveCount(0);
});

test('a recording plays from 录像管理', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/videoManage' });
  const row = page.locator('.ant-table-tbody .ant-table-row').first();
  await expect(row).toBeVisible();
  const orderNo = (await row.locator('a').first().innerText()).trim();
  await row.getByRole('button', { name: /播\s?放/ }).click();
  await expect(page.getByRole('dialog').filter({ hasText: orderNo })).toBeVisible();
  await expectPlays(page);
});
