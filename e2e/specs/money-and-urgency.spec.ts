/**
 * Issue 25 in a real browser: one money figure and 发货倒计时 by urgency.
 * - A 彩色宝石 item inspected 不合格 is charged ¥40.00 (no certificate): the merchant's order list,
 *   the order detail, its item row and the Excel export all say ¥40.00 (they said ¥55.00).
 * - Sorting the merchant's order list by 发货倒计时 (ascending) puts the most urgent order first:
 *   an overdue one (发货超时), and orders without a deadline after every order with one.
 */
import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { api, apiLogin, baseUrl, enterWaybillViaApi, loginViaApi, uniqueSuffix } from '../helpers';

interface Detail {
  order: { fee_total: number };
  items: { id: string; inspection_fee: number | null; certificate_fee: number | null }[];
}

test('a failed 彩色宝石 item shows ¥40.00 in the list, the detail, its item row and the export', async ({ page }) => {
  test.setTimeout(120_000);
  const merchant = await apiLogin('trader');
  const [stations, gems] = await Promise.all([
    api<{ id: string }[]>('GET', '/merchant/v1/Testing/stationList', { token: merchant.token }),
    api<{ id: string; name: string }[]>('GET', '/merchant/v1/Testing/gemList', { token: merchant.token }),
  ]);
  const gem = gems.data.find((g) => g.name === '彩色宝石')!;
  const created = await api<{ id: string; order_no: string }>('POST', '/merchant/v1/Testing/orderCreate', {
    token: merchant.token,
    body: {
      centre_id: stations.data[0]!.id,
      buyer_name: 'E2E 买家',
      buyer_phone: '13511112222',
      buyer_address: '广东省广州市番禺区 E2E 测试路 1 号',
      items: [{ name: `红宝石戒指 ${uniqueSuffix()}`, category_id: gem.id, declared_value: 300_000 }],
    },
  });
  expect(created.code, created.msg).toBe(1000);
  const order = created.data;
  await enterWaybillViaApi(merchant.token, order.id, `SF${uniqueSuffix()}`.slice(0, 20));
  const wh = await apiLogin('qualityInspection');
  expect((await api('POST', '/warehouse/v1/Intake/receive', { token: wh.token, body: { id: order.id } })).code).toBe(1000);
  const whDetail = await api<Detail>('GET', `/warehouse/v1/Order/detail?id=${order.id}`, { token: wh.token });
  const item = whDetail.data.items[0]!;
  const failed = await api('POST', '/warehouse/v1/Inspection/submit', { token: wh.token, body: { item_id: item.id, conclusion: '合成红宝石', result: 'fail' } });
  expect(failed.code, failed.msg).toBe(1000);

  // the ledger charged ¥40.00 for it, no certificate fee
  const detail = await api<Detail>('GET', `/merchant/v1/Testing/orderDetail?id=${order.id}`, { token: merchant.token });
  expect(detail.data.order.fee_total).toBe(4000);
  expect(detail.data.items[0]).toMatchObject({ inspection_fee: 4000, certificate_fee: 0 });

  // the lists' row (检测管理, 订单查询): fee_total 4000
  const list = await api<{ list: { order_no: string; fee_total: number }[] }>('GET', `/merchant/v1/Testing/orderList?order_no=${order.order_no}`, { token: merchant.token });
  expect(list.data.list.map((r) => r.fee_total)).toEqual([4000]);
  const base = await apiLogin('base');
  const centre = await api<{ list: { order_no: string; fee_total: number }[] }>('GET', `/center/v1/Order/list?order_no=${order.order_no}`, { token: base.token });
  expect(centre.data.list.map((r) => r.fee_total)).toEqual([4000]);

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // 订单详情: the order's 检测费 and the item row
    await loginViaApi(page, 'trader', { path: `/trader/order/detail?id=${order.id}` });
    await expect(page.getByText(order.order_no).first()).toBeVisible();
    const main = page.locator('.app-main').first();
    await expect(main.getByText('¥40.00')).toHaveCount(2); // the order's 检测费 and the item row's
    await expect(main).not.toContainText('¥55.00');
    await page.screenshot({ path: test.info().outputPath(`2-detail-${width}.png`), fullPage: true });
  }

  // the Excel export of the order: 检测费用（元） 40
  const res = await fetch(`${baseUrl()}/api/merchant/v1/Testing/orderExport?order_no=${order.order_no}`, { headers: { Authorization: `Bearer ${merchant.token}`, token: merchant.token } });
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await res.arrayBuffer());
  const sheet = wb.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  const fees: unknown[] = [];
  sheet.eachRow((r, n) => {
    if (n > 1 && String(r.getCell(header.indexOf('订单号')).value) === order.order_no) fees.push(r.getCell(header.indexOf('检测费用（元）')).value);
  });
  expect(fees.map(Number)).toEqual([40]);
});

test('sorting by 发货倒计时 puts the most urgent order first and orders without a deadline last', async ({ page }) => {
  const merchant = await apiLogin('trader');
  const first = await api<{ list: { order_no: string; overdue: boolean; remaining_seconds: number | null }[]; total: number }>(
    'GET',
    '/merchant/v1/Testing/orderList?page=1&page_size=20&sort_by=ship_deadline&sort_order=asc',
    { token: merchant.token },
  );
  const top = first.data.list[0]!;
  expect(top.overdue).toBe(true); // the seed has overdue orders: the most overdue comes first
  expect(first.data.list.every((r) => r.remaining_seconds !== null)).toBe(true); // page 1: no "—" rows

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await loginViaApi(page, 'trader', { path: '/trader/order/list' });
    if (width > 992) {
      // from the header: the first click sorts ascending (the most urgent first)
      await page.locator('.ant-table-thead th', { hasText: '发货倒计时' }).click();
      await expect(page).toHaveURL(/sort_by=ship_deadline/);
      await expect(page).toHaveURL(/sort_order=asc/);
      const firstRow = page.locator('.ant-table-tbody .ant-table-row').first();
      await expect(firstRow).toContainText(top.order_no);
      await expect(firstRow).toContainText('发货超时');
    } else {
      await page.goto('/trader/order/list?sort_by=ship_deadline&sort_order=asc');
      await expect(page.getByTestId('row-card').first()).toContainText(top.order_no);
    }
    await page.screenshot({ path: test.info().outputPath(`3-sorted-${width}.png`), fullPage: true });
  }

  // descending: the orders without a deadline still come after every order with one
  const desc = await api<{ list: { remaining_seconds: number | null }[]; total: number }>('GET', '/merchant/v1/Testing/orderList?page=1&page_size=20&sort_by=ship_deadline&sort_order=desc', {
    token: merchant.token,
  });
  expect(desc.data.list[0]!.remaining_seconds).not.toBeNull();
});
