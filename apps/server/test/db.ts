import crypto from 'node:crypto';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { seedDemo } from '../src/db/seed';
import { withDatabase } from './global-setup';
import { adminUrl } from './pg';

/**
 * A fresh database holding the migrated schema and the demo seed, for one test file: a copy of the
 * template on the PostgreSQL server, or an in-memory PGlite when no server is reachable.
 * `close()` drops it.
 */
export async function createTestDatabase(): Promise<Database> {
  const cfg = inject('testDb');
  if (cfg.kind === 'pglite') {
    const database = await openDatabase({});
    await seedDemo(database);
    return database;
  }
  const copy = await copyTestTemplate(cfg.template);
  const database = await openDatabase({ databaseUrl: copy.url, poolSize: 5 });
  const close = database.close;
  database.close = async () => {
    await close();
    await copy.drop();
  };
  return database;
}

/**
 * A copy of the run's migrated and seeded template on the PostgreSQL server (for a server process
 * a test starts itself); `drop()` removes it. Only with a server: see createTestDatabase.
 */
export async function copyTestTemplate(template = serverTemplate()): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  // named after the run's template, so a run's teardown drops its own copies and no other run's
  const name = `${template}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: withDatabase(adminUrl(), name),
    async drop() {
      const a = new pg.Client({ connectionString: adminUrl() });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.end();
    },
  };
}

function serverTemplate(): string {
  const cfg = inject('testDb');
  if (cfg.kind !== 'postgres') throw new Error('copyTestTemplate: the tests run on PGlite (no PostgreSQL server)');
  return cfg.template;
}
