/** Issue 3 end-to-end: 日报表 draws its two ECharts charts and the per-day table. */
import { expect, test } from '@playwright/test';
import { loginViaApi } from '../helpers';

test('日报表 shows the charts of orders by state and fees, and a row per day', async ({ page }) => {
  await loginViaApi(page, 'trader', { path: '/trader/order/statistics' });
  for (const id of ['chart-status', 'chart-fees']) {
    const canvas = page.getByTestId(id).locator('canvas');
    await expect(canvas.first()).toBeVisible();
    const box = await canvas.first().boundingBox();
    expect(box?.width ?? 0, `${id} width`).toBeGreaterThan(100);
    expect(box?.height ?? 0, `${id} height`).toBeGreaterThan(100);
    // something was drawn: the canvas is not blank
    const drawn = await canvas.first().evaluate((el) => {
      const c = el as HTMLCanvasElement;
      const ctx = c.getContext('2d');
      if (!ctx) return 0;
      const data = ctx.getImageData(0, 0, c.width, c.height).data;
      let painted = 0;
      for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) painted++;
      return painted;
    });
    expect(drawn, `${id} pixels drawn`).toBeGreaterThan(1000);
  }
  // 30 days by default, newest first, and the totals row
  const rows = page.locator('.ant-table-tbody .ant-table-row');
  await expect(rows).toHaveCount(30);
  await expect(rows.first()).toContainText(new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10));
  await expect(page.locator('tfoot.ant-table-summary')).toContainText('合计');
});
