import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import { runMigrations } from './migrate';
import type { RawSession } from './session';

export type { RawSession } from './session';

export type Schema = typeof schema;
/** A database handle or a transaction: both PGlite and node-postgres handles fit. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL text with several statements (migrations, seed). */
  exec(sqlText: string): Promise<void>;
  /** Run `fn` on one connection (session-level locks hold across its calls). */
  withSession<T>(fn: (session: RawSession) => Promise<T>): Promise<T>;
  /**
   * The connection the job queue (platform/queue.ts, pg-boss) runs its SQL on: parameterised
   * statements as queries, multi-statement text (its migrations, its locked transactions) in one
   * round with every statement's result, as node-postgres answers.
   */
  queueDb(): QueueDb;
  close(): Promise<void>;
  /** Embedded PGlite: a consistent copy of its data folder, gzipped tar (platform/backup.ts); taken between statements. */
  dumpDataDir?(): Promise<Blob>;
  /** PostgreSQL: how the pool is used (the metrics); the embedded PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number };
}

export interface QueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface OpenOptions {
  /** postgres://… — when absent, PGlite is used. */
  databaseUrl?: string;
  /** Folder of the embedded database; absent = in memory (tests). */
  pgliteDir?: string;
  /** Run migrations after opening (default true). */
  migrate?: boolean;
  poolSize?: number;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const database = opts.databaseUrl ? await openPostgres(opts.databaseUrl, opts.poolSize ?? 10) : await openPglite(opts.pgliteDir);
  if (opts.migrate !== false) await runMigrations(database);
  return database;
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: pg } = await import('pg');
  // bigint ids come back as strings (ids are strings in the API); int8 counts are cast in SQL.
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    /* an idle client died; the pool replaces it */
  });
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async exec(text) {
      await pool.query(text);
    },
    queueDb: () => ({ executeSql: async (text, values) => (await pool.query(text, values)) as unknown as { rows: unknown[] } }),
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          exec: async (text) => void (await client.query(text)),
          query: async <R,>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as R[],
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dir?: string): Promise<Database> {
  let release = () => {};
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    release = acquireDirLock(dir);
  }
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = dir ? new PGlite(dir) : new PGlite();
    await client.waitReady;
    const { drizzle } = await import('drizzle-orm/pglite');
    const db = drizzle(client, { schema }) as unknown as Db;
    const session: RawSession = {
      exec: async (text) => void (await client.exec(text)),
      query: async <R,>(text: string, params?: unknown[]) => (await client.query<R>(text, params)).rows,
    };
    return {
      db,
      kind: 'pglite',
      exec: session.exec,
      async dumpDataDir() {
        await client.exec('CHECKPOINT'); // what is committed is in the data files: a short recovery after a restore
        return client.dumpDataDir('gzip');
      },
      withSession: (fn) => fn(session),
      queueDb: () => ({
        async executeSql(text, values) {
          if (values?.length) return client.query(text, values);
          const results = await client.exec(text);
          return (results.length === 1 ? results[0] : results) as { rows: unknown[] };
        },
      }),
      async close() {
        await client.close();
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * Two processes on one PGlite folder corrupt it: hold a lock file with our pid, refuse when a
 * live process holds it, take over a stale one.
 */
export function acquireDirLock(dir: string): () => void {
  const lockPath = path.join(dir, 'gemqc.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockPath, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new Error(`The database folder ${dir} is in use by process ${holder}; stop it or set another DATA_DIR.`, { cause: err });
      }
      fs.unlinkSync(lockPath); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
