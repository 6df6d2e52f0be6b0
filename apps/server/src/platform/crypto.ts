import crypto from 'node:crypto';

/** SHA-256 hex of a string (session tokens are stored this way): the one-shot hash, no Hash object per call. */
export function sha256(text: string): string {
  return crypto.hash('sha256', text, 'hex');
}

export function hmacSha256(key: string, text: string): string {
  return crypto.createHmac('sha256', key).update(text).digest('hex');
}

/** An opaque random token (32 bytes, base64url). */
export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

function keyFrom(secret: string): Buffer {
  return crypto.createHash('sha256').update(`gemqc-enc:${secret}`).digest();
}

/**
 * Encrypts a secret for storage at rest (shop tokens): AES-256-GCM with a key derived from
 * SECRET_KEY. Output: `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export function encryptSecret(secretKey: string, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyFrom(secretKey), iv);
  const enc = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), enc.toString('base64url')].join('.');
}

export function decryptSecret(secretKey: string, stored: string): string {
  const [v, iv, tag, enc] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || enc === undefined) throw new Error('Unknown encrypted value format');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyFrom(secretKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(enc, 'base64url')), decipher.final()]).toString('utf8');
}
