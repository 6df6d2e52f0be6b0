import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { listMigrations } from '../src/db/migrate';
import { openDatabase } from '../src/db/client';
import { seedDemo } from '../src/db/seed';
import { adminUrl, postgresReachable } from './pg';

/**
 * With a PostgreSQL server reachable, builds one migrated and seeded template database; each test
 * file then copies it (CREATE DATABASE … TEMPLATE is fast). Without one, test files fall back to
 * an in-memory PGlite each.
 */
export default async function setup(project: TestProject) {
  if (process.env.GEMQC_TEST_PGLITE === '1' || !(await postgresReachable())) {
    project.provide('testDb', { kind: 'pglite' });
    return;
  }
  const { default: pg } = await import('pg');
  const hash = crypto.createHash('sha1');
  for (const m of listMigrations()) hash.update(m.name + m.sql);
  const template = `gemqc_tpl_${hash.digest('hex').slice(0, 10)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const url = withDatabase(adminUrl(), template);
  const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
  await seedDemo(database);
  await database.close();
  project.provide('testDb', { kind: 'postgres', template });
  return async () => {
    // drop test databases left behind by killed runs of this template as well
    const left = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'gemqc_t_%' OR datname = $1`, [template]);
    for (const r of left.rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`).catch(() => {});
    await admin.end();
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: { kind: 'pglite' } | { kind: 'postgres'; template: string };
  }
}
