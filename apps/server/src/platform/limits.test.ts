import net from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { testConfig } from '../config';

/**
 * Limits on what a client can make the server hold (issue 27): slow headers and bodies are cut,
 * media bodies are read only by the upload routes and only up to their limit, and a picture's
 * width × height is checked from its header.
 */

/** A PNG of `width` × `height` pixels by its header (the pixel data is a few KB of zeros). */
function pngDeclaring(width: number, height: number, dataBytes = 12_600): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])));
    return Buffer.concat([len, Buffer.from(type, 'latin1'), data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const idat = Buffer.alloc(dataBytes, 0x78);
  return Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}

interface RawExchange {
  /** What the server answered before the connection closed. */
  answer: string;
  /** Body bytes the client had written when the connection closed. */
  sent: number;
}

/**
 * Sends `head` (request line and headers), then body bytes from `next()` until it answers null or
 * the server closes the connection; answers what came back. Waits for the close, never for a clock.
 */
function exchange(port: number, head: string, next: () => Promise<Buffer | null>): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const answer: Buffer[] = [];
    let sent = 0;
    let closed = false;
    socket.on('data', (d) => answer.push(d));
    socket.on('error', () => {}); // a reset after the answer is a close too
    socket.on('close', () => {
      closed = true;
      resolve({ answer: Buffer.concat(answer).toString('utf8'), sent });
    });
    socket.on('connect', async () => {
      try {
        socket.write(head);
        for (;;) {
          const chunk = await next();
          if (closed) return;
          if (chunk === null) return;
          sent += chunk.length;
          if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r).once('close', r));
        }
      } catch (err) {
        reject(err as Error);
      }
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A client that sends one byte every 50 ms, up to `n` bytes. */
const trickle = (n: number) => {
  let i = 0;
  return async () => (i++ < n ? (await pause(50), Buffer.from('x')) : null);
};

describe('slow clients and media bodies (issue 27)', () => {
  let t: TestApp;
  let port: number;
  let warehouse: Record<string, string>;

  beforeAll(async () => {
    // a short body limit, so the test does not wait long (the defaults are in config.test.ts)
    t = await createTestApp({ config: { timeouts: { ...testConfig().timeouts, requestMs: 1000 }, logLevel: process.env.DEBUG_LIMITS ? 'error' : 'silent' }, deps: { logStream: { write: (l) => void (process.env.DEBUG_LIMITS && process.stderr.write(l)) } } });
    warehouse = t.auth(await t.login('qualityInspection', '13900000001'));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  it('cuts off a JSON body that trickles in (408, connection closed)', async () => {
    const r = await exchange(
      port,
      'POST /api/merchant/v1/User/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
      trickle(100_000), // ~80 minutes at this pace
    );
    expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(r.answer).toContain('网络太慢');
    expect(r.sent).toBeLessThan(100_000);
  });

  it('cuts off headers that trickle in (Node checks every second, not every 30 s)', async () => {
    const app = await createTestApp({ config: { timeouts: { ...t.config.timeouts, headersMs: 1000 } } });
    try {
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const p = (app.app.server.address() as { port: number }).port;
      let i = 0;
      const r = await exchange(p, 'GET /api/ready HTTP/1.1\r\nHost: x\r\n', async () => (i++ < 10_000 ? (await pause(50), Buffer.from(`X-${i}: y\r\n`)) : null));
      expect(r.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(i).toBeLessThan(10_000);
    } finally {
      await app.close();
    }
  });

  it('refuses a media body on a route that takes none before reading it: an anonymous 2 GiB image to the sign-in', async () => {
    const total = 2 * 1024 ** 3;
    let left = 64 * 1024 * 1024; // the client gives up after 64 MiB; the server must not wait for them
    const r = await exchange(
      port,
      `POST /api/merchant/v1/User/login HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: ${total}\r\n\r\n`,
      async () => (left > 0 ? ((left -= 65536), Buffer.alloc(65536)) : null),
    );
    expect(r.answer).toMatch(/^HTTP\/1\.1 415 /);
    expect(r.answer).toMatch(/connection: close/i);
    expect(r.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses an upload whose declared size is above the route’s limit before reading it, with the route’s sentence', async () => {
    let left = 64 * 1024 * 1024;
    const auth = Object.entries(warehouse).map(([k, v]) => `${k}: ${v}\r\n`).join('');
    const r = await exchange(
      port,
      `POST /api/warehouse/v1/Template/imageUpload HTTP/1.1\r\nHost: x\r\n${auth}Content-Type: image/png\r\nContent-Length: ${1024 ** 3}\r\n\r\n`,
      async () => (left > 0 ? ((left -= 65536), Buffer.alloc(65536)) : null),
    );
    expect(r.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(r.answer).toContain('图片不能超过 2 MB');
    expect(r.answer).toMatch(/connection: close/i);
    expect(r.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses a 12.7 KB PNG that declares 65,000 × 65,000 pixels, from its header', async () => {
    const bomb = pngDeclaring(65_000, 65_000);
    expect(bomb.length).toBeGreaterThan(12_000);
    expect(bomb.length).toBeLessThan(13_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/warehouse/v1/Template/imageUpload', headers: { ...warehouse, 'content-type': 'image/png' }, payload: bomb });
    expect(res.json()).toMatchObject({ code: 1001, msg: '图片尺寸过大（65000×65000 像素），不能超过 40 百万像素，请缩小后再上传', data: { width: 65_000, height: 65_000 } });
    // a picture of a normal size passes the same check
    const ok = await t.app.inject({ method: 'POST', url: '/api/warehouse/v1/Template/imageUpload', headers: { ...warehouse, 'content-type': 'image/png' }, payload: pngDeclaring(4000, 3000, 100) });
    expect(ok.json()).toMatchObject({ code: 1000, data: { mime: 'image/png' } });
  });
});
