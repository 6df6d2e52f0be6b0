import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { acquireDirLock, pingDatabase, type Database } from './client';
import { createTestDatabase } from '../../test/db';

describe('database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.close());

  it('answers a query after migrations', async () => {
    expect(await pingDatabase(database.db)).toBe(true);
    const r = await database.db.execute(sql`select count(*)::int as n from schema_migrations`);
    expect((r as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
  });

  it('refuses a second holder of the embedded data folder lock', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-lock-'));
    const release = acquireDirLock(dir);
    fs.writeFileSync(path.join(dir, 'gemqc.lock'), String(process.ppid)); // a live other process
    expect(() => acquireDirLock(dir)).toThrow(/in use/);
    fs.writeFileSync(path.join(dir, 'gemqc.lock'), '999999'); // a dead one: stale lock taken over
    const again = acquireDirLock(dir);
    again();
    release();
    expect(fs.existsSync(path.join(dir, 'gemqc.lock'))).toBe(false);
  });
});
