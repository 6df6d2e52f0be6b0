import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FileStorage } from './storage';

/** One file of a copy: where it stands after the copy and the check. */
export interface CopiedFile {
  key: string;
  size: number;
  sha256: string;
  /** 'copied'; 'skipped' (already in the target, same size and SHA-256); 'mismatch' (read back differently). */
  result: 'copied' | 'skipped' | 'mismatch';
}

async function digest(stream: Readable): Promise<{ size: number; sha256: string }> {
  const h = crypto.createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    h.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: h.digest('hex') };
}

/**
 * Copies every file of `from` (the local files folder) into `to` (a bucket) under the same key,
 * then reads each object back and compares its size and SHA-256 with the source. A file already
 * in the target with the same size and SHA-256 is not sent again, so an interrupted copy can be
 * run again. Answers one line per file; `mismatch` lines mean the copy is not to be trusted.
 */
export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  opts: { prefix?: string; onFile?: (f: CopiedFile) => void } = {},
): Promise<CopiedFile[]> {
  const out: CopiedFile[] = [];
  const files = (await from.list(opts.prefix ?? '')).sort((a, b) => a.key.localeCompare(b.key));
  for (const f of files) {
    const source = await digest(from.read(f.key));
    let result: CopiedFile['result'] = 'copied';
    const existing = await to.stat(f.key);
    if (existing && existing.size === source.size && (await digest(to.read(f.key))).sha256 === source.sha256) {
      result = 'skipped';
    } else {
      await to.put(f.key, from.read(f.key));
      const back = await digest(to.read(f.key));
      if (back.size !== source.size || back.sha256 !== source.sha256) result = 'mismatch';
    }
    const line = { key: f.key, ...source, result };
    out.push(line);
    opts.onFile?.(line);
  }
  return out;
}
