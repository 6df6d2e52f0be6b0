import type pg from 'pg';

/**
 * One leader for background work among the hosts of one PostgreSQL database (the count folding
 * and the hourly housekeeping of app.ts run only where `isLeader()` is true).
 *
 * Election is a session-level advisory lock (`pg_try_advisory_lock`) held on a connection of its
 * own, outside the request pool. Every `retryMs` each host either tries to take the lock or, as
 * leader, checks with `select 1` that its connection (and so its lock) is still there. When the
 * leading host dies its connection closes and PostgreSQL releases the lock at once (on a host that
 * vanishes from the network: after the server's TCP keepalive gives up); another host takes it on
 * its next turn, within `retryMs`. A leader whose connection fails or is terminated steps down
 * before its next job. Advisory locks belong to one database, so hosts of other databases on the
 * same server never contend.
 *
 * PGlite is one process: it runs no election (main.ts passes no `isLeader`).
 */
export const BACKGROUND_LEADER_LOCK = 727_281;
export const LEADER_RETRY_MS = 2000;

export interface LeaderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface LeaderElection {
  isLeader(): boolean;
  /** Gives the lock up (ends its connection) and stops trying. */
  close(): Promise<void>;
}

export async function startLeaderElection(opts: {
  databaseUrl: string;
  lockKey?: number;
  retryMs?: number;
  log?: LeaderLog;
  /** Called on every change of leadership (tests, logs). */
  onChange?: (leading: boolean) => void;
}): Promise<LeaderElection> {
  const { default: pgLib } = await import('pg');
  const key = opts.lockKey ?? BACKGROUND_LEADER_LOCK;
  const retryMs = opts.retryMs ?? LEADER_RETRY_MS;
  let client: pg.Client | null = null;
  let leading = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let turn: Promise<void> = Promise.resolve();

  const setLeading = (v: boolean) => {
    if (leading === v) return;
    leading = v;
    opts.log?.info({ leader: v, lock: key }, v ? 'this host leads the background work' : 'this host no longer leads the background work');
    opts.onChange?.(v);
  };

  const drop = (err?: unknown) => {
    if (err && !closed) opts.log?.warn({ err }, 'leader election connection lost');
    setLeading(false);
    const c = client;
    client = null;
    c?.end().catch(() => {});
  };

  const tryTurn = async () => {
    try {
      if (!client) {
        const c = new pgLib.Client({ connectionString: opts.databaseUrl, keepAlive: true, connectionTimeoutMillis: retryMs, query_timeout: retryMs, application_name: 'gemqc-leader' });
        c.on('error', (err) => {
          if (client === c) drop(err); // terminated by the server, or the network broke
        });
        client = c;
        await c.connect();
      }
      if (leading) await client.query('select 1');
      else {
        const r = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [key]);
        if (r.rows[0]?.ok && !closed) setLeading(true);
      }
    } catch (err) {
      drop(err);
    }
  };

  const loop = () => {
    turn = tryTurn().finally(() => {
      if (!closed) timer = setTimeout(loop, retryMs);
    });
  };
  loop();
  await turn; // the first answer: a host alone on the database leads from the start

  return {
    isLeader: () => leading && !closed,
    async close() {
      closed = true;
      clearTimeout(timer);
      await turn;
      const c = client;
      client = null;
      setLeading(false);
      await c?.end().catch(() => {});
    },
  };
}
