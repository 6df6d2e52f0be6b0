import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);

describe('Template image upload (Template/imageUpload) and its public link', () => {
  let t: TestApp;
  let warehouse: Record<string, string>;
  let base: Record<string, string>;
  let clerk: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    warehouse = t.auth(await t.login('qualityInspection', '13900000001'));
    base = t.auth(await t.login('base', '13700000001'));
    clerk = t.auth(await t.login('qualityInspection', '13900000002'));
  });
  afterAll(async () => t.close());

  const upload = (headers: Record<string, string>, contentType: string, payload: Buffer, ns = 'warehouse') =>
    t.app.inject({ method: 'POST', url: `/api/${ns}/v1/Template/imageUpload`, headers: { ...headers, 'content-type': contentType }, payload });

  it('stores a PNG in the file storage and serves it back, byte for byte, from a public link without a session', async () => {
    const res = (await upload(warehouse, 'image/png', PNG)).json();
    expect(res).toMatchObject({ code: 1000, data: { mime: 'image/png', size: PNG.length } });
    expect(res.data.key).toMatch(/^template-images\/\d+\/[0-9a-f]{24}\.png$/);
    expect(res.data.url).toBe(`/publics/v1/Template/image?key=${encodeURIComponent(res.data.key)}`);
    const served = await t.app.inject({ method: 'GET', url: `/api${res.data.url}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // the service-centre portal uploads the same way
    expect((await upload(base, 'image/jpeg', Buffer.concat([JPEG_HEAD, Buffer.alloc(100)]), 'center')).json()).toMatchObject({ code: 1000, data: { mime: 'image/jpeg' } });
  });

  it('refuses another type, a file that is not what it says and a picture over 2 MiB, in zh-CN, storing nothing', async () => {
    const gif = (await upload(warehouse, 'image/gif', Buffer.from('GIF89a......'))).json();
    expect(gif).toMatchObject({ code: 1001, msg: '图片只支持 PNG 或 JPG 格式' });
    const fake = (await upload(warehouse, 'image/png', Buffer.from('not a picture at all'))).json();
    expect(fake.code).toBe(1001);
    expect(fake.msg).toContain('不是有效的图片');
    const big = (await upload(warehouse, 'image/png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))).json();
    expect(big).toMatchObject({ code: 1001, msg: '图片不能超过 2 MB，请压缩后再上传' });
  });

  it('needs template.manage to upload, and answers not-found for a key that is not a stored template picture', async () => {
    expect((await upload(clerk, 'image/png', PNG)).json().code).toBe(1003);
    expect((await t.app.inject({ method: 'POST', url: '/api/warehouse/v1/Template/imageUpload', headers: { 'content-type': 'image/png' }, payload: PNG })).json().code).toBe(403);
    for (const key of ['photos/1/aaaaaaaaaaaaaaaaaaaaaaaa.png', 'template-images/1/../../secret.key', 'template-images/1/000000000000000000000000.png']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/publics/v1/Template/image?key=${encodeURIComponent(key)}` });
      // not found: the envelope's 1004 for a key of another kind, HTTP 404 for a missing file
      expect(res.statusCode === 404 || res.json().code === 1004, `${key}: ${res.statusCode} ${res.body}`).toBe(true);
      expect(res.headers['content-type']).not.toMatch(/^image\//);
    }
  });
});
