import type { Database } from '../db/client';
import type { SessionRow } from './sessions.repo';

/**
 * The session rows of recent tokens, so a busy client does not cost a database round trip per
 * request (the order list at 1,000,000 orders: bench/orderList.ts).
 *
 * Exact, not eventually right: an entry is dropped
 * - in this process at once, by forgetSessions(), wherever a session is revoked or an account or
 *   role changes what a session may do (sessions.repo, accounts and centre-application repos);
 * - in every process on commit, through the NOTIFY that migration 081's triggers send on those
 *   same changes (this also drops a row read by a concurrent request just before a commit).
 * While the LISTEN connection is down the cache is bypassed. Validity (revoked, expired, disabled)
 * is still checked on every request against the cached row and the request's clock.
 */
export const SESSION_CHANGE_CHANNEL = 'gemqc_session_change';
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 10_000;

const live = new Set<SessionCache>();

/** Drops every cached session in this process (see the module comment for who calls it). */
export function forgetSessions(): void {
  for (const c of live) c.clear();
}

export class SessionCache {
  private entries = new Map<string, { row: SessionRow; at: number }>();
  /** Bumped by every clear: a lookup that started before one must not store its row. */
  private generation = 0;
  private active = false;
  private stopListening: (() => Promise<void>) | null = null;

  /** A cache kept exact by LISTEN on the database; inactive (always missing) until that works. */
  static async listening(database: Database, onError: (err: unknown) => void): Promise<SessionCache> {
    const cache = new SessionCache();
    live.add(cache);
    try {
      cache.stopListening = await database.listen(SESSION_CHANGE_CHANNEL, {
        notify: () => cache.clear(),
        up: (isUp) => {
          cache.clear();
          cache.active = isUp;
        },
      });
    } catch (err) {
      onError(err);
    }
    return cache;
  }

  get(tokenHash: string, nowMs: number): SessionRow | undefined {
    if (!this.active) return undefined;
    const e = this.entries.get(tokenHash);
    if (!e) return undefined;
    if (nowMs - e.at >= MAX_AGE_MS || nowMs < e.at) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return e.row;
  }

  /** The generation to pass to set(): taken before the lookup it will store. */
  mark(): number {
    return this.generation;
  }

  set(tokenHash: string, row: SessionRow, nowMs: number, generation: number): void {
    if (!this.active || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(tokenHash, { row, at: nowMs });
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }

  async close(): Promise<void> {
    live.delete(this);
    this.active = false;
    this.clear();
    await this.stopListening?.();
  }
}
