import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { listMigrations } from '../src/db/migrate';
import { openDatabase } from '../src/db/client';
import { seedDemo } from '../src/db/seed';
import { adminUrl, postgresReachable } from './pg';

/**
 * With a PostgreSQL server reachable, builds one migrated and seeded template database; each test
 * file then copies it (CREATE DATABASE … TEMPLATE is fast). Without one, test files fall back to
 * an in-memory PGlite each — except in CI, where a missing PostgreSQL fails the run.
 */
export default async function setup(project: TestProject) {
  if (process.env.GEMQC_TEST_PGLITE === '1') {
    project.provide('testDb', { kind: 'pglite' });
    return;
  }
  if (!(await postgresReachable())) {
    // in CI the PostgreSQL run must run on PostgreSQL (the PGlite run sets GEMQC_TEST_PGLITE=1)
    if (process.env.CI === 'true') throw new Error(`CI=true and PostgreSQL does not answer at ${adminUrl()}: .ci/run starts it`);
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
    // Drop this run's template and copies, and those of runs whose process died (killed runs).
    // Other live runs (another engineer's `vitest` on the same server) keep theirs.
    const left = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'gemqc\\_tpl\\_%' OR datname LIKE 'gemqc\\_t\\_%'`);
    for (const { datname } of left.rows) {
      const pid = Number(/^gemqc_tpl_[0-9a-f]{10}_(\d+)/.exec(datname)?.[1] ?? 0);
      const mine = datname === template || datname.startsWith(`${template}_`);
      const stale = pid > 0 && pid !== process.pid && !isAlive(pid);
      if (mine || stale) await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => {});
    }
    await admin.end();
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
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
