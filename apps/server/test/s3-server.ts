import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A local S3-compatible server for tests: s3rver (the S3 REST API over HTTP, objects in a temp
 * folder, its built-in account S3RVER/S3RVER) in a child process (s3-server-main.mjs says why).
 * The code under test is the production S3 client; only the server is local.
 */
export interface LocalS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Where s3rver keeps the objects (its own layout). */
  directory: string;
  /** The environment a GemQC host needs to use it (STORAGE=s3 …). */
  env: Record<string, string>;
  close(): Promise<void>;
}

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 's3-server-main.mjs');

export async function startLocalS3(opts: { bucket?: string } = {}): Promise<LocalS3> {
  const bucket = opts.bucket ?? 'gemqc-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-s3-'));
  const child = spawn(process.execPath, ['--openssl-legacy-provider', main, directory, bucket], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stopChild = () => child.kill('SIGKILL');
  process.once('exit', stopChild); // never outlive the test process
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve((JSON.parse(line) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`the local S3 server exited (${code}) before it listened`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const keys = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    ...keys,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      process.off('exit', stopChild);
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
