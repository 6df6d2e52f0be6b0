import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codesApi, photosApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../test/app';
import authRoutes from '../modules/auth/routes';
import codesRoutes from '../modules/codes/routes';
import { newOrder } from '../modules/inspection/testkit';
import { demoIds } from '../modules/orders/testkit';
import photosRoutes from '../modules/photos/routes';

// The media body parser is a plugin each module taking uploads registers in its own scope: an app
// of photos alone takes photos, and a module that did not register it refuses media bodies (415,
// the envelope's 不支持的请求格式) in that app as in the whole one.

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const refused = { code: 1001, msg: '不支持的请求格式' };

async function warehouseHeaders(t: TestApp): Promise<Record<string, string>> {
  return t.auth(await t.login('qualityInspection', '13900000001'));
}

describe('an app of a few modules: sign-in, photos (registers the media parser) and codes (does not)', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ deps: { modules: [authRoutes, photosRoutes, codesRoutes] } });
    headers = await warehouseHeaders(t);
  });
  afterAll(async () => t.close());

  it('takes a photo upload: the raw image reaches the photos route, which stores it', async () => {
    const { orderId } = await newOrder(t.database.db, await demoIds(t.database.db), 'received');
    const res = await t.app.inject({ method: 'POST', url: `/api${photosApi.upload.path}?order_id=${orderId}`, headers: { ...headers, 'content-type': 'image/png' }, payload: png });
    expect(res.json()).toMatchObject({ code: 1000, data: { mime: 'image/png', size: png.length } });
  });

  it('refuses a media body on a route of codes (415, the envelope), unread', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api${codesApi.bind.path}`, headers: { ...headers, 'content-type': 'image/png' }, payload: png });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject(refused);
  });
});

describe('the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses a media body on a route of a module without uploads the same way', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api${codesApi.bind.path}`, headers: { ...(await warehouseHeaders(t)), 'content-type': 'image/png' }, payload: png });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject(refused);
  });
});
