import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files (recordings, photos, images) live. Keys are relative paths such as
 * `recordings/2026/11/abc.mp4` (letters, digits, `-_./` only). The local implementation stores
 * under DATA_DIR/files; an S3-compatible one can implement the same interface.
 */
export interface FileStorage {
  /** Writes the stream fully, then makes it visible; a broken stream leaves nothing behind. */
  put(key: string, body: Readable | Buffer, opts?: { maxBytes?: number }): Promise<{ size: number; sha256: string }>;
  stat(key: string): Promise<{ size: number; mtime: Date } | null>;
  /** Reads the file, or bytes start..end (inclusive) of it. */
  read(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File larger than ${maxBytes} bytes`);
  }
}

export function safeKey(key: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(key) || key.split('/').some((p) => p === '..' || p === '.' || p === '')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return key;
}

export class LocalFileStorage implements FileStorage {
  constructor(readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, safeKey(key));
  }

  async put(key: string, body: Readable | Buffer, opts: { maxBytes?: number } = {}) {
    const target = this.file(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    const hash = crypto.createHash('sha256');
    let size = 0;
    const max = opts.maxBytes ?? Number.MAX_SAFE_INTEGER;
    try {
      if (Buffer.isBuffer(body)) {
        if (body.length > max) throw new FileTooLargeError(max);
        hash.update(body);
        size = body.length;
        await fsp.writeFile(tmp, body);
      } else {
        await pipeline(
          body,
          async function* (source: AsyncIterable<Buffer>) {
            for await (const chunk of source) {
              size += chunk.length;
              if (size > max) throw new FileTooLargeError(max);
              hash.update(chunk);
              yield chunk;
            }
          },
          fs.createWriteStream(tmp),
        );
      }
      await fsp.rename(tmp, target);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async stat(key: string) {
    try {
      const s = await fsp.stat(this.file(key));
      return s.isFile() ? { size: s.size, mtime: s.mtime } : null;
    } catch {
      return null;
    }
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(this.file(key), range ? { start: range.start, end: range.end } : undefined);
  }

  async delete(key: string) {
    await fsp.rm(this.file(key), { force: true });
  }
}

/**
 * Parses a `Range: bytes=a-b` header against a file size. Answers null for no/unsupported range,
 * 'unsatisfiable' when outside the file.
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
