import { Readable } from 'node:stream';
import { imageSize } from 'image-size';
import { BusinessError } from './errors';
import { FileTooLargeError, type FileStorage } from './storage';

/** IMAGE_MAX_PIXELS by default (config.ts): the largest picture, width × height. */
export const DEFAULT_IMAGE_MAX_PIXELS = 40_000_000;
/** How far into a picture its size is looked for (a JPEG's size follows its EXIF blocks). */
const DIMENSIONS_WITHIN_BYTES = 1_048_576;

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
  /** A picture: its width × height (read from its header, never decoded) must be at most this. */
  maxPixels?: number;
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
  if (!rule.accept.includes(declared)) throw errors.type();
  // a larger declared size is refused before a byte is read (the body parser left the body unread)
  if (upload.contentLength !== undefined && upload.contentLength > rule.maxBytes) throw errors.tooLarge();
  if (!(upload.body instanceof Readable)) throw errors.type();

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
  if (rule.maxPixels !== undefined) {
    // the size is in the first bytes of a PNG or WebP, after the EXIF blocks of a JPEG
    for (;;) {
      const size = dimensionsOf(head);
      if (size) {
        if (size.width * size.height > rule.maxPixels) throw new TooManyPixelsError(size, rule.maxPixels);
        break;
      }
      if (ended) break; // the whole file holds no size: nothing can draw it at any size
      if (head.length >= DIMENSIONS_WITHIN_BYTES) throw new BusinessError('无法读取图片的尺寸，文件可能已损坏，请重新拍照或导出后再上传', 'upload.image_unreadable');
      let r: IteratorResult<Buffer>;
      try {
        r = await source.next();
      } catch {
        throw errors.aborted();
      }
      if (r.done) ended = true;
      else head = Buffer.concat([head, r.value]);
    }
  }

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

/** A picture whose width × height is above the limit (IMAGE_MAX_PIXELS). */
export class TooManyPixelsError extends BusinessError {
  constructor(size: { width: number; height: number }, maxPixels: number) {
    super(
      `图片尺寸过大（${size.width}×${size.height} 像素），不能超过 ${Math.floor(maxPixels / 1_000_000)} 百万像素，请缩小后再上传`,
      'upload.image_too_many_pixels',
      { width: size.width, height: size.height, max_pixels: maxPixels },
    );
  }
}

/** Width and height from a picture's first bytes, or null while they are not there yet. */
function dimensionsOf(head: Buffer): { width: number; height: number } | null {
  try {
    const s = imageSize(head);
    return s.width && s.height ? { width: s.width, height: s.height } : null;
  } catch {
    return null;
  }
}
