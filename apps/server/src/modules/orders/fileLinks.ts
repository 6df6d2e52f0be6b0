// Signed links to an order's files: an <img> or <video> cannot send the session headers, so the
// order detail (and the lists that show a file) give links that carry their own short-lived grant.
import { hmacSha256, safeEqual } from '../../platform/crypto';

/** Hours a recording link stays valid (a <video> element cannot send the session headers). */
export const VIDEO_LINK_HOURS = 6;

function videoPayload(id: number, exp: number): string {
  return `video:${id}:${exp}`;
}

/** `/merchant/v1/Testing/video?id=..&exp=..&sig=..` (relative to /api), valid for some hours. */
export function signedVideoUrl(secret: string, id: number, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000 / 3600) * 3600 + VIDEO_LINK_HOURS * 3600; // stable within an hour (cacheable)
  return `/merchant/v1/Testing/video?id=${id}&exp=${exp}&sig=${hmacSha256(secret, videoPayload(id, exp))}`;
}

export function verifyVideoSig(secret: string, id: number, exp: number | undefined, sig: string | undefined, now: Date): boolean {
  if (!exp || !sig || exp * 1000 < now.getTime()) return false;
  return safeEqual(sig, hmacSha256(secret, videoPayload(id, exp)));
}

/** Hours a photo link stays valid. */
export const PHOTO_LINK_HOURS = 6;

function photoPayload(key: string, exp: number): string {
  return `photo:${key}:${exp}`;
}

/** `/publics/v1/Inspection/photo?key=..&exp=..&sig=..` (relative to /api), valid for some hours. */
export function signedPhotoUrl(secret: string, key: string, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000 / 3600) * 3600 + PHOTO_LINK_HOURS * 3600; // stable within an hour (cacheable)
  return `/publics/v1/Inspection/photo?key=${encodeURIComponent(key)}&exp=${exp}&sig=${hmacSha256(secret, photoPayload(key, exp))}`;
}

export function verifyPhotoSig(secret: string, key: string, exp: number | undefined, sig: string | undefined, now: Date): boolean {
  if (!exp || !sig || exp * 1000 < now.getTime()) return false;
  return safeEqual(sig, hmacSha256(secret, photoPayload(key, exp)));
}
