import zlib from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../e2e/server';
import type { Benchmark } from './registry';

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * Gzip bytes of the JS and CSS a browser really loads: the trader login page, and the first portal
 * page (the merchant's order list opened directly by a signed-in user). Counted in Chromium from the
 * responses, so lazy chunks the page pulls in are included and chunks it never loads are not.
 */
export const bundleBenchmark: Benchmark = {
  name: 'bundle',
  description: 'gzip bytes of JS+CSS loaded by the login page and by the first portal page (needs `npm run build`)',
  async run() {
    const server = await startServer();
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
    try {
      const loginCtx = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
      const login = await loginCtx.newPage();
      const loginBytes = collect(login);
      await login.goto('/trader/login', { waitUntil: 'networkidle', timeout: 120_000 });
      const loginFigure = await sum(loginBytes);

      await login.getByLabel('手机号').fill('13800000001');
      await login.getByLabel('密码').fill('Demo@123456');
      await login.keyboard.press('Enter');
      await login.waitForURL('**/trader/order/list', { timeout: 120_000 });
      const state = await loginCtx.storageState();

      const portalCtx = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', storageState: state });
      const portal = await portalCtx.newPage();
      const portalBytes = collect(portal);
      await portal.goto('/trader/order/list', { waitUntil: 'networkidle', timeout: 120_000 });
      await portal.locator('.ant-table-row').first().waitFor({ timeout: 120_000 });
      await portal.waitForLoadState('networkidle', { timeout: 120_000 });
      const portalFigure = await sum(portalBytes);
      return [
        { name: 'login page JS+CSS (gzip)', value: loginFigure.bytes / 1024, unit: 'KB', budget: { max: 160 }, note: `${loginFigure.files} files` },
        { name: 'first portal page JS+CSS (gzip)', value: portalFigure.bytes / 1024, unit: 'KB', budget: { max: 400 }, note: `${portalFigure.files} files, /trader/order/list` },
      ];
    } finally {
      await browser.close();
      await server.stop();
    }
  },
};

/** BENCH_VERBOSE=1 prints each file's gzip size (largest first) to see where the bytes go. */
const VERBOSE = process.env.BENCH_VERBOSE === '1';

function collect(page: Page): Promise<number>[] {
  const sizes: Promise<number>[] = [];
  // a file preloaded and then imported answers twice (the second from the memory cache): count it once
  const seen = new Set<string>();
  page.on('response', (res) => {
    const type = res.request().resourceType();
    if ((type !== 'script' && type !== 'stylesheet') || seen.has(res.url())) return;
    seen.add(res.url());
    sizes.push(
      res
        .body()
        .then((body) => {
          const gz = zlib.gzipSync(body).length;
          if (VERBOSE) console.log(`    ${(gz / 1024).toFixed(1).padStart(6)} KB  ${new URL(page.url() || res.url()).pathname} ${new URL(res.url()).pathname}`);
          return gz;
        })
        .catch(() => 0),
    );
  });
  return sizes;
}

async function sum(sizes: Promise<number>[]): Promise<{ bytes: number; files: number }> {
  const all = await Promise.all(sizes);
  return { bytes: all.reduce((a, b) => a + b, 0), files: all.length };
}
