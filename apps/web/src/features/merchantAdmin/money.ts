/** Largest single top-up the server accepts, fen (¥1,000,000). */
export const MAX_TOP_UP_FEN = 100_000_000;

/**
 * Yuan as typed (number or text, at most two decimals) → integer fen without float drift
 * (19.99 → 1999, 0.1 + 0.2 style errors never reach the server). null when not a valid amount.
 */
export function yuanToFen(yuan: number | string | null | undefined): number | null {
  if (yuan === null || yuan === undefined) return null;
  let text: string;
  if (typeof yuan === 'number') {
    if (!Number.isFinite(yuan)) return null;
    // a number input may hand over 12.3 or 12.345: more than two decimals is not money
    text = String(yuan);
    if (/e/i.test(text)) return null;
  } else text = yuan.trim().replace(/^¥/, '').replace(/,/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(fen) ? fen : null;
}

/** A fresh idempotency key for one top-up dialog (the contract wants 8–64 of A–Z a–z 0–9 _ -). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return `topup-${c.randomUUID()}`;
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `topup-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
