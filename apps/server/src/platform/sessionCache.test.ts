import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../app';
import { openDatabase, type Database } from '../db/client';
import { createTestApp, type TestApp } from '../../test/app';
import { withDatabase } from '../../test/global-setup';
import { adminUrl } from '../../test/pg';
import { one } from '../modules/orders/testkit';
import { resolveSession, tokenHashOf } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const info = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/merchant/v1/User/info', headers: { authorization: `Bearer ${token}` } });

describe('session cache', () => {
  it('answers a recent token from memory (a change no one is told about is not seen)', async () => {
    const token = await t.login('trader', '13800000001');
    const cache = t.app.deps.sessionCache!;
    const now = t.clock.now();
    expect(await resolveSession(t.database.db, token, now, 7, cache)).not.toBeNull();
    // expires_at only ever slides forward through the server itself, so it sends no notification:
    // pushing it into the past behind the server's back shows the row really came from memory
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 day' where token_hash = ${tokenHashOf(token)}`);
    expect(await resolveSession(t.database.db, token, now, 7, cache)).not.toBeNull();
    expect(await resolveSession(t.database.db, token, now, 7)).toBeNull();
    cache.clear();
    expect(await resolveSession(t.database.db, token, now, 7, cache)).toBeNull();
  });

  it('forgets a token at once on logout', async () => {
    const token = await t.login('trader', '13800000001');
    expect((await info(t.app, token)).json().code).toBe(1000);
    expect((await info(t.app, token)).json().code).toBe(1000);
    await t.app.inject({ method: 'POST', url: '/api/merchant/v1/User/logout', headers: t.auth(token) });
    expect((await info(t.app, token)).json().code).toBe(403);
  });

  it('forgets a token when the database says a session changed (another server revoked it)', async () => {
    const token = await t.login('trader', '13800000001');
    expect((await info(t.app, token)).json().code).toBe(1000);
    // not through this server: only the trigger's NOTIFY can tell it
    await t.database.db.execute(sql`update sessions set revoked_at = now() where token_hash = ${tokenHashOf(token)}`);
    await expect.poll(async () => (await info(t.app, token)).json().code, { timeout: 3000, interval: 20 }).toBe(403);
  });

  it.skipIf(inject('testDb').kind !== 'postgres')('keeps two servers on one PostgreSQL database exact: a logout on one is seen by the other', async () => {
    const name = (await one<{ name: string }>(t.database.db, sql`select current_database() as name`)).name;
    const second: Database = await openDatabase({ databaseUrl: withDatabase(adminUrl(), name), poolSize: 2, migrate: false });
    const other = await buildApp({ database: second, config: t.config, clock: t.clock });
    try {
      await other.ready();
      const token = await t.login('trader', '13800000001');
      expect((await info(other, token)).json().code).toBe(1000);
      expect((await info(other, token)).json().code).toBe(1000);
      await t.app.inject({ method: 'POST', url: '/api/merchant/v1/User/logout', headers: t.auth(token) });
      await expect.poll(async () => (await info(other, token)).json().code, { timeout: 3000, interval: 20 }).toBe(403);
      const count = await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from pg_stat_activity where datname = ${name} and query ilike 'LISTEN%'`);
      expect(count.n).toBeGreaterThanOrEqual(2);
    } finally {
      await other.close();
      await second.close();
    }
  });
});
