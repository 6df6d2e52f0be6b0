import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectionApi, ordersApi, photosApi } from '@gemqc/contract';
import { Readable } from 'node:stream';
import type { TestApp } from '../../../test/app';
import { one, type DemoIds } from '../orders/testkit';
import { filesBelow, newOrder as kitNewOrder, openWarehouseTestApp, orderStatus, result, type WarehouseTestApp, type Who } from '../inspection/testkit';
import { sweepUnusedPhotos } from './cleanup';
import { signedPhotoUrl } from '../orders/fileLinks';

// Photos of an order: the upload, the signed links, what a submit records, the cleanup.

const PHOTO_MAX = 16 * 1024;

let t: TestApp;
let ids: DemoIds;
let filesDir: string;
let wh: Who; // GZPY warehouse owner
let sz: Who; // SZSB warehouse owner
let merchant: Who; // 翠玉轩
let centre: Who; // GZPY service centre (base portal)
let anon: Who;
let app: WarehouseTestApp;

beforeAll(async () => {
  app = await openWarehouseTestApp('photos', { photoMaxBytes: PHOTO_MAX });
  ({ t, ids, filesDir, wh, sz, merchant, centre, anon } = app);
});
afterAll(() => app.close());

const db = () => t.database.db;

const newOrder = (status: 'received' | 'awaiting_arrival', items = 1, merchantId?: number) => kitNewOrder(db(), ids, status, items, merchantId);
const status = (orderId: number) => orderStatus(db(), orderId);
const filesOnDisk = () => filesBelow(filesDir);

