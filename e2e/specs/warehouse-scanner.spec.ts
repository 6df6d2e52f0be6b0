/**
 * 入仓质检 at a scanning station, in a real browser, with the keyboard as a barcode scanner types
 * (characters then Enter into whatever has focus):
 * - without 扫码自动入仓, scanning the order on the bench again receives it (no mouse);
 * - with 扫码自动入仓 and 绑码后自动打印 on (remembered after a reload): a scan receives the parcel;
 *   the result that passes the order puts the focus in that item's 绑码 box; a tag code the server
 *   refuses stays selected so the next scan replaces it (it was appended: "T088000001T099000888"
 *   got bound); a bind moves on to the item still without a tag, the last one to the scan box; each
 *   bind prints the item's certificate label with the centre's default template through the
 *   browser (no C-Lodop here); 打印全部标签 prints them all in one job.
 */
import { expect, test, type Page } from '@playwright/test';
import { api, apiLogin, confirmDialog, enterWaybillViaApi, loginViaApi, toast, uniqueSuffix } from '../helpers';

interface Detail {
  items: { id: string; name: string; certificate_no: string | null; bound_code: string | null }[];
  codes: { code: string; state: string }[];
}

/** A testing order of the demo merchant at its first centre with `n` items, awaiting arrival. */
async function awaitingOrder(n: number): Promise<{ id: string; order_no: string; waybill: string; items: string[] }> {
  const merchant = await apiLogin('trader');
  const [stations, gems] = await Promise.all([
    api<{ id: string }[]>('GET', '/merchant/v1/Testing/stationList', { token: merchant.token }),
    api<{ id: string }[]>('GET', '/merchant/v1/Testing/gemList', { token: merchant.token }),
  ]);
  const names = Array.from({ length: n }, (_, i) => `扫码${i + 1}号 ${uniqueSuffix()}`);
  const created = await api<{ id: string; order_no: string }>('POST', '/merchant/v1/Testing/orderCreate', {
    token: merchant.token,
    body: {
      centre_id: stations.data[0]!.id,
      buyer_name: 'E2E 买家',
      buyer_phone: '13511112222',
      buyer_address: '广东省广州市番禺区 E2E 测试路 2 号',
      items: names.map((name) => ({ name, category_id: gems.data[0]!.id, declared_value: 12_345 })),
    },
  });
  expect(created.code, created.msg).toBe(1000);
  const waybill = `SF${uniqueSuffix()}`.slice(0, 20);
  await enterWaybillViaApi(merchant.token, created.data.id, waybill);
  return { ...created.data, waybill, items: names };
}

/** A barcode scanner: the characters go to the focused element, then Enter. */
async function scanKeys(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** The browser prints labels from a hidden frame: record what reaches its print() instead of the dialog. */
async function recordPrints(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __labelPrints: string[] };
    w.__labelPrints = [];
    const desc = Object.getOwnPropertyDescriptor(HTMLIFrameElement.prototype, 'contentWindow');
    const get = desc?.get;
    if (!desc || !get) return;
    Object.defineProperty(HTMLIFrameElement.prototype, 'contentWindow', {
      ...desc,
      get(this: HTMLIFrameElement) {
        const win = get.call(this) as Window | null;
        if (win) win.print = () => void w.__labelPrints.push(win.document.documentElement.outerHTML);
        return win;
      },
    });
  });
  // no C-Lodop on this PC (nor another spec's fake): the browser path
  await page.route(/^https?:\/\/localhost:(8000|18000|8443|8444)\/CLodopfuncs\.js/, (route) => route.abort('connectionrefused'));
  return () => page.evaluate(() => (window as unknown as { __labelPrints: string[] }).__labelPrints);
}

async function passItem(page: Page, itemId: string): Promise<void> {
  const form = page.getByTestId(`inspection-form-${itemId}`);
  await form.getByLabel('检测结论').fill('翡翠（A货）');
  await form.getByText('合格', { exact: true }).click();
  await form.getByRole('button', { name: '提交结果' }).click();
  // the fee is asked for once
  await confirmDialog(page).getByRole('button', { name: '提交结果' }).click();
}

test('without 扫码自动入仓, scanning the order on the bench again receives it', async ({ page }) => {
  const order = await awaitingOrder(1);
  await loginViaApi(page, 'qualityInspection');
  await page.evaluate(() => localStorage.removeItem('gemqc.warehouse.autoReceive'));
  await page.reload();
  const scanBox = page.getByLabel('运单号或订单号');
  await expect(scanBox).toBeFocused();
  await expect(page.getByTestId('auto-receive')).toHaveAttribute('aria-checked', 'false');

  await scanKeys(page, order.waybill);
  const bench = page.getByTestId('workbench-order');
  await expect(bench.getByRole('heading', { name: order.order_no })).toBeVisible();
  await expect(bench.getByTestId('receive')).toBeVisible();
  await expect(bench.locator('.ant-tag', { hasText: '待到仓' }).first()).toBeVisible();
  await expect(bench.getByText('再扫一次本单号即确认入仓')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('scan-again-to-receive.png') });
  // the order sheet's number on the same parcel: the second scan confirms
  await expect(scanBox).toBeFocused();
  await scanKeys(page, order.order_no);
  await expect(toast(page, new RegExp(`订单 ${order.order_no} 已入仓，加入批次 PC\\d{11}`))).toBeVisible();
  await expect(bench.locator('.ant-tag', { hasText: '已入仓' }).first()).toBeVisible();
  await expect(bench.getByTestId('receive')).toHaveCount(0);
  await expect(scanBox).toBeFocused();
});

