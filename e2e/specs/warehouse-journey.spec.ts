/**
 * The warehouse inspector's main journey in a real browser against the seeded demo data: sign in
 * through the 质检端 form, scan an order that is awaiting arrival, receive it into the open batch,
 * record a passing result for each item, bind a tag code, upload an unboxing recording, then find
 * the batch in 批次列表 and the order in 订单列表. One screenshot of each page goes to the test's
 * output folder.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { api, confirmDialog, loginViaApi, loginViaForm, toast, uniqueSuffix } from '../helpers';
import { repoRoot } from '../server';

interface Row {
  id: string;
  order_no: string;
  item_count: number;
  inbound_waybill: string;
}
interface Detail {
  items: { id: string; name: string }[];
}

/** Waits until the open drawer has finished sliding in (its left edge stops moving). */
async function settledDrawer(page: Page): Promise<void> {
  const panel = page.locator('.ant-drawer-content-wrapper').filter({ visible: true });
  let last = -1;
  await expect
    .poll(async () => {
      const x = (await panel.boundingBox())?.x ?? -2;
      const still = x === last;
      last = x;
      return still;
    })
    .toBe(true);
}

const SAMPLE_MP4 = path.join(repoRoot, 'apps/server/src/db/seeds/assets/sample-recording.mp4');

