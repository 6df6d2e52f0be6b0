/**
 * 摄像头录制 in a real browser: Chromium's fake camera (launch flags in playwright.config.ts) stands
 * in for the station's webcam. The inspector opens the recorder on a received order, records a
 * couple of seconds, plays the take back, uploads it, and the recording is listed on the order and
 * plays from the server.
 */
import { expect, test } from '@playwright/test';
import { api, apiLogin, createOrderViaApi, enterWaybillViaApi, loginViaForm, toast, uniqueSuffix } from '../helpers';

test.use({ permissions: ['camera', 'microphone'] });

test('an inspector records a packing video with the camera and uploads it to the order', async ({ page }) => {
  test.setTimeout(90_000);
  // an order of the demo merchant, received at the centre through the API
  const merchant = await apiLogin('trader');
  const order = await createOrderViaApi(merchant.token);
  await enterWaybillViaApi(merchant.token, order.id, `SF${uniqueSuffix()}`.slice(0, 20));
  const inspector = await apiLogin('qualityInspection');
  const received = await api('POST', '/warehouse/v1/Intake/receive', { token: inspector.token, body: { id: order.id } });
  expect(received.code).toBe(1000);

  await loginViaForm(page, 'qualityInspection');
  const scanBox = page.getByLabel('运单号或订单号');
  await scanBox.fill(order.order_no);
  await scanBox.press('Enter');
  const bench = page.getByTestId('workbench-order');
  await expect(bench.getByRole('heading', { name: order.order_no })).toBeVisible();

  await bench.getByText('打包', { exact: true }).click();
  await bench.getByRole('button', { name: '摄像头录制' }).click();
  const dialog = page.getByRole('dialog', { name: `摄像头录制（打包） · ${order.order_no}` });
  await expect(dialog).toBeVisible();
  // the live picture plays before recording starts
  await expect.poll(() => dialog.getByTestId('camera-live').evaluate((v: HTMLVideoElement) => v.videoWidth)).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: '开始录制' }).click();
  await expect(dialog.getByTestId('camera-elapsed')).toContainText('00:02', { timeout: 15_000 });
  await page.screenshot({ path: test.info().outputPath('camera-recording.png') });
  await dialog.getByRole('button', { name: '停止录制' }).click();
  await expect(dialog.getByText(/已录制 00:0[2-9]/)).toBeVisible();
  await expect(dialog.getByTestId('camera-take')).toHaveAttribute('src', /^blob:/);
  await dialog.getByRole('button', { name: '上传录像' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, '录像已上传')).toBeVisible();
  await expect(bench.getByRole('button', { name: /打包 · / })).toBeVisible();

  // the server kept a WebM file with the take's length, and serves it
  const recordings = await api<{ list: { kind: string; file_name: string; duration_seconds: number | null; mime: string; size: number; url: string }[] }>(
    'GET',
    `/warehouse/v1/Recording/list?order_id=${order.id}&page=1&page_size=20`,
    { token: inspector.token },
  );
  expect(recordings.code).toBe(1000);
  const take = recordings.data.list.find((r) => r.kind === 'packing');
  expect(take?.file_name).toMatch(new RegExp(`^camera-${order.order_no}-\\d{8}-\\d{6}\\.webm$`));
  expect(take?.mime).toBe('video/webm');
  expect(take?.duration_seconds).toBeGreaterThanOrEqual(2);
  const file = await page.request.get(`/api${take!.url}`);
  expect(file.status()).toBe(200);
  const bytes = await file.body();
  expect(bytes.length).toBe(take!.size);
  expect(bytes.subarray(0, 4).toString('hex')).toBe('1a45dfa3'); // EBML: a WebM container
});
