import type { YuanOptions } from '@gemqc/contract';

/** Largest single top-up the server accepts, fen (¥1,000,000). */
export const MAX_TOP_UP_FEN = 100_000_000;

/**
 * How a top-up typed in yuan is read (`yuanToFen(typed, TOP_UP_YUAN)`): positive digits with one or
 * two decimals only ('-5', '30.', '.5' and a number input's 0.1 + 0.2 are not money).
 */
export const TOP_UP_YUAN: YuanOptions = { allowNegative: false, allowTrailingDot: false };

/** A fresh idempotency key for one top-up dialog (the contract wants 8–64 of A–Z a–z 0–9 _ -). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return `topup-${c.randomUUID()}`;
  const bytes = new Uint8Array(16);
  if (c && typeof c.getRandomValues === 'function') c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `topup-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
