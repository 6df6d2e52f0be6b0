import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../../test/s3-server';
import { LocalFileStorage, type FileStorage } from './storage';
import { copyStorage } from './storage-copy';
import { S3FileStorage } from './storage-s3';

const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

let s3: LocalS3;
let dir: string;
let bucket: S3FileStorage;
beforeAll(async () => {
  s3 = await startLocalS3();
  bucket = new S3FileStorage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-copy-'));
  const local = new LocalFileStorage(dir);
  await local.put('recordings/2026/11/a.mp4', Buffer.alloc(3 * 1024 * 1024, 7));
  await local.put('photos/12/b.jpg', Buffer.from('jpeg bytes'));
  await local.put('templates/1/c.png', Buffer.from('png'));
});
afterAll(async () => {
  bucket.close();
  await s3.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('copying a local files folder into a bucket', () => {
  it('npm run storage:copy-to-s3 copies every file, checks size and SHA-256, and skips what is already there on a second run', async () => {
    const env = { ...process.env, ...s3.env, LOG_LEVEL: 'silent', SECRET_KEY: 'k', DATABASE_URL: '' };
    const first = await run('node', ['--import', 'tsx', 'scripts/storage-copy-to-s3.ts', '--from', dir], { cwd: repoRoot, env });
    expect(first.stdout).toContain('3 files (3145741 bytes)');
    expect(first.stdout).toContain('3 copied, 0 already there, 0 differ');
    expect((await bucket.list('')).map((f) => [f.key, f.size]).sort()).toEqual([
      ['photos/12/b.jpg', 10],
      ['recordings/2026/11/a.mp4', 3 * 1024 * 1024],
      ['templates/1/c.png', 3],
    ]);
    const again = await run('node', ['--import', 'tsx', 'scripts/storage-copy-to-s3.ts', '--from', dir], { cwd: repoRoot, env });
    expect(again.stdout).toContain('0 copied, 3 already there, 0 differ');
  });

  it('reports an object that reads back differently from its file', async () => {
    // a store that keeps a byte less than it was given: the check must catch it
    const lossy: FileStorage = {
      ...bucket,
      stat: (k) => bucket.stat(`lossy/${k}`),
      read: (k, r) => bucket.read(`lossy/${k}`, r),
      put: async (k, body) => {
        const chunks: Buffer[] = [];
        for await (const c of body as AsyncIterable<Buffer>) chunks.push(c);
        return bucket.put(`lossy/${k}`, Readable.from([Buffer.concat(chunks).subarray(1)]));
      },
      delete: (k) => bucket.delete(`lossy/${k}`),
      list: (p) => bucket.list(`lossy/${p}`),
      ping: () => bucket.ping(),
    };
    const lines = await copyStorage(new LocalFileStorage(dir), lossy, { prefix: 'photos/' });
    expect(lines).toEqual([expect.objectContaining({ key: 'photos/12/b.jpg', size: 10, result: 'mismatch' })]);
  });
});
