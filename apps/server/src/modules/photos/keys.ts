import crypto from 'node:crypto';
import { photoMimeTypes } from '@gemqc/contract';
import { DEFAULT_IMAGE_MAX_PIXELS, type UploadRule } from '../../platform/upload';

/**
 * Inspection photos: what an upload may be and where it is stored (the signed links an <img>
 * loads them with are orders/fileLinks.ts: the order detail gives them).
 *
 * A photo's storage key names its order: `photos/<order id>/<24 hex>.<jpg|png|webp>`. Only
 * `Inspection/photoUpload` writes under `photos/`, so a key of that form that exists in storage
 * is one the upload produced for that order.
 */

const EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
const MIME_OF_EXT: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

const KEY_RE = /^photos\/(\d{1,18})\/[0-9a-f]{24}\.(jpg|png|webp)$/;

/** A new key for a photo of the order. */
export function newPhotoKey(orderId: number, mime: string): string {
  return `photos/${orderId}/${crypto.randomBytes(12).toString('hex')}.${EXT[mime]}`;
}

/** The order and media type a photo key names, or null when it is not a photo key. */
export function parsePhotoKey(key: string): { orderId: number; mime: string } | null {
  const m = KEY_RE.exec(key);
  return m ? { orderId: Number(m[1]), mime: MIME_OF_EXT[m[2]!]! } : null;
}

/** The image type the first bytes show (JPEG, PNG or WebP), whatever was declared; null otherwise. */
export function sniffImage(head: Buffer): string | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A photo upload: declared as one of the image types, its first bytes a JPEG, PNG or WebP. */
export function photoRule(maxBytes: number, maxPixels = DEFAULT_IMAGE_MAX_PIXELS): UploadRule {
  return { accept: photoMimeTypes, headBytes: 12, sniff: (head) => sniffImage(head), maxBytes, maxPixels };
}
