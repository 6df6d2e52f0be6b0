import { Readable } from 'node:stream';
import { FileTooLargeError, type FileStorage } from './storage';

/**
 * Uploads sent as the raw request body (a recording, a photo): no multipart, no buffering. The
 * route registers a content-type parser that hands the body stream through; this file checks the
 * declared type, the size and the first bytes, and streams the rest to storage.
 */

/** What a route hands over of the request. */
export interface RawUpload {
  contentType: string | undefined;
  contentLength: number | undefined;
  body: unknown;
}

/** The Content-Length header as a number, when there is one. */
export function contentLengthOf(header: string | string[] | undefined): number | undefined {
  const n = Number(header);
  return typeof header === 'string' && header !== '' && Number.isFinite(n) ? n : undefined;
}

/** What one kind of upload may be. */
export interface UploadRule {
  /** Declared Content-Types accepted (lower case, without parameters). */
  accept: readonly string[];
  /** How many first bytes `sniff` needs (fewer only when the whole file is shorter). */
  headBytes: number;
  /** The real media type the first bytes show (given the declared one), or null when they are not an accepted kind of file. */
  sniff(head: Buffer, declared: string): string | null;
  maxBytes: number;
}

/** The errors a caller answers with (its own sentences). */
export interface UploadErrors {
  /** Declared type not accepted (or no body stream at all: a text or JSON body). */
  type(): Error;
  tooLarge(): Error;
  /** The first bytes are not what was declared. */
  content(declared: string): Error;
  /** The client went away (or storage failed) mid-way. */
  aborted(): Error;
}

export interface StoredUpload {
  key: string;
  /** The sniffed type. */
  mime: string;
  size: number;
  sha256: string;
}

/** The media type of a Content-Type header, lower case without parameters ('' when absent). */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * Stores a raw-body upload under `keyOf(sniffed type)`: the declared type must be accepted, the
 * Content-Length (when sent) and the streamed size at most `rule.maxBytes`, and the first bytes of
 * an accepted kind. Storage writes a temp file and renames it when complete, so a refused, too
 * large or aborted upload leaves no file.
 */
export async function storeRawUpload(
  storage: FileStorage,
  upload: RawUpload,
  rule: UploadRule,
  keyOf: (mime: string) => string,
  errors: UploadErrors,
): Promise<StoredUpload> {
  const declared = mediaType(upload.contentType);
  if (!rule.accept.includes(declared) || !(upload.body instanceof Readable)) throw errors.type();
  if (upload.contentLength !== undefined && upload.contentLength > rule.maxBytes) throw errors.tooLarge();

  const source = upload.body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  let ended = false;
  try {
    while (head.length < rule.headBytes) {
      const r = await source.next();
      if (r.done) {
        ended = true;
        break;
      }
      head = Buffer.concat([head, r.value]);
    }
  } catch {
    throw errors.aborted();
  }
  const mime = rule.sniff(head, declared);
  if (!mime) throw errors.content(declared);

  async function* whole(): AsyncGenerator<Buffer> {
    if (head.length) yield head;
    if (ended) return;
    for (;;) {
      const r = await source.next();
      if (r.done) return;
      yield r.value;
    }
  }
  const key = keyOf(mime);
  try {
    const { size, sha256 } = await storage.put(key, Readable.from(whole()), { maxBytes: rule.maxBytes });
    return { key, mime, size, sha256 };
  } catch (err) {
    if (err instanceof FileTooLargeError) throw errors.tooLarge();
    throw errors.aborted();
  }
}