test('inspector scans, receives, inspects and binds an order, then finds it in the batch and order lists', async ({ page }) => {
  test.setTimeout(120_000);
  await loginViaForm(page, 'qualityInspection');
  await expect(page).toHaveURL(/\/warehousing\/qualityInspection$/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();

  // a demo order of this centre still awaiting arrival (one item keeps the journey short)
  const list = await api<{ list: Row[] }>('GET', '/warehouse/v1/Order/list?status=awaiting_arrival&page=1&page_size=100', { token: token! });
  expect(list.code).toBe(1000);
  const order = list.data.list.find((r) => r.item_count === 1) ?? list.data.list[0];
  expect(order, 'the seed has orders awaiting arrival at 广州番禺检测中心').toBeTruthy();
  if (!order) return;
  const detail = await api<Detail>('GET', `/warehouse/v1/Order/detail?id=${order.id}`, { token: token! });
  const items = detail.data.items;

  // the scan box has focus on load: a scanner types the order no and presses Enter
  const scanBox = page.getByLabel('运单号或订单号');
  await expect(scanBox).toBeFocused();
  await page.screenshot({ path: test.info().outputPath('1-quality-inspection-empty.png'), fullPage: true });
  await page.keyboard.type(order.order_no);
  await page.keyboard.press('Enter');
  const bench = page.getByTestId('workbench-order');
  await expect(bench.getByRole('heading', { name: order.order_no })).toBeVisible();
  await expect(bench.locator('.ant-tag', { hasText: '待到仓' }).first()).toBeVisible();
  await expect(bench.getByTestId('countdown').or(bench.getByTestId('overdue'))).toBeVisible();

  // 确认入仓: the toast names the batch; the summary shows the same open batch
  await bench.getByTestId('receive').click();
  const received = toast(page, /已入仓，加入批次 PC\d{11}/);
  await expect(received).toBeVisible();
  const batchNo = /PC\d{11}/.exec((await received.textContent()) ?? '')?.[0] ?? '';
  expect(batchNo).not.toBe('');
  await expect(page.getByTestId('open-batch-no')).toHaveText(batchNo);
  await expect(bench.locator('.ant-tag', { hasText: '已入仓' }).first()).toBeVisible();
  // after an action the scan box has focus again
  await expect(scanBox).toBeFocused();

  // a passing result for each item; the first submit without a conclusion is refused by the form
  for (const [i, it] of items.entries()) {
    const form = page.getByTestId(`inspection-form-${it.id}`);
    await expect(form).toBeVisible();
    if (i === 0) {
      await form.getByRole('button', { name: '提交结果' }).click();
      await expect(form.getByText('请输入检测结论')).toBeVisible();
    }
    await form.getByLabel('颜色').fill('浅绿色');
    await form.getByLabel('检测结论').fill('翡翠（A货）');
    await form.getByText('合格', { exact: true }).click();
    await expect(form.getByTestId(`fee-quote-${it.id}`)).toContainText(/保存将向商户收取 ¥[\d,]+\.\d{2}/);
    await form.getByRole('button', { name: '提交结果' }).click();
    // asked once, with the fee the save charges
    const ask = confirmDialog(page);
    await expect(ask).toContainText(/保存将向商户收取 ¥[\d,]+\.\d{2}（检测费 ¥[\d,]+\.\d{2}，证书费 ¥[\d,]+\.\d{2}）/);
    await ask.getByRole('button', { name: '提交结果' }).click();
    await expect(toast(page, `已保存「${it.name}」的检测结果`)).toBeVisible();
    await expect(form).toBeHidden();
  }
  await expect(bench.locator('.ant-tag', { hasText: '检测合格' }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('2-quality-inspection-order.png'), fullPage: true });

  // bind a tag code to each passed item (scanner: type + Enter)
  for (const it of items) {
    const code = `E2E${uniqueSuffix()}`.slice(0, 20);
    const box = page.getByLabel(`标签码 ${it.name}`);
    await box.fill(code.toLowerCase());
    await box.press('Enter');
    await expect(toast(page, `已将标签码 ${code} 绑定到「${it.name}」`)).toBeVisible();
  }
  await expect(bench.locator('.ant-tag', { hasText: '已绑码' }).first()).toBeVisible();

  // an unboxing recording, with its progress bar, then listed on the order
  await bench.getByText('开箱', { exact: true }).click();
  await page.getByTestId('recording-file').setInputFiles(SAMPLE_MP4);
  await expect(toast(page, '录像已上传')).toBeVisible();
  await expect(bench.getByRole('button', { name: /开箱 · / })).toBeVisible();

  // 批次列表: the open batch with this order
  await page.goto('/warehousing/lotList');
  const batchRow = page.locator('.ant-table-row', { hasText: batchNo });
  await expect(batchRow).toBeVisible();
  await expect(batchRow.locator('.ant-tag', { hasText: '进行中' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('3-lot-list.png'), fullPage: true });
  await batchRow.getByTestId('batch-link').click();
  const drawer = page.getByTestId('batch-drawer');
  await expect(drawer.getByRole('link', { name: order.order_no })).toBeVisible();
  await expect(drawer.getByTestId('batch-status-counts')).toContainText('已绑码');
  await settledDrawer(page);
  await page.screenshot({ path: test.info().outputPath('4-lot-detail.png') });

  // 订单列表 of that batch: the order, bound; its detail shows the tag codes
  await drawer.getByRole('link', { name: '在订单列表中查看' }).click();
  await expect(page).toHaveURL(/\/warehousing\/orderList\?batch_id=\d+/);
  await expect(page.getByTestId('batch-filter')).toContainText(batchNo);
  const orderRow = page.locator('.ant-table-row', { hasText: order.order_no });
  await expect(orderRow).toBeVisible();
  await expect(orderRow.locator('.ant-tag', { hasText: '已绑码' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('5-order-list.png'), fullPage: true });
  await orderRow.getByRole('link', { name: order.order_no }).click();
  const orderDrawer = page.getByTestId('order-drawer');
  await expect(orderDrawer.getByRole('heading', { name: order.order_no })).toBeVisible();
  await expect(orderDrawer.getByText('翡翠（A货）').first()).toBeVisible();
  await settledDrawer(page);
  await page.screenshot({ path: test.info().outputPath('6-order-detail.png') });
});

test('closing the open batch asks first, then prints its list through the browser', async ({ page }) => {
  // the label designer prints from a hidden frame: record what reaches its print()
  await page.addInitScript(() => {
    const w = window as unknown as { __whPrints: string[] };
    w.__whPrints = [];
    const desc = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
    const get = desc?.get;
    if (!desc || !get) return;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      ...desc,
      get(this: HTMLIFrameElement) {
        const win = get.call(this) as Window | null;
        if (win) win.print = () => void w.__whPrints.push(win.document.documentElement.outerHTML);
        return win;
      },
    });
  });
  // no C-Lodop on this PC (nor another spec's fake): the browser path
  await page.route(/^https?:\/\/localhost:(8000|18000|8443|8444)\/CLodopfuncs\.js/, (route) => route.abort('connectionrefused'));
  await loginViaApi(page, 'qualityInspection', { path: '/warehousing/lotList?status=open' });
  const row = page.locator('.ant-table-row', { has: page.locator('.ant-tag', { hasText: '进行中' }) }).first();
  await expect(row).toBeVisible();
  const batchNo = (await row.getByTestId('batch-link').textContent()) ?? '';
  expect(batchNo).toMatch(/^PC\d{11}$/);

  await row.getByRole('button', { name: '关闭批次' }).click();
  const ask = confirmDialog(page);
  await expect(ask).toContainText(`关闭批次 ${batchNo}？`);
  await ask.getByRole('button', { name: '关闭批次' }).click();
  await expect(toast(page, `批次 ${batchNo} 已关闭`)).toBeVisible();
  // closing offers the batch list print
  const offer = confirmDialog(page).filter({ hasText: '打印批次清单' });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: '打印' }).click();
  const prints = () => page.evaluate(() => (window as unknown as { __whPrints: string[] }).__whPrints);
  await expect.poll(async () => (await prints()).length, { timeout: 15_000 }).toBe(1);
  const [html] = await prints();
  expect(html).toContain(batchNo);
  expect(html).toMatch(/JC\d{12}/);
  const sheet = await page.context().newPage();
  await sheet.setContent(html ?? '');
  await sheet.screenshot({ path: test.info().outputPath('7-batch-list-print.png'), fullPage: true });
  await sheet.close();
  // the list of open batches refreshed: the closed one left it
  await expect(page.locator('.ant-table-row', { hasText: batchNo })).toHaveCount(0);
});

