import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

/**
 * A local S3-compatible server for tests (s3rver: the S3 REST API over HTTP, objects in a temp
 * folder, signatures checked against its built-in account S3RVER/S3RVER). The code under test is
 * the production S3 client; only the server is local.
 *
 * allowMismatchedSignatures: s3rver builds the canonical path of a bucket-level request
 * (ListObjectsV2) as `/bucket` where AWS SDK v3 signs `/bucket/`, so it refuses every listing;
 * object requests would pass. With the option it still answers only its known access key.
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

export async function startLocalS3(opts: { bucket?: string; port?: number } = {}): Promise<LocalS3> {
  const bucket = opts.bucket ?? 'gemqc-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: opts.port ?? 0, silent: true, allowMismatchedSignatures: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
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
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
