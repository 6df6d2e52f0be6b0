import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingsApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { DEMO_VIDEO_FILE } from '../../db/seeds/orders';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;
let jinfu: ReturnType<typeof caller>;
const m = recordingsApi.merchant;
const file = fs.readFileSync(DEMO_VIDEO_FILE);

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
  jinfu = caller(t, await t.login('trader', '13800000002'));
});
afterAll(async () => t.close());

describe('GET /merchant/v1/Testing/videoList', () => {
  it("lists the merchant's recordings with order no, kind and a signed url", async () => {
    const a = await cuiyu.call(m.videoList);
    expect(a.code).toBe(1000);
    expect(a.data.total).toBeGreaterThan(5);
    const v = a.data.list[0]!;
    expect(v).toMatchObject({ mime: 'video/mp4', size: file.length });
    expect(v.order_no).toMatch(/^JC\d{12}$/);
    expect(['开箱录像', '打包录像']).toContain(v.kind_text);
    expect(v.url).toContain(`id=${v.id}`);
  });

  it('filters by order no, kind and date', async () => {
    const all = (await cuiyu.call(m.videoList, { page_size: 100 })).data.list;
    const one = all[0]!;
    const byOrder = await cuiyu.call(m.videoList, { order_no: one.order_no });
    expect(byOrder.data.list.every((v) => v.order_no === one.order_no)).toBe(true);
    const packing = await cuiyu.call(m.videoList, { kind: 'packing', page_size: 100 });
    expect(packing.data.list.every((v) => v.kind === 'packing')).toBe(true);
    expect(packing.data.total).toBe(all.filter((v) => v.kind === 'packing').length);
    expect((await cuiyu.call(m.videoList, { start_date: '2000-01-01', end_date: '2000-01-02' })).data.total).toBe(0);
    expect((await cuiyu.call(m.videoList, { kind: 'selfie' })).msg).toBe('录像类型不正确');
  });
});

describe('GET /merchant/v1/Testing/video (HTTP range)', () => {
  let id = '';
  let url = '';
  beforeAll(async () => {
    const v = (await cuiyu.call(m.videoList)).data.list[0]!;
    id = v.id;
    url = v.url;
  });

  it('answers the whole file with the headers a player needs', async () => {
    const res = await cuiyu.raw(m.video, { id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(Number(res.headers['content-length'])).toBe(file.length);
    expect(Buffer.compare(res.rawPayload, file)).toBe(0);
  });

  it('answers 206 with exactly the requested bytes and a Content-Range', async () => {
    const res = await cuiyu.raw(m.video, { id }, { range: 'bytes=100-1099' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100-1099/${file.length}`);
    expect(res.headers['content-length']).toBe('1000');
    expect(Buffer.compare(res.rawPayload, file.subarray(100, 1100))).toBe(0);
    const tail = await cuiyu.raw(m.video, { id }, { range: 'bytes=-500' });
    expect(tail.statusCode).toBe(206);
    expect(Buffer.compare(tail.rawPayload, file.subarray(file.length - 500))).toBe(0);
    const open = await cuiyu.raw(m.video, { id }, { range: `bytes=${file.length - 10}-` });
    expect(open.rawPayload.length).toBe(10);
  });

  it('answers 416 for a range outside the file', async () => {
    const res = await cuiyu.raw(m.video, { id }, { range: `bytes=${file.length + 10}-` });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe(`bytes */${file.length}`);
  });

  it('plays from the signed url without a session (for <video src>), and refuses a forged or expired one', async () => {
    const ok = await t.app.inject({ method: 'GET', url: `/api${url}`, headers: { range: 'bytes=0-99' } });
    expect(ok.statusCode).toBe(206);
    // change the signature's first character (to one it is not, or the "forgery" is the original)
    const forgedUrl = url.replace(/sig=(.)/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    const forged = await t.app.inject({ method: 'GET', url: `/api${forgedUrl}` });
    expect(forged.json().code).toBe(403);
    t.clock.advanceSeconds(7 * 3600);
    const expired = await t.app.inject({ method: 'GET', url: `/api${url}` });
    expect(expired.json().code).toBe(403);
    t.clock.advanceSeconds(-7 * 3600);
  });

  it("answers 1004 for another merchant's recording and an unknown id", async () => {
    expect((await jinfu.raw(m.video, { id })).json().code).toBe(1004);
    expect((await cuiyu.raw(m.video, { id: '99999999' })).json().code).toBe(1004);
    expect((await t.app.inject({ method: 'GET', url: `/api/merchant/v1/Testing/video?id=${id}` })).json().code).toBe(403);
  });
});
