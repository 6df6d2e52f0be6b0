import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@gemqc/contract';
import { createTestApp } from '../../test/app';
import { startLocalS3, type LocalS3 } from '../../test/s3-server';
import { ConfigError, loadConfig } from '../config';
import { defineRoutes } from './route';
import { sendStoredFile } from './send-file';
import { FileTooLargeError } from './storage';
import { createFileStorage } from './storage-config';
import { S3FileStorage } from './storage-s3';

const MiB = 1024 * 1024;

/** `total` bytes of a repeatable pseudo-random pattern, in 1 MiB chunks, never all in memory. */
function patternStream(total: number, opts: { failAfter?: number } = {}): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (opts.failAfter !== undefined && sent >= opts.failAfter) return void this.destroy(new Error('connection reset by the client'));
      if (sent >= total) return void this.push(null);
      const n = Math.min(MiB, total - sent);
      const chunk = crypto.createHash('sha512').update(String(sent)).digest();
      this.push(Buffer.alloc(n, chunk));
      sent += n;
    },
  });
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const h = crypto.createHash('sha256');
  let size = 0;
  for await (const c of stream as AsyncIterable<Buffer>) {
    h.update(c);
    size += c.length;
  }
  return { sha256: h.digest('hex'), size };
}

let s3: LocalS3;
let storage: S3FileStorage;
/** The S3 operations the client sent, in order (CreateMultipartUploadCommand, UploadPartCommand …). */
let sent: string[] = [];

beforeAll(async () => {
  s3 = await startLocalS3();
  storage = new S3FileStorage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    partBytes: 5 * MiB,
  });
  storage.client.middlewareStack.add(
    (next, context) => async (args) => {
      sent.push(context.commandName ?? '?');
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
});
afterAll(async () => {
  storage.close();
  await s3.close();
});
beforeEach(() => {
  sent = [];
});

