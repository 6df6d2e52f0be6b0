import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { defineRoutes } from './route';
import { sendStoredFile } from './send-file';
import { FileTooLargeError, LocalFileStorage, parseRange } from './storage';
import { decryptSecret, encryptSecret } from './crypto';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-files-'));
const storage = new LocalFileStorage(root);
const leftovers = () => fs.readdirSync(path.join(root, 'rec'), { recursive: true }).map(String).filter((f) => f.endsWith('.tmp'));

describe('local file storage', () => {
  it('writes a stream, reports size and sha256, reads it whole and by range', async () => {
    const r = await storage.put('rec/a.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(r.size).toBe(11);
    expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await text(storage.read('rec/a.txt'))).toBe('hello world');
    expect(await text(storage.read('rec/a.txt', { start: 6, end: 10 }))).toBe('world');
    expect(await storage.stat('rec/a.txt')).toMatchObject({ size: 11 });
  });

  it('leaves nothing behind when the upload breaks midway', async () => {
    const broken = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('connection reset'));
      },
    });
    await expect(storage.put('rec/broken.mp4', broken)).rejects.toThrow(/connection reset/);
    expect(await storage.stat('rec/broken.mp4')).toBeNull();
    expect(leftovers()).toEqual([]);
  });

  it('refuses a file over maxBytes and leaves nothing behind', async () => {
    await expect(storage.put('rec/big.bin', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await storage.stat('rec/big.bin')).toBeNull();
    expect(leftovers()).toEqual([]);
  });

  it('refuses keys that leave the storage folder', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put('rec/../../x', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });

  it('lists the files under a prefix with size and mtime, keys with / on every OS, not a write in progress', async () => {
    const ls = new LocalFileStorage(fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-list-')));
    try {
      expect(await ls.list('photos/')).toEqual([]); // no folder yet
      await ls.put('photos/1/a.png', Buffer.from('aa'));
      await ls.put('photos/1/b.jpg', Buffer.from('bbb'));
      await ls.put('photos/12/c.webp', Buffer.from('c'));
      await ls.put('photos/2/d.png', Buffer.from('dddd'));
      await ls.put('recordings/2026/01/e.mp4', Buffer.from('e'));
      // a put still writing: its temp file beside the target is not a stored file
      fs.writeFileSync(path.join(ls.root, 'photos', '1', '.f.png.0123456789ab.tmp'), 'partial');
      const old = new Date('2020-01-02T03:04:05Z');
      fs.utimesSync(path.join(ls.root, 'photos', '1', 'a.png'), old, old);

      const all = await ls.list('photos/');
      const byKey = new Map(all.map((f) => [f.key, f]));
      expect([...byKey.keys()].sort()).toEqual(['photos/1/a.png', 'photos/1/b.jpg', 'photos/12/c.webp', 'photos/2/d.png']);
      expect(byKey.get('photos/1/b.jpg')?.size).toBe(3);
      expect(byKey.get('photos/1/a.png')?.mtime.getTime()).toBe(old.getTime());
      expect(Math.abs(byKey.get('photos/2/d.png')!.mtime.getTime() - Date.now())).toBeLessThan(60_000);
      // a plain string prefix, as in S3: 'photos/1' takes photos/12/ too, 'photos/1/' does not
      expect((await ls.list('photos/1')).map((f) => f.key).sort()).toEqual(['photos/1/a.png', 'photos/1/b.jpg', 'photos/12/c.webp']);
      expect((await ls.list('photos/1/')).map((f) => f.key).sort()).toEqual(['photos/1/a.png', 'photos/1/b.jpg']);
      expect((await ls.list('')).map((f) => f.key).sort()).toEqual([...byKey.keys(), 'recordings/2026/01/e.mp4'].sort());
      // a listed key is one the other calls take
      await ls.delete('photos/1/a.png');
      expect((await ls.list('photos/1/')).map((f) => f.key)).toEqual(['photos/1/b.jpg']);
      await expect(ls.list('../')).rejects.toThrow(/Invalid storage key/);
    } finally {
      fs.rmSync(ls.root, { recursive: true, force: true });
    }
  });

  it('parses Range headers', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=95-200', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('items=1-2', 100)).toBeNull();
    expect(parseRange(undefined, 100)).toBeNull();
  });
});

describe('sendStoredFile', () => {
  const video = endpoint({ method: 'GET', path: '/test/video', summary: 'a stored file', data: z.null() });
  let t: TestApp;
  beforeAll(async () => {
    await storage.put('rec/v.mp4', Buffer.from('0123456789'));
    t = await createTestApp({
      deps: {
        storage,
        extraRoutes: [defineRoutes((r) => r.route(video, { auth: 'public' }, (ctx) => sendStoredFile(ctx, 'rec/v.mp4', { contentType: 'video/mp4', fileName: '录像.mp4' })))],
      },
    });
  });
  afterAll(async () => t.close());

  it('answers the whole file with accept-ranges, or 206 with the requested bytes, or 416', async () => {
    const whole = await t.app.inject({ method: 'GET', url: '/api/test/video' });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('0123456789');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-disposition']).toContain(encodeURIComponent('录像.mp4'));
    const part = await t.app.inject({ method: 'GET', url: '/api/test/video', headers: { range: 'bytes=2-5' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('2345');
    expect(part.headers['content-range']).toBe('bytes 2-5/10');
    const bad = await t.app.inject({ method: 'GET', url: '/api/test/video', headers: { range: 'bytes=50-' } });
    expect(bad.statusCode).toBe(416);
  });
});

describe('secrets at rest', () => {
  it('encrypts and decrypts with the secret key, and detects tampering or a wrong key', () => {
    const enc = encryptSecret('k1', 'access-token-123');
    expect(enc).not.toContain('access-token-123');
    expect(decryptSecret('k1', enc)).toBe('access-token-123');
    expect(() => decryptSecret('k2', enc)).toThrow();
    const parts = enc.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => decryptSecret('k1', parts.join('.'))).toThrow();
  });
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
