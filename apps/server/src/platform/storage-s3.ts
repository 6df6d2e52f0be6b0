import crypto from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { FileTooLargeError, safeKey, type FileStorage, type StoredFile } from './storage';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Aliyun OSS, Tencent COS …), for
 * several hosts sharing one store (STORAGE=s3).
 *
 * Uploads stream through `@aws-sdk/lib-storage` (multipart, parts of PART_BYTES, QUEUE_SIZE in
 * flight: at most ~PART_BYTES × (QUEUE_SIZE + 1) of a video in memory). A broken or too large
 * upload aborts its multipart upload, so the object never becomes visible and the parts are
 * dropped (give the bucket a lifecycle rule "abort incomplete multipart uploads after 1 day" too:
 * a host killed mid-upload cannot abort).
 *
 * Playback and downloads are streamed through the server with HTTP Range (send-file.ts asks
 * `read(key, range)` for just those bytes — a ranged GetObject), not sent as presigned URLs:
 * every request is then checked against the caller's session and tenant by the same route code as
 * with the local disk, the bucket can stay on a private network that browsers in the warehouse
 * never reach, the page's Content-Security-Policy keeps `media-src 'self'`, and the links the app
 * hands out keep working whatever the store. The price is the server's bandwidth, which a
 * warehouse's playback of a few videos at a time does not strain.
 */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Empty: AWS's own endpoint for the region. */
  endpoint?: string;
  /** Path-style URLs (`endpoint/bucket/key`), for MinIO/Ceph-style servers without bucket DNS names. */
  forcePathStyle?: boolean;
  /** Empty: the SDK's default credential chain (environment, instance role …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Bytes per multipart part (S3's minimum is 5 MiB). */
  partBytes?: number;
}

const PART_BYTES = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

export class S3FileStorage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  private readonly partBytes: number;

  constructor(opts: S3StorageOptions) {
    this.bucket = opts.bucket;
    this.partBytes = opts.partBytes ?? PART_BYTES;
    this.client = new S3Client({
      region: opts.region,
      endpoint: opts.endpoint,
      forcePathStyle: opts.forcePathStyle,
      credentials: opts.credentials,
      // S3-compatible servers other than AWS often reject the SDK's default CRC32 trailers
      // (aws-chunked bodies); checksums only where the API requires them.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable | Buffer, opts: { maxBytes?: number } = {}) {
    safeKey(key);
    const max = opts.maxBytes ?? Number.MAX_SAFE_INTEGER;
    const hash = crypto.createHash('sha256');
    let size = 0;
    if (Buffer.isBuffer(body) && body.length > max) throw new FileTooLargeError(max);
    // The body's own failure (too large, the client went away) is the one to report, not the
    // abort that follows it.
    let bodyError: unknown = null;
    const counted = async function* (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
      try {
        for await (const chunk of source) {
          size += chunk.length;
          if (size > max) throw new FileTooLargeError(max);
          hash.update(chunk);
          yield chunk;
        }
      } catch (err) {
        bodyError = err;
        throw err;
      }
    };
    const source = Buffer.isBuffer(body) ? Readable.from([body]) : body;
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: Readable.from(counted(source)) },
      partSize: this.partBytes,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false, // abort the multipart upload on any failure
    });
    try {
      await upload.done();
    } catch (err) {
      if (!Buffer.isBuffer(body)) body.destroy();
      throw bodyError ?? err;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async stat(key: string) {
    try {
      const r = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: safeKey(key) }));
      return { size: r.ContentLength ?? 0, mtime: r.LastModified ?? new Date(0) };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    safeKey(key);
    const out = new PassThrough();
    const abort = new AbortController();
    out.once('close', () => abort.abort()); // the player went away: stop the download from the store
    this.client
      .send(new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }), { abortSignal: abort.signal })
      .then((r) => {
        const stream = r.Body as Readable;
        stream.once('error', (err) => out.destroy(err));
        stream.pipe(out);
      })
      .catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
    return out;
  }

  async delete(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: safeKey(key) }));
  }

  async list(prefix: string): Promise<StoredFile[]> {
    const out: StoredFile[] = [];
    let token: string | undefined;
    do {
      const page: ListObjectsV2CommandOutput = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) out.push({ key: o.Key, size: o.Size ?? 0, mtime: o.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  /** Throws when the bucket cannot be reached (readiness). */
  async ping(): Promise<void> {
    // a listing of a prefix no key has: cheap, and it needs the bucket and the credentials
    await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: '.gemqc-ready-probe', MaxKeys: 1 }));
  }

  close(): void {
    this.client.destroy();
  }
}

function isNotFound(err: unknown): boolean {
  return err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404);
}