test('with 扫码自动入仓 and 绑码后自动打印 a scanner receives, binds (a refused tag replaced by the next scan) and prints the labels', async ({ page }) => {
  test.setTimeout(120_000);
  const order = await awaitingOrder(2);
  const prints = await recordPrints(page);
  const s = await loginViaApi(page, 'qualityInspection');
  // a tag code bound to another order of the seed: the server refuses it
  const bound = await api<{ list: { id: string }[] }>('GET', '/warehouse/v1/Order/list?status=bound&page=1&page_size=1', { token: s.token });
  const other = await api<Detail>('GET', `/warehouse/v1/Order/detail?id=${bound.data.list[0]!.id}`, { token: s.token });
  const taken = other.data.codes.find((c) => c.state === 'bound')!.code;
  expect(taken).toBeTruthy();

  // both switches next to the scan box, remembered on this PC
  await page.getByText('扫码自动入仓', { exact: true }).click();
  await page.getByText('绑码后自动打印', { exact: true }).click();
  await page.reload();
  await expect(page.getByTestId('auto-receive')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('auto-print')).toHaveAttribute('aria-checked', 'true');
  const scanBox = page.getByLabel('运单号或订单号');
  await expect(scanBox).toBeFocused();

  // one scan receives the parcel
  await scanKeys(page, order.waybill);
  await expect(toast(page, new RegExp(`订单 ${order.order_no} 已入仓，加入批次 PC\\d{11}`))).toBeVisible();
  const bench = page.getByTestId('workbench-order');
  await expect(bench.locator('.ant-tag', { hasText: '已入仓' }).first()).toBeVisible();
  await expect(scanBox).toBeFocused();

  const detail = await api<Detail>('GET', `/warehouse/v1/Order/detail?id=${order.id}`, { token: s.token });
  const [first, second] = detail.data.items;
  if (!first || !second) throw new Error('the order has two items');
  const codeA = `T${uniqueSuffix()}`.slice(0, 16);
  const codeB = `T${uniqueSuffix()}`.slice(0, 16);

  // the first result: the order is still inspecting (no tag may be bound yet), back to the scan box
  await passItem(page, first.id);
  await expect(toast(page, `已保存「${first.name}」的检测结果`)).toBeVisible();
  await expect(bench.locator('.ant-tag', { hasText: '检测中' }).first()).toBeVisible();
  await expect(scanBox).toBeFocused();
  // the last result passes the order: the next scan goes to that item's 绑码 box
  await passItem(page, second.id);
  const boxB = page.getByLabel(`标签码 ${second.name}`);
  await expect(boxB).toBeFocused();
  await scanKeys(page, taken);
  await expect(toast(page, `标签码 ${taken} 已绑定在订单`)).toBeVisible();
  // the refused code stays, fully selected, in the focused box
  await expect(boxB).toBeFocused();
  await expect(boxB).toHaveValue(taken);
  expect(await boxB.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, taken.length]);
  await page.screenshot({ path: test.info().outputPath('1-refused-tag-selected.png'), fullPage: true });
  await scanKeys(page, codeB);
  await expect(toast(page, `已将标签码 ${codeB} 绑定到「${second.name}」`)).toBeVisible();
  // its label prints (the browser's dialog: the worker closes it before the next scan) ...
  await expect.poll(async () => (await prints()).length, { timeout: 15_000 }).toBe(1);
  // ... and the focus is on the item still without a tag, then (the last bind) back to the scan box
  const boxA = page.getByLabel(`标签码 ${first.name}`);
  await expect(boxA).toBeFocused();
  await scanKeys(page, codeA);
  await expect(toast(page, `已将标签码 ${codeA} 绑定到「${first.name}」`)).toBeVisible();
  await expect(bench.locator('.ant-tag', { hasText: '已绑码' }).first()).toBeVisible();
  await expect(scanBox).toBeFocused();

  // exactly the scanned codes were bound
  const after = await api<Detail>('GET', `/warehouse/v1/Order/detail?id=${order.id}`, { token: s.token });
  expect(after.data.items.map((i) => i.bound_code)).toEqual([codeA, codeB]);
  const certs = after.data.items.map((i) => i.certificate_no);
  expect(certs.every((c) => !!c)).toBe(true);

  // each bind printed its item's label (the centre's default certificate label: item, certificate no)
  await expect.poll(async () => (await prints()).length, { timeout: 15_000 }).toBe(2);
  const [labelB, labelA] = await prints();
  expect(labelB).toContain(second.name);
  expect(labelB).toContain(certs[1]!);
  expect(labelA).toContain(first.name);
  expect(labelA).toContain(certs[0]!);
  expect(labelA).toMatch(/@page \{ size: 70mm 50mm/);

  // 打印全部标签: one job, a label per bound item
  await page.getByTestId('print-labels').click();
  await expect.poll(async () => (await prints()).length, { timeout: 15_000 }).toBe(3);
  const all = (await prints())[2] ?? '';
  expect(all.match(/class="gq-sheet"/g)).toHaveLength(2);
  expect(all).toContain(certs[0]!);
  expect(all).toContain(certs[1]!);
  await page.screenshot({ path: test.info().outputPath('2-bound-with-print-buttons.png'), fullPage: true });
  const sheet = await page.context().newPage();
  await sheet.setContent(all);
  await sheet.screenshot({ path: test.info().outputPath('3-certificate-labels.png'), fullPage: true });
  await sheet.close();
});
