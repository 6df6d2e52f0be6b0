import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { createTestApp, type TestApp } from '../../test/app';
import { tokenHashOf } from './sessions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const info = (app: App, token: string) => app.inject({ method: 'GET', url: '/api/merchant/v1/User/info', headers: { authorization: `Bearer ${token}` } });

describe('sessions read from the database on every request', () => {
  it('refuses a token at once after logout', async () => {
    const token = await t.login('trader', '13800000001');
    expect((await info(t.app, token)).json().code).toBe(1000);
    expect((await info(t.app, token)).json().code).toBe(1000);
    await t.app.inject({ method: 'POST', url: '/api/merchant/v1/User/logout', headers: t.auth(token) });
    expect((await info(t.app, token)).json().code).toBe(403);
  });

  it('refuses a token on the next request when the database says it was revoked (by another server)', async () => {
    const token = await t.login('trader', '13800000001');
    expect((await info(t.app, token)).json().code).toBe(1000);
    await t.database.db.execute(sql`update sessions set revoked_at = now() where token_hash = ${tokenHashOf(token)}`);
    expect((await info(t.app, token)).json().code).toBe(403);
  });

  it('refuses a token on the next request when its account is disabled behind the server’s back', async () => {
    const token = await t.login('trader', '13800000002');
    expect((await info(t.app, token)).json().code).toBe(1000);
    const hash = tokenHashOf(token);
    await t.database.db.execute(sql`update accounts set status = 0 where id = (select account_id from sessions where token_hash = ${hash})`);
    try {
      expect((await info(t.app, token)).json().code).toBe(403);
    } finally {
      await t.database.db.execute(sql`update accounts set status = 1 where id = (select account_id from sessions where token_hash = ${hash})`);
    }
  });
});
