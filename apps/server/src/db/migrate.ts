import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawSession } from './session';

/** What migrating needs of a Database (client.ts): one connection, so the advisory lock holds. */
interface SessionSource {
  withSession<T>(fn: (session: RawSession) => Promise<T>): Promise<T>;
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export function listMigrations(): { name: string; sql: string }[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(migrationsDir, name), 'utf8') }));
}

const MIGRATION_LOCK = 727274;

/**
 * Applies the numbered SQL files not yet applied, each in its own transaction, on one connection
 * holding an advisory lock, so two server processes never migrate one PostgreSQL at once.
 */
export async function runMigrations(database: SessionSource): Promise<string[]> {
  return database.withSession(async (s) => {
    await s.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    await s.query(`SELECT pg_advisory_lock(${MIGRATION_LOCK})`);
    const applied: string[] = [];
    try {
      const done = new Set((await s.query<{ name: string }>(`SELECT name FROM schema_migrations`)).map((r) => r.name));
      for (const m of listMigrations()) {
        if (done.has(m.name)) continue;
        try {
          await s.exec(`BEGIN;\n${m.sql}\n;INSERT INTO schema_migrations(name) VALUES ('${m.name}');\nCOMMIT;`);
        } catch (err) {
          await s.exec('ROLLBACK').catch(() => {});
          throw new Error(`Migration ${m.name} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(m.name);
      }
    } finally {
      await s.query(`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`);
    }
    return applied;
  });
}
