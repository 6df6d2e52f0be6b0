import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingsApi } from '@gemqc/contract';
import { DEMO_VIDEO_FILE } from '../../db/seeds/orders';
import { filesBelow, newOrder as kitNewOrder, openWarehouseTestApp, type WarehouseTestApp, type Who } from '../inspection/testkit';
import type { TestApp } from '../../../test/app';
import { urlOf } from '../../../test/apiKit';
import { one, type DemoIds } from '../orders/testkit';

// The warehouse's recordings (Recording/upload, list); the merchant's 录像管理 is in api.test.ts.

const MAX = 64 * 1024;
const video = fs.readFileSync(DEMO_VIDEO_FILE);

let t: TestApp;
let ids: DemoIds;
let filesDir: string;
let wh: Who; // GZPY warehouse owner
let sub: Who; // GZPY warehouse sub-account (no recording permission)
let sz: Who; // SZSB warehouse owner
let merchant: Who; // 翠玉轩
let app: WarehouseTestApp;

beforeAll(async () => {
  app = await openWarehouseTestApp('rec', { recordingMaxBytes: MAX });
  ({ t, ids, filesDir, wh, sub, sz, merchant } = app);
});
afterAll(() => app.close());

const db = () => t.database.db;
const newOrder = (status: 'received' | 'awaiting_arrival') => kitNewOrder(db(), ids, status);
const filesOnDisk = () => filesBelow(filesDir);

describe('POST /warehouse/v1/Recording/upload', () => {
  let orderId: number;
  beforeAll(async () => {
    ({ orderId } = await newOrder('received'));
  });
  const upload = (q: string, contentType: string, payload: Buffer, token = wh.headers) =>
    t.app.inject({ method: 'POST', url: `/api${recordingsApi.upload.path}?${q}`, headers: { ...token, 'content-type': contentType }, payload });
  const rows = async () => (await one<{ n: number }>(db(), sql`select count(*)::int as n from recordings where order_id = ${orderId}`)).n;

  it('stores a video and the merchant plays it (range request) from videoManage', async () => {
    const res = await upload(`order_id=${orderId}&kind=unboxing&duration_seconds=4&file_name=${encodeURIComponent('开箱.mp4')}`, 'video/mp4', video);
    const body = res.json();
    expect(body.code).toBe(1000);
    expect(body.data).toMatchObject({ order_id: String(orderId), kind: 'unboxing', kind_text: '开箱录像', mime: 'video/mp4', size: video.length, file_name: '开箱.mp4', duration_seconds: 4 });
    expect(filesOnDisk().filter((f) => f.includes('recordings'))).toHaveLength(1);

    const list = await merchant.call(recordingsApi.merchant.videoList, { order_no: body.data.order_no });
    expect(list.data.list.map((v) => v.id)).toEqual([body.data.id]);
    const played = await t.app.inject({ method: 'GET', url: `/api${list.data.list[0]!.url}`, headers: { range: 'bytes=0-99' } });
    expect(played.statusCode).toBe(206);
    expect(played.rawPayload.equals(video.subarray(0, 100))).toBe(true);
    const whole = await merchant.raw(recordingsApi.merchant.video, { id: body.data.id });
    expect(whole.rawPayload.equals(video)).toBe(true);
    expect((await wh.call(recordingsApi.list, { order_id: orderId })).data.total).toBe(1);
    expect((await sz.call(recordingsApi.list, { order_id: orderId })).data.total).toBe(0);
  });

  it('refuses a wrong type, a non-video body, a too large file and an order not at the centre: no row, no file', async () => {
    const n = await rows();
    const files = filesOnDisk().length;
    const png = await upload(`order_id=${orderId}&kind=inspection`, 'image/png', Buffer.from('89504e470d0a1a0a0000', 'hex'));
    expect(png.json()).toMatchObject({ code: 1001, msg: '只支持上传 MP4、WebM 或 MOV（QuickTime）格式的视频' });
    const fake = await upload(`order_id=${orderId}&kind=inspection`, 'video/mp4', Buffer.alloc(4096, 7));
    expect(fake.json().code).toBe(1001);
    expect(fake.json().msg).toContain('不是有效的');
    const webm = await upload(`order_id=${orderId}&kind=inspection`, 'video/webm', video);
    expect(webm.json().code).toBe(1001);
    const big = Buffer.concat([video, Buffer.alloc(MAX)]);
    const tooBig = await upload(`order_id=${orderId}&kind=inspection`, 'video/mp4', big);
    expect(tooBig.json()).toMatchObject({ code: 1001 });
    expect(tooBig.json().msg).toContain('录像文件不能超过');
    expect((await upload(`order_id=${orderId}&kind=selfie`, 'video/mp4', video)).json().msg).toBe('请选择录像类型（开箱、检测或打包）');
    const waiting = await newOrder('awaiting_arrival');
    expect((await upload(`order_id=${waiting.orderId}&kind=unboxing`, 'video/mp4', video)).json()).toMatchObject({ code: 1001, msg: '订单尚未入仓，不能上传录像' });
    expect((await upload(`order_id=${orderId}&kind=unboxing`, 'video/mp4', video, sz.headers)).json().code).toBe(1004);
    expect(await rows()).toBe(n);
    expect(filesOnDisk().length).toBe(files);
  });

  it('an aborted upload leaves no file and no row', async () => {
    const n = await rows();
    const files = filesOnDisk().length;
    let sawTemp = false;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api${recordingsApi.upload.path}?order_id=${orderId}&kind=packing`,
        headers: { ...wh.headers, 'content-type': 'video/mp4', 'content-length': String(video.length) },
      });
      req.on('error', () => resolve());
      req.on('response', () => resolve());
      req.write(video.subarray(0, 2000));
      // abort once the server is writing the upload (its temp file exists)
      const started = Date.now();
      const poll = setInterval(() => {
        if (filesOnDisk().some((f) => f.endsWith('.tmp')) || Date.now() - started > 5000) {
          clearInterval(poll);
          sawTemp = filesOnDisk().some((f) => f.endsWith('.tmp'));
          req.destroy();
        }
      }, 20);
    });
    expect(sawTemp).toBe(true);
    // give the server a moment to notice the broken stream and clean up
    for (let i = 0; i < 50 && filesOnDisk().length !== files; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 200));
    expect(filesOnDisk().length).toBe(files);
    expect(await rows()).toBe(n);
  });
});

describe('Permissions', () => {
  it('a warehouse sub-account without the recording permission may neither upload nor list (1003)', async () => {
    const { orderId } = await newOrder('received');
    const up = await t.app.inject({ method: 'POST', url: urlOf(recordingsApi.upload) + `?order_id=${orderId}&kind=unboxing`, headers: { ...sub.headers, 'content-type': 'video/mp4' }, payload: video });
    expect(up.json().code).toBe(1003);
    expect((await sub.call(recordingsApi.list, {})).code).toBe(1003);
  });
});
