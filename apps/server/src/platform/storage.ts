import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files (recordings, photos, images) live. Keys are relative paths such as
 * `recordings/2026/11/abc.mp4` (letters, digits, `-_./` only). The local implementation stores
 * under DATA_DIR/files (one host); S3FileStorage (storage-s3.ts, STORAGE=s3) keeps them in a bucket
 * that several hosts share. createFileStorage (storage-config.ts) picks one from the configuration.
 */
export interface FileStorage {
  /** Writes the stream fully, then makes it visible; a broken stream leaves nothing behind. */
  put(key: string, body: Readable | Buffer, opts?: { maxBytes?: number }): Promise<{ size: number; sha256: string }>;
  stat(key: string): Promise<{ size: number; mtime: Date } | null>;
  /** Reads the file, or bytes start..end (inclusive) of it. */
  read(key: string, range?: { start: number; end: number }): Readable;
  delete(key: string): Promise<void>;
  /**
   * The stored files whose keys start with `prefix` (a plain string prefix, as in S3: `photos/`
   * or `photos/12/`; '' lists everything), in no particular order. Keys use '/' on every OS. Only
   * complete files: a `put` still in progress is not listed.
   */
  list(prefix: string): Promise<StoredFile[]>;
  /** Throws when the store cannot be written or reached (the readiness check of a load balancer). */
  ping(): Promise<void>;
}

/** A file as `FileStorage.list` answers it. */
export interface StoredFile {
  key: string;
  size: number;
  /** When it was last written (a photo or recording is written once, so: when it was stored). */
  mtime: Date;
}

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File larger than ${maxBytes} bytes`);
  }
}

function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._\-/]*$/.test(key) && !key.split('/').some((p) => p === '..' || p === '.' || p === '');
}

export function safeKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/** The temp file `put` writes before renaming: `.<name>.<12 hex>.tmp` beside the target. */
const TEMP_FILE = /^\..*\.[0-9a-f]{12}\.tmp$/;

function isMissing(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
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
    let out: fs.WriteStream | undefined;
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
          (out = fs.createWriteStream(tmp)),
        );
      }
      await fsp.rename(tmp, target);
    } catch (err) {
      // a write stream stopped before its file was open still opens (creates) it: remove the file
      // once the stream has closed, or a busy machine keeps an empty temp file
      if (out && !out.closed) await new Promise<void>((resolve) => out!.once('close', () => resolve()));
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

  async ping() {
    await fsp.mkdir(this.root, { recursive: true });
    await fsp.access(this.root, fs.constants.W_OK);
  }

  async list(prefix: string): Promise<StoredFile[]> {
    // walk the deepest folder the prefix names whole ('photos/1' → photos/), then filter by prefix
    const slash = prefix.lastIndexOf('/');
    const folder = slash < 0 ? '' : prefix.slice(0, slash);
    if (folder) safeKey(folder);
    const out: StoredFile[] = [];
    const walk = async (dirKey: string): Promise<void> => {
      let entries: fs.Dirent[];
      try {
        entries = await fsp.readdir(dirKey ? path.join(this.root, dirKey) : this.root, { withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return; // no such folder (yet), or removed meanwhile
        throw err;
      }
      for (const e of entries) {
        const key = dirKey ? `${dirKey}/${e.name}` : e.name;
        if (e.isDirectory()) {
          if (prefix.startsWith(`${key}/`) || key.startsWith(prefix)) await walk(key);
        } else if (e.isFile() && key.startsWith(prefix) && !TEMP_FILE.test(e.name) && isSafeKey(key)) {
          try {
            const s = await fsp.stat(path.join(this.root, key));
            out.push({ key, size: s.size, mtime: s.mtime });
          } catch (err) {
            if (!isMissing(err)) throw err; // deleted between readdir and stat
          }
        }
      }
    };
    await walk(folder);
    return out;
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
