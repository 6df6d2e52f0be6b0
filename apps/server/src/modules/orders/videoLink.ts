import { hmacSha256, safeEqual } from '../../platform/crypto';

/** Hours a recording link stays valid (a <video> element cannot send the session headers). */
export const VIDEO_LINK_HOURS = 6;

function payload(id: number, exp: number): string {
  return `video:${id}:${exp}`;
}

/** `/merchant/v1/Testing/video?id=..&exp=..&sig=..` (relative to /api), valid for some hours. */
export function signedVideoUrl(secret: string, id: number, now: Date): string {
  const exp = Math.floor(now.getTime() / 1000 / 3600) * 3600 + VIDEO_LINK_HOURS * 3600; // stable within an hour (cacheable)
  return `/merchant/v1/Testing/video?id=${id}&exp=${exp}&sig=${hmacSha256(secret, payload(id, exp))}`;
}

export function verifyVideoSig(secret: string, id: number, exp: number | undefined, sig: string | undefined, now: Date): boolean {
  if (!exp || !sig || exp * 1000 < now.getTime()) return false;
  return safeEqual(sig, hmacSha256(secret, payload(id, exp)));
}
