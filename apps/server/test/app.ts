import { sql } from 'drizzle-orm';
import type { UserType } from '@gemqc/contract';
import { buildApp, type App, type BuildDeps } from '../src/app';
import { testConfig, type Config } from '../src/config';
import type { Database } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/db/seeds/core';
import { ManualClock } from '../src/platform/clock';
import { createTestDatabase } from './db';

export interface TestApp {
  app: App;
  database: Database;
  clock: ManualClock;
  config: Config;
  /** Headers carrying a token (both forms the client sends). */
  auth(token: string): Record<string, string>;
  /** Signs a demo account in (password Demo@123456; the manager by SMS) and answers its token. */
  login(userType: UserType, mobile: string, password?: string): Promise<string>;
  /** The last code the console SMS provider wrote for a mobile (the sms_outbox table). */
  lastSmsCode(mobile: string): Promise<string | undefined>;
  close(): Promise<void>;
}

const loginPath: Record<UserType, string> = {
  trader: '/api/merchant/v1/User/login',
  base: '/api/center/v1/User/login',
  qualityInspection: '/api/warehouse/v1/User/login',
  manage: '/api/admin/v1/login',
};

/** A server on a fresh seeded database with a manual clock; `config` overrides the test defaults. */
export async function createTestApp(opts: { config?: Partial<Config>; deps?: Partial<Omit<BuildDeps, 'database' | 'config'>> } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const clock = new ManualClock(new Date());
  const config = testConfig({ loginPerMinute: 1000, sms: { ...testConfig().sms, perIpPerHour: 1000 }, ...opts.config });
  // the job queue (pg-boss) only where a test asks for it (backgroundJobs: true): it polls and schedules
  const app = await buildApp({ database, config, clock, backgroundJobs: false, ...opts.deps });
  await app.ready();

  const lastSmsCode = async (mobile: string) => {
    const r = await database.db.execute(sql`select code from sms_outbox where mobile = ${mobile} order by id desc limit 1`);
    return (r as unknown as { rows: { code: string }[] }).rows[0]?.code;
  };

  const t: TestApp = {
    app,
    database,
    clock,
    config,
    auth: (token) => ({ authorization: `Bearer ${token}`, token }),
    lastSmsCode,
    async login(userType, mobile, password = DEMO_PASSWORD) {
      let payload: Record<string, unknown>;
      if (userType === 'manage') {
        clock.advanceSeconds(61); // past the resend interval of an earlier code
        const sent = await app.inject({ method: 'POST', url: '/api/publics/v1/Sms/send', payload: { mobile } });
        if (sent.json().code !== 1000) throw new Error(`SMS send failed: ${sent.body}`);
        payload = { mobile, verify_code: await lastSmsCode(mobile) };
      } else {
        payload = { mobile, password, type: 1 };
      }
      const res = await app.inject({ method: 'POST', url: loginPath[userType], payload });
      const body = res.json();
      if (body.code !== 1000) throw new Error(`Login of ${userType} ${mobile} failed: ${res.body}`);
      return body.data.token as string;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
  return t;
}