describe('S3 file storage over HTTP (local S3 server)', () => {
  it('puts a stream, answers size and sha256, reads it whole and by range, stats, lists by prefix and deletes', async () => {
    const r = await storage.put('rec/a.txt', Readable.from([Buffer.from('hello '), Buffer.from('world')]));
    expect(r).toEqual({ size: 11, sha256: crypto.createHash('sha256').update('hello world').digest('hex') });
    expect(await text(storage.read('rec/a.txt'))).toBe('hello world');
    expect(await text(storage.read('rec/a.txt', { start: 6, end: 10 }))).toBe('world');
    const st = await storage.stat('rec/a.txt');
    expect(st?.size).toBe(11);
    expect(Math.abs(st!.mtime.getTime() - Date.now())).toBeLessThan(60_000);

    await storage.put('photos/1/a.png', Buffer.from('aa'));
    await storage.put('photos/12/c.webp', Buffer.from('c'));
    await storage.put('photos/2/d.png', Buffer.from('dddd'));
    expect((await storage.list('photos/1')).map((f) => f.key).sort()).toEqual(['photos/1/a.png', 'photos/12/c.webp']);
    expect((await storage.list('photos/1/')).map((f) => [f.key, f.size])).toEqual([['photos/1/a.png', 2]]);
    expect((await storage.list('')).map((f) => f.key).sort()).toEqual(['photos/1/a.png', 'photos/12/c.webp', 'photos/2/d.png', 'rec/a.txt']);

    await storage.delete('photos/1/a.png');
    expect(await storage.stat('photos/1/a.png')).toBeNull();
    await storage.delete('photos/1/a.png'); // deleting what is gone is no error, as on disk
    expect((await storage.list('photos/1/')).length).toBe(0);
    expect(await storage.stat('nothing/here.mp4')).toBeNull();
    await expect(buffer(storage.read('nothing/here.mp4'))).rejects.toThrow();
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });

  it('lists past one page of the bucket (S3 answers 1,000 keys a page): every key once', async () => {
    const keys = Array.from({ length: 1001 }, (_, i) => `many/${String(i).padStart(4, '0')}.png`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => storage.put(k, Buffer.from('x'))));
    const listed = (await storage.list('many/')).map((f) => f.key);
    expect(listed.length).toBe(1001);
    expect(new Set(listed)).toEqual(new Set(keys));
    expect(sent.filter((c) => c === 'ListObjectsV2Command').length).toBe(2);
  });

  it('streams a 50 MiB recording as a multipart upload; the object reads back byte for byte and by range', async () => {
    const total = 50 * MiB;
    const expected = await sha256Of(patternStream(total));
    const r = await storage.put('recordings/2026/11/big.mp4', patternStream(total), { maxBytes: 60 * MiB });
    expect(r).toEqual(expected);
    expect(sent.filter((c) => c === 'UploadPartCommand').length).toBe(10); // 5 MiB parts
    expect(sent).toContain('CompleteMultipartUploadCommand');
    expect(await storage.stat('recordings/2026/11/big.mp4')).toMatchObject({ size: total });
    expect(await sha256Of(storage.read('recordings/2026/11/big.mp4'))).toEqual(expected);
    // a range across a part boundary
    const whole = await buffer(patternStream(total));
    const slice = await buffer(storage.read('recordings/2026/11/big.mp4', { start: 5 * MiB - 10, end: 5 * MiB + 9 }));
    expect(slice.equals(whole.subarray(5 * MiB - 10, 5 * MiB + 10))).toBe(true);
    await storage.delete('recordings/2026/11/big.mp4');
  });

  // s3rver answers AbortMultipartUpload with 405 (not implemented), so this proves the client asks
  // for the abort and that no object appears; S3, MinIO and Ceph then drop the uploaded parts.
  it('an upload cut off mid-way rejects with the client error, asks the store to abort its multipart upload and leaves no object', async () => {
    await expect(storage.put('recordings/cut.mp4', patternStream(50 * MiB, { failAfter: 12 * MiB }))).rejects.toThrow(/connection reset/);
    expect(sent).toContain('CreateMultipartUploadCommand');
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
    expect(await storage.stat('recordings/cut.mp4')).toBeNull();
    expect(await storage.list('recordings/cut')).toEqual([]);
  });

  it('an upload over maxBytes rejects with FileTooLargeError and leaves no object, small or multipart', async () => {
    await expect(storage.put('rec/big.bin', Readable.from([Buffer.alloc(600), Buffer.alloc(600)]), { maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(storage.put('rec/big.bin', Buffer.alloc(1200), { maxBytes: 1000 })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(storage.put('rec/huge.mp4', patternStream(20 * MiB), { maxBytes: 12 * MiB })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(sent).toContain('AbortMultipartUploadCommand');
    expect(await storage.list('rec/big')).toEqual([]);
    expect(await storage.list('rec/huge')).toEqual([]);
  });

  it('ping answers while the bucket is there and throws for a bucket that is not', async () => {
    await expect(storage.ping()).resolves.toBeUndefined();
    const other = new S3FileStorage({ bucket: 'no-such-bucket', region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    await expect(other.ping()).rejects.toThrow();
    other.close();
  });

  it('a recording in the bucket plays through the server with HTTP Range (206, 416)', async () => {
    await storage.put('rec/v.mp4', Buffer.from('0123456789'));
    const video = endpoint({ method: 'GET', path: '/test/s3video', summary: 'a stored file', data: z.null() });
    const t = await createTestApp({
      deps: { storage, extraRoutes: [defineRoutes((r) => r.route(video, { auth: 'public' }, (ctx) => sendStoredFile(ctx, 'rec/v.mp4', { contentType: 'video/mp4' })))] },
    });
    try {
      const whole = await t.app.inject({ method: 'GET', url: '/api/test/s3video' });
      expect([whole.statusCode, whole.body, whole.headers['accept-ranges']]).toEqual([200, '0123456789', 'bytes']);
      const part = await t.app.inject({ method: 'GET', url: '/api/test/s3video', headers: { range: 'bytes=2-5' } });
      expect([part.statusCode, part.body, part.headers['content-range']]).toEqual([206, '2345', 'bytes 2-5/10']);
      const bad = await t.app.inject({ method: 'GET', url: '/api/test/s3video', headers: { range: 'bytes=50-' } });
      expect(bad.statusCode).toBe(416);
    } finally {
      await t.close();
    }
  });
});

describe('storage configuration', () => {
  it('is the local folder by default and the bucket with STORAGE=s3', async () => {
    const local = loadConfig({ SECRET_KEY: 'k' });
    expect(local.storage).toEqual({ kind: 'local' });
    const cfg = loadConfig({ SECRET_KEY: 'k', ...s3.env });
    expect(cfg.storage).toMatchObject({ kind: 's3', bucket: s3.bucket, endpoint: s3.endpoint, forcePathStyle: true });
    const made = await createFileStorage(cfg);
    expect(made).toBeInstanceOf(S3FileStorage);
    await made.put('config/probe.txt', Buffer.from('x'));
    expect(await storage.stat('config/probe.txt')).toMatchObject({ size: 1 });
  });

  it('refuses STORAGE=s3 without a bucket, and one half of a key pair', () => {
    expect(() => loadConfig({ SECRET_KEY: 'k', STORAGE: 's3' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRET_KEY: 'k', STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'x' })).toThrow(/go together/);
  });
});