test('a bound order ships with its outbound waybill; a failed one goes back to the merchant after the confirmation', async ({ page }) => {
  const s = await loginViaApi(page, 'qualityInspection');
  const pick = async (status: string) => {
    const r = await api<{ list: Row[] }>('GET', `/warehouse/v1/Order/list?status=${status}&page=1&page_size=50`, { token: s.token });
    expect(r.code).toBe(1000);
    // the last of the page: the journey above works on the newest orders
    return r.data.list.at(-1);
  };
  const bound = await pick('bound');
  const failed = await pick('failed');
  expect(bound && failed, 'the seed has bound and failed orders').toBeTruthy();
  if (!bound || !failed) return;
  const scanBox = page.getByLabel('运单号或订单号');
  const bench = page.getByTestId('workbench-order');

  await scanBox.fill(bound.order_no);
  await scanBox.press('Enter');
  await expect(bench.getByRole('heading', { name: bound.order_no })).toBeVisible();
  const ship = page.getByTestId('ship-form');
  const waybill = `SF${uniqueSuffix()}`.slice(0, 20);
  await ship.getByLabel('发货运单号').fill(waybill);
  await ship.getByLabel('发货运单号').press('Enter');
  await expect(toast(page, `订单 ${bound.order_no} 已发货`)).toBeVisible();
  await expect(bench.locator('.ant-tag', { hasText: '已发货' }).first()).toBeVisible();
  await expect(bench).toContainText(waybill);
  await expect(page.getByTestId('ship-form')).toHaveCount(0);

  await scanBox.fill(failed.order_no);
  await scanBox.press('Enter');
  await expect(bench.getByRole('heading', { name: failed.order_no })).toBeVisible();
  const ret = page.getByTestId('return-form');
  await ret.getByText('商家自提').click();
  await ret.getByLabel('取件人').fill('王师傅');
  await ret.getByRole('button', { name: '确认退回' }).click();
  const ask = confirmDialog(page);
  await expect(ask).toContainText(`确认退回订单 ${failed.order_no}？`);
  await ask.getByRole('button', { name: '确认退回' }).click();
  await expect(toast(page, `订单 ${failed.order_no} 已退回商家`)).toBeVisible();
  await expect(bench.locator('.ant-tag', { hasText: '商家已自提' }).first()).toBeVisible();
});
