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
  const { default: pg } = await import('pg');
  // named after the run's template, so a run's teardown drops its own copies and no other run's
  const name = `${cfg.template}_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${cfg.template}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(adminUrl(), name), poolSize: 5 });
  const close = database.close;
  database.close = async () => {
    await close();
    const a = new pg.Client({ connectionString: adminUrl() });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await a.end();
  };
  return database;
}
