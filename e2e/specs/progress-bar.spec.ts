/**
 * Spec §2 Shell: "A thin top progress bar without spinner." It shows on each navigation and ends
 * once the page is there (it used to stay at ~45% after in-app navigation).
 */
import { expect, test } from '@playwright/test';
import { loginViaApi } from '../helpers';

test('the top progress bar ends after the first load and after each in-app navigation', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/list' });
  const bar = page.locator('#nprogress');
  await expect(bar).toHaveCount(0);
  await expect(page.locator('#nprogress .spinner')).toHaveCount(0);
  for (const entry of ['录像管理', '绑码记录', '检测管理']) {
    await page.locator('.sidebar-container').getByText(entry, { exact: true }).click();
    await expect(page.locator('.page-title-bar')).toContainText(entry);
    await expect(bar).toHaveCount(0, { timeout: 5_000 });
  }
  // a search on a list is a navigation too (the filters live in the URL)
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(bar).toHaveCount(0, { timeout: 5_000 });
});
