import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { createTestApp, type TestApp } from '../../../test/app';

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
/** A PNG whose header says 20000 × 20000 (nothing past the header: it must be refused from that alone). */
const HUGE_PNG = Buffer.concat([PNG.subarray(0, 16), Buffer.from([0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20]), PNG.subarray(24)]);

/** The other host: a small image server on loopback (reachable only when the test allows private addresses). */
function imageServer() {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    switch (req.url) {
      case '/logo.png':
        return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
      case '/moved':
        return res.writeHead(302, { location: '/logo.png' }).end();
      case '/huge.png':
        return res.writeHead(200, { 'content-type': 'image/png' }).end(HUGE_PNG);
      case '/big.jpg':
        return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(3 * 1024 * 1024, 0xff));
      case '/page.html':
        return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not a picture</html>');
      case '/slow.png':
        return; // never answers: the fetch deadline ends it
      default:
        return res.writeHead(404).end();
    }
  });
  return { server, hits };
}

interface Answer {
  code: number;
  msg: string;
  data: { id: string; template: { imageUrl?: string; tempItems: { value?: string; defaultValue?: string }[] }; image_warnings?: string[] };
}

const template = (imageUrl: string, items: { title: string; value: string }[]) => ({
  title: '证书标签',
  width: 264,
  height: 189,
  pageWidth: 70,
  pageHeight: 50,
  imageUrl,
  tempItems: items.map((it, i) => ({ uuid: `img000000${i}`, type: 'braid-image', title: it.title, value: it.value, defaultValue: '', left: 0, top: 0, width: 50, height: 50, style: {} })),
});

describe('pictures on another host are stored with the template at save (kr import, designer save)', () => {
  const img = imageServer();
  let base: string;
  let t: TestApp;
  let token: string;

  const save = async (app: TestApp, tok: string, tpl: unknown): Promise<Answer> =>
    (await app.app.inject({ method: 'POST', url: '/api/warehouse/v1/Template/save', headers: app.auth(tok), payload: { name: '带图片的模板', kind: 'certificate_label', template: tpl } })).json() as Answer;

  beforeAll(async () => {
    await new Promise<void>((r) => img.server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(img.server.address() as AddressInfo).port}`;
    t = await createTestApp({ config: { templateImages: { fetchTimeoutMs: 1000, maxPixels: 25_000_000, allowPrivateAddresses: true } } });
    token = await t.login('qualityInspection', '13900000001');
  });
  afterAll(async () => {
    await t?.close();
    img.server.closeAllConnections();
    await new Promise((r) => img.server.close(r));
  });

  it('fetches the background and an image item, stores them, and the template names the stored copies', async () => {
    const saved = await save(t, token, template(`${base}/logo.png`, [{ title: '公司标志', value: `${base}/moved` }]));
    expect(saved.code).toBe(1000);
    expect(saved.data.image_warnings).toBeUndefined();
    const { imageUrl, tempItems } = saved.data.template;
    for (const link of [imageUrl!, tempItems[0]!.value!]) {
      expect(link).toMatch(/^http:\/\/[^/]+\/api\/publics\/v1\/Template\/image\?key=template-images%2F\d+%2F[0-9a-f]{24}\.png$/);
      const url = new URL(link);
      const served = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
    }
    // saving the stored template again fetches nothing more
    const before = img.hits.length;
    const again = await t.app.inject({ method: 'POST', url: '/api/warehouse/v1/Template/save', headers: t.auth(token), payload: { id: saved.data.id, version: 1, name: '带图片的模板', kind: 'certificate_label', template: saved.data.template } });
    expect(again.json()).toMatchObject({ code: 1000 });
    expect(img.hits.length).toBe(before);
  });

  it('saves with a warning naming each picture it could not store, and why; the links stay as they were', async () => {
    const items = [
      { title: '印章', value: `${base}/missing.png` },
      { title: '大图', value: `${base}/huge.png` },
      { title: '超大文件', value: `${base}/big.jpg` },
      { title: '网页', value: `${base}/page.html` },
      { title: '慢图', value: `${base}/slow.png` },
      { title: '本地文件', value: 'ftp://example.com/a.png' },
    ];
    const saved = await save(t, token, template('', items));
    expect(saved.code).toBe(1000);
    const w = saved.data.image_warnings!;
    expect(w).toHaveLength(5); // ftp: is not a picture link to fetch (not http/https): left alone
    expect(w[0]).toBe(`图片组件「印章」的图片（${base}/missing.png）未能保存：图片服务器返回 HTTP 404。打印时不会显示这张图片，请检查链接或在设计器中上传图片后再保存`);
    expect(w[1]).toContain('图片组件「大图」的图片');
    expect(w[1]).toContain('图片尺寸 20000×20000 太大');
    expect(w[2]).toContain('图片组件「超大文件」的图片');
    expect(w[2]).toContain('图片超过 2 MB');
    expect(w[3]).toContain('下载到的不是 PNG 或 JPG 图片');
    expect(w[4]).toContain('图片组件「慢图」的图片');
    expect(w[4]).toContain('1 秒内没有下载完成');
    expect(saved.data.template.tempItems.map((i) => i.value)).toEqual(items.map((i) => i.value));
  });

  it('never fetches from loopback or private addresses unless the setting allows it (SSRF guard)', async () => {
    const guarded = await createTestApp({ config: { templateImages: testConfig().templateImages } });
    try {
      const tok = await guarded.login('qualityInspection', '13900000001');
      const before = img.hits.length;
      const links = [`${base}/logo.png`, 'http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/a.png', 'http://[::1]/a.png'];
      const saved = await save(guarded, tok, template(links[0]!, links.slice(1).map((value, i) => ({ title: `图${i + 1}`, value }))));
      expect(saved.code).toBe(1000);
      expect(saved.data.image_warnings).toHaveLength(4);
      for (const w of saved.data.image_warnings!) expect(w).toContain('链接指向内网或本机地址，出于安全不下载');
      expect(saved.data.image_warnings![0]).toContain('背景图的图片');
      expect(img.hits.length).toBe(before);
    } finally {
      await guarded.close();
    }
  });
});
