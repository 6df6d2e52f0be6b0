import { chromium } from 'playwright-core';
import { startServer } from '../e2e/server';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const server = await startServer();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
const ctx = await browser.newContext({ baseURL: server.url, locale: 'zh-CN' });
const p = await ctx.newPage();
await p.goto('/trader/login');
await p.getByLabel('手机号').fill('13800000001');
await p.getByLabel('密码').fill('Demo@123456');
await p.keyboard.press('Enter');
await p.waitForURL('**/trader/order/list');
const state = await ctx.storageState();
for (let i = 0; i < 2; i++) {
const c2 = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', storageState: state });
const page = await c2.newPage();
const t0 = Date.now();
page.on('request', (r) => console.log('REQ', Date.now() - t0, r.resourceType(), new URL(r.url()).pathname + new URL(r.url()).search));
page.on('requestfinished', (r) => console.log('FIN', Date.now() - t0, new URL(r.url()).pathname));
await page.goto('/trader/order/list');
await page.locator('.ant-table-row').first().waitFor();
console.log('ROW', Date.now() - t0);
console.log(await page.evaluate(() => performance.getEntriesByType('resource').map((e: any) => `${e.name.replace(location.origin,'')} start ${e.startTime.toFixed(0)} resp ${e.responseStart.toFixed(0)} end ${e.responseEnd.toFixed(0)} size ${e.transferSize}`).join('\n')));
await page.waitForLoadState('networkidle');
await c2.close();
}
await browser.close(); await server.stop();