describe('Inspection photos', () => {
  // a real 1×1 PNG; JPEG and WebP by their magic bytes
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  const jpeg = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(200, 1), Buffer.from('ffd9', 'hex')]);
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x24, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(28, 2)]);
  const photoUpload = (q: string, contentType: string, payload: Buffer | Readable, token = wh.headers) =>
    t.app.inject({ method: 'POST', url: `/api${photosApi.upload.path}?${q}`, headers: { ...token, 'content-type': contentType }, payload });
  const photoFiles = () => filesOnDisk().filter((f) => f.includes(`${path.sep}photos${path.sep}`));
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}` });

  it('stores a JPEG, PNG or WebP by its first bytes under the order and answers its key and a signed url that serves it', async () => {
    const { orderId, itemIds } = await newOrder('received');
    const a = await photoUpload(`order_id=${orderId}`, 'image/png', png);
    expect(a.json().code).toBe(1000);
    const up = a.json().data as { key: string; url: string; mime: string; size: number };
    expect(up).toMatchObject({ mime: 'image/png', size: png.length });
    expect(up.key).toMatch(new RegExp(`^photos/${orderId}/[0-9a-f]{24}\\.png$`));
    expect(up.url).toMatch(/^\/publics\/v1\/Inspection\/photo\?key=photos%2F\d+%2F[0-9a-f]{24}\.png&exp=\d+&sig=[0-9a-f]{64}$/);

    // no session needed: the signature is the permission; right type, cacheable until the link expires
    const served = await get(up.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const maxAge = Number(/max-age=(\d+)/.exec(String(served.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(5 * 3600);
    expect(maxAge).toBeLessThanOrEqual(6 * 3600);
    expect(served.rawPayload.equals(png)).toBe(true);

    // the real type comes from the bytes (a JPEG sent as image/png is stored as .jpg); by item_id alone too
    const b = (await photoUpload(`item_id=${itemIds[0]}`, 'image/png', jpeg)).json();
    expect(b.code).toBe(1000);
    expect(b.data.mime).toBe('image/jpeg');
    expect(b.data.key).toMatch(new RegExp(`^photos/${orderId}/[0-9a-f]{24}\\.jpg$`));
    expect((await get(b.data.url)).headers['content-type']).toBe('image/jpeg');
    const c = (await photoUpload(`order_id=${orderId}&item_id=${itemIds[0]}`, 'image/webp', webp)).json();
    expect(c.data).toMatchObject({ mime: 'image/webp', size: webp.length });
    expect(photoFiles().filter((f) => f.includes(`${path.sep}${orderId}${path.sep}`))).toHaveLength(3);
  });

  it('refuses a text body, another type, a non-image, a too large photo, an order not at inspection and another centre’s order: nothing stored', async () => {
    const { orderId, itemIds } = await newOrder('received');
    const before = photoFiles().length;
    const text = await photoUpload(`order_id=${orderId}`, 'text/plain', Buffer.from('这不是照片'));
    expect(text.json()).toMatchObject({ code: 1001, msg: '只支持上传 JPG、PNG 或 WebP 格式的照片' });
    expect((await photoUpload(`order_id=${orderId}`, 'image/gif', Buffer.from('GIF89a0000000000'))).json()).toMatchObject({ code: 1001, msg: '只支持上传 JPG、PNG 或 WebP 格式的照片' });
    const fake = (await photoUpload(`order_id=${orderId}`, 'image/jpeg', Buffer.from('hello, this is plain text and not a photo'))).json();
    expect(fake.code).toBe(1001);
    expect(fake.msg).toContain('不是有效的图片');
    const tiny = (await photoUpload(`order_id=${orderId}`, 'image/jpeg', Buffer.from('ab'))).json();
    expect(tiny.code).toBe(1001);

    const big = Buffer.concat([jpeg, Buffer.alloc(PHOTO_MAX)]);
    const tooBig = (await photoUpload(`order_id=${orderId}`, 'image/jpeg', big)).json();
    expect(tooBig).toMatchObject({ code: 1001, msg: '照片不能超过 16384 字节，请压缩后再上传' });
    // streamed without a Content-Length: cut off at the limit while writing
    const streamed = (await photoUpload(`order_id=${orderId}`, 'image/jpeg', Readable.from([jpeg, Buffer.alloc(PHOTO_MAX)]))).json();
    expect(streamed.code).toBe(1001);
    expect(streamed.msg).toContain('照片不能超过');

    const waiting = await newOrder('awaiting_arrival');
    expect((await photoUpload(`order_id=${waiting.orderId}`, 'image/png', png)).json()).toMatchObject({ code: 1001, msg: '订单尚未入仓，不能上传检测照片' });
    expect((await photoUpload('', 'image/png', png)).json()).toMatchObject({ code: 1001, msg: '请指定照片所属的订单或物品' });

    // another centre's order or item: not found; an item of another order: not found
    expect((await photoUpload(`order_id=${orderId}`, 'image/png', png, sz.headers)).json().code).toBe(1004);
    expect((await photoUpload(`item_id=${itemIds[0]}`, 'image/png', png, sz.headers)).json().code).toBe(1004);
    expect((await photoUpload(`order_id=${waiting.orderId}&item_id=${itemIds[0]}`, 'image/png', png)).json().code).toBe(1004);
    // the merchant's portal cannot upload
    expect((await photoUpload(`order_id=${orderId}`, 'image/png', png, merchant.headers)).json().code).toBe(403);
    expect(photoFiles().length).toBe(before);
  });

  it('submit records the order’s own photos (≤ 9); a key of another order or a made-up one → 1001; the details and the certificate check show signed urls', async () => {
    const { orderId, itemIds } = await newOrder('received', 2);
    const other = await newOrder('received');
    const up = async (id: number, body = png) => ((await photoUpload(`order_id=${id}`, 'image/png', body)).json().data as { key: string; url: string }).key;
    const k1 = await up(orderId);
    const k2 = await up(orderId, jpeg);
    const foreign = await up(other.orderId);

    const refused = await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [k1, foreign] }));
    expect(refused.code).toBe(1001);
    expect(refused.msg).toBe('第2张照片无效：不是为本订单上传的照片，或已被删除，请删除后重新上传');
    const madeUp = `photos/${orderId}/${'a'.repeat(24)}.jpg`;
    expect((await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [madeUp] }))).code).toBe(1001);
    expect((await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: ['recordings/2026/01/x.mp4'] }))).code).toBe(1001);
    const tooMany = await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: Array.from({ length: 10 }, () => k1) }));
    expect(tooMany).toMatchObject({ code: 1001, msg: '每件物品最多上传9张照片' });
    expect(await status(orderId)).toBe('received'); // nothing recorded by the refusals

    const ok = await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [k1, k2, k1] }));
    expect(ok.code).toBe(1000);
    expect(ok.data.inspection.photos).toEqual([k1, k2]);
    expect(ok.data.inspection.photo_urls).toHaveLength(2);

    // an edit without photos keeps them; the detail of each portal shows signed urls that serve the files
    expect((await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { remarks: '复核' }))).data.inspection.photos).toEqual([k1, k2]);
    const urlsOf = (d: { inspections: { item_id: string; photo_urls?: string[] }[] }) => d.inspections.find((i) => i.item_id === itemIds[0])?.photo_urls ?? [];
    const m = await merchant.call(ordersApi.merchant.detail, { id: orderId });
    const c = await centre.call(ordersApi.center.detail, { id: orderId });
    const w = await wh.call(ordersApi.warehouse.detail, { id: orderId });
    for (const d of [m.data, c.data, w.data]) {
      const urls = urlsOf(d);
      expect(urls).toHaveLength(2);
      for (const u of urls) expect(u).toMatch(/^\/publics\/v1\/Inspection\/photo\?key=photos%2F\d+%2F[0-9a-f]{24}\.(png|jpg)&exp=\d+&sig=[0-9a-f]{64}$/);
    }
    const [u1, u2] = urlsOf(m.data);
    expect((await get(u1!)).rawPayload.equals(png)).toBe(true);
    expect((await get(u2!)).rawPayload.equals(jpeg)).toBe(true);
    expect((await sz.call(ordersApi.warehouse.detail, { id: orderId })).code).toBe(1004);

    // the public certificate check shows the photos too
    const code = ok.data.certificate!.verify_code;
    const v = await anon.call(inspectionApi.certificateVerify, { code });
    expect(v.data.photo_urls).toHaveLength(2);
    expect((await get(v.data.photo_urls[0]!)).rawPayload.equals(png)).toBe(true);

    // [] removes them
    expect((await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [] }))).data.inspection.photos).toEqual([]);
  });

  it('a photo link with a forged signature, another key, an expired time or a non-photo key is refused (HTTP 403)', async () => {
    const { orderId } = await newOrder('received');
    const { key, url } = (await photoUpload(`order_id=${orderId}`, 'image/png', png)).json().data as { key: string; url: string };
    expect((await get(url)).statusCode).toBe(200);

    const forged = url.replace(/sig=(.)/, (_, ch: string) => `sig=${ch === '0' ? '1' : '0'}`);
    const other = (await photoUpload(`order_id=${orderId}`, 'image/png', png)).json().data.key as string;
    const swapped = url.replace(encodeURIComponent(key), encodeURIComponent(other));
    const expired = signedPhotoUrl(t.config.secretKey, key, new Date(t.clock.now().getTime() - 7 * 3600_000));
    const unsigned = `/publics/v1/Inspection/photo?key=${encodeURIComponent(key)}`;
    const recording = signedPhotoUrl(t.config.secretKey, 'recordings/2026/01/abc.mp4', t.clock.now());
    for (const bad of [forged, swapped, expired, unsigned, recording]) {
      const res = await get(bad);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 1003, msg: '照片链接已失效，请刷新页面后重试' });
    }
    // signed right but the file is gone
    const gone = signedPhotoUrl(t.config.secretKey, `photos/${orderId}/${'b'.repeat(24)}.png`, t.clock.now());
    expect((await get(gone)).json().code).toBe(1004);
  });

  // cleanup of photos no record uses (cleanup.ts); file times are real, so the sweep's clock is real time + hours
  const storage = () => t.app.deps.storage;
  const exists = async (key: string) => (await storage().stat(key)) !== null;
  const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000);
  const upKey = async (orderId: number, body = png) => ((await photoUpload(`order_id=${orderId}`, 'image/png', body)).json().data as { key: string }).key;
  const recordedPhotos = async (itemId: string) => (await one<{ photos: string[] }>(db(), sql`select photos from inspection_records where item_id = ${itemId}`)).photos;

  it('the sweep deletes a photo no record lists once it is a day old; a recorded one stays and still serves; a young one (1 h) stays', async () => {
    const { orderId, itemIds } = await newOrder('received', 2);
    const used = await upKey(orderId);
    const unused = await upKey(orderId, jpeg);
    const ok = await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [used] }));
    expect(ok.code).toBe(1000);
    // a file under photos/ outside any order's folder is swept as well
    await storage().put('photos/stray.png', png);

    // an hour later: a photo that may still be waiting in an open form is kept
    const early = await sweepUnusedPhotos(db(), storage(), hoursFromNow(1));
    expect(early.deleted).toBe(0);
    expect(early.scanned).toBe(photoFiles().length);
    expect(await exists(unused)).toBe(true);
    expect(await exists(used)).toBe(true);

    // a day and an hour later: every unused photo is gone (those of the other tests too), the recorded one stays
    const before = photoFiles().length;
    const late = await sweepUnusedPhotos(db(), storage(), hoursFromNow(25));
    expect(late).toMatchObject({ scanned: before, failed: 0 });
    expect(late.deleted).toBeGreaterThanOrEqual(2);
    expect(photoFiles().length).toBe(before - late.deleted);
    expect(await exists(unused)).toBe(false);
    expect(await exists('photos/stray.png')).toBe(false);
    expect(await exists(used)).toBe(true);
    const served = await get(ok.data.inspection.photo_urls![0]!);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    const detail = await merchant.call(ordersApi.merchant.detail, { id: orderId });
    expect(detail.data.inspections.find((i) => i.item_id === itemIds[0])?.photo_urls).toHaveLength(1);

    // a grace period of its own; nothing left to delete a second time
    expect((await sweepUnusedPhotos(db(), storage(), hoursFromNow(25), { graceHours: 48 })).deleted).toBe(0);
    expect((await sweepUnusedPhotos(db(), storage(), hoursFromNow(25))).deleted).toBe(0);
    expect(await exists(used)).toBe(true);
  });

  it('a submit that drops a photo deletes its file once committed, unless another item of the order still lists it', async () => {
    const { orderId, itemIds } = await newOrder('received', 3);
    const [k1, k2, k3] = [await upKey(orderId), await upKey(orderId, jpeg), await upKey(orderId, webp)];
    expect((await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [k1, k2, k3] }))).code).toBe(1000);
    expect((await wh.call(inspectionApi.submit, result(itemIds[1]!, 'fail', { photos: [k2] }))).code).toBe(1000);

    // item 1 drops k2 and k3: k3 is deleted, k2 stays (item 2 lists it)
    const edit = await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [k1] }));
    expect(edit.code).toBe(1000);
    expect(edit.data.inspection.photos).toEqual([k1]);
    expect(await exists(k3)).toBe(false);
    expect(await exists(k2)).toBe(true);
    // an edit without photos keeps them and deletes nothing
    expect((await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { remarks: '复核' }))).data.inspection.photos).toEqual([k1]);
    expect(await exists(k1)).toBe(true);
    // the last record listing k2 drops it: deleted; [] clears k1 too
    expect((await wh.call(inspectionApi.submit, result(itemIds[1]!, 'fail', { photos: [] }))).code).toBe(1000);
    expect(await exists(k2)).toBe(false);
    expect((await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [] }))).code).toBe(1000);
    expect(await exists(k1)).toBe(false);
    expect(await recordedPhotos(itemIds[0]!)).toEqual([]);
  });

  it('a submit that fails (an invalid photo, or a charge refused by the credit limit that rolls it back) deletes nothing', async () => {
    await db().execute(sql`update merchants set balance = 1000000, credit_limit = 0 where id = ${ids.jinfu}`);
    const { orderId, itemIds } = await newOrder('received', 2, ids.jinfu);
    const k1 = await upKey(orderId);
    const k2 = await upKey(orderId, jpeg);
    expect((await wh.call(inspectionApi.submit, result(itemIds[0]!, 'fail', { photos: [k1, k2] }))).code).toBe(1000);

    // refused at the photo check: the record and both files stay
    const madeUp = `photos/${orderId}/${'c'.repeat(24)}.png`;
    const invalid = await wh.call(inspectionApi.submit, result(itemIds[0]!, 'fail', { photos: [k1, madeUp] }));
    expect(invalid).toMatchObject({ code: 1001, msg: '第2张照片无效：不是为本订单上传的照片，或已被删除，请删除后重新上传' });
    expect(await exists(k2)).toBe(true);

    // past the photo checks, the certificate fee of fail → pass is refused and the transaction rolls back: k2 stays
    await db().execute(sql`update merchants set balance = 0, credit_limit = 0 where id = ${ids.jinfu}`);
    const refused = await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [k1] }));
    expect(refused.code).toBe(1001);
    expect(refused.msg).toContain('商户余额不足');
    expect(await recordedPhotos(itemIds[0]!)).toEqual([k1, k2]);
    expect(await exists(k1)).toBe(true);
    expect(await exists(k2)).toBe(true);

    // with the balance topped up the same edit goes through and only then drops k2
    await db().execute(sql`update merchants set balance = 1000000 where id = ${ids.jinfu}`);
    expect((await wh.call(inspectionApi.submit, result(itemIds[0]!, 'pass', { photos: [k1] }))).code).toBe(1000);
    expect(await exists(k2)).toBe(false);
    expect(await exists(k1)).toBe(true);
  });
});
