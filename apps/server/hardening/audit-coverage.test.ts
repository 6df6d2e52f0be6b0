import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, portalOf, type Operation } from './openapi';
import { buildWorld, call, envelopeOf, query, validRequest, type Caller, type World } from './world';

/**
 * 操作日志 covers every writing endpoint (issue 27). The writing operations (POST) come from the
 * OpenAPI document; each is called by its own tenant with valid inputs (the authorisation matrix's
 * `validRequest` and fixtures) while a row trigger on every table notes which tables the call wrote.
 * A call that changed business data must have written an `audit_log` entry in the same
 * transaction, unless the operation is on one of the two commented lists below. An operation that
 * is on neither list and not yet in the document's writes fails the first test, so a new endpoint
 * is either audited or explained here.
 */

/** Writes that are not 操作日志's business: the request's own bookkeeping and derived counters. */
const bookkeeping = new Set([
  'sessions',
  'sms_codes',
  'sms_outbox',
  'rate_counters',
  'client_requests', // idempotency keys
  'order_no_counters',
  'batch_no_counters',
  'shop_oauth_states',
  'order_counts',
  'order_totals',
  'order_count_deltas',
  'order_event_counts',
  'order_event_count_deltas',
  'ledger_day_sums',
  'ledger_day_sum_deltas',
  'write_probe',
  // the bell's events: written with a change (or by the clock's deadline job, which may run meanwhile), never alone by a person
  'notifications',
]);

/**
 * The order's daily work: each step is recorded in the order's own history (order_events: the
 * account, its name, from → to, the reason; recordings and code bindings keep who uploaded or
 * bound), which the order detail shows. 操作日志 is for settings, money, accounts and decisions;
 * these would flood it with the warehouse's every scan.
 */
const orderWork = new Set([
  '/api/merchant/v1/Testing/orderCreate',
  '/api/merchant/v1/Testing/orderCancel',
  '/api/merchant/v1/Testing/orderWaybill',
  '/api/merchant/v1/Shop/pullOrders',
  '/api/warehouse/v1/Intake/scan',
  '/api/warehouse/v1/Intake/receive',
  '/api/warehouse/v1/Batch/close',
  '/api/warehouse/v1/Order/ship',
  '/api/warehouse/v1/Order/batchShip',
  '/api/warehouse/v1/Order/return',
  '/api/warehouse/v1/Order/returnPhoto', // a file, named by the return
  '/api/warehouse/v1/Recording/upload', // the recording row keeps who uploaded it
  '/api/warehouse/v1/Inspection/photoUpload', // a file, named by the result (audited) that uses it
  '/api/warehouse/v1/Order/ebill', // 电子面单取号: the number is kept with the order (order_ebills) and shipped with
  // 重试 of a shipment report to the shop platform: an order event names who asked
  '/api/warehouse/v1/Order/syncRetry',
  '/api/center/v1/Order/syncRetry',
  '/api/manage/v1/Order/syncRetry',
]);

/** Writes that change no shared business data, or have no signed-in actor; why, for each. */
const notAudited: Record<string, string> = {
  // signing in and out, SMS codes: bookkeeping only (sessions, codes, rate limits)
  '/api/merchant/v1/User/login': 'sign-in',
  '/api/center/v1/User/login': 'sign-in',
  '/api/warehouse/v1/User/login': 'sign-in',
  '/api/admin/v1/login': 'sign-in',
  '/api/merchant/v1/User/logout': 'sign-out',
  '/api/center/v1/User/logout': 'sign-out',
  '/api/warehouse/v1/User/logout': 'sign-out',
  '/api/admin/v1/logout': 'sign-out',
  '/api/publics/v1/Sms/send': 'an SMS code',
  // a new organisation signs itself up (no actor yet); the manager's decision on it is audited
  '/api/merchant/v1/User/register': 'self sign-up',
  '/api/center/v1/User/register': 'self sign-up (a centre application)',
  // the account's own screen and workstation: column choices, its label printer and calibration
  '/api/common/v1/Pref/save': 'own display preferences',
  '/api/warehouse/v1/Printer/set': 'own printer (per account)',
  '/api/center/v1/Printer/set': 'own printer (per account)',
  '/api/common/v1/Notification/read': 'own read marks',
  '/api/common/v1/Notification/readAll': 'own read marks',
  // a message to the platform: the row names its sender
  '/api/merchant/feedback/add': 'feedback',
  '/api/center/feedback/add': 'feedback',
  // a picture file for the designer; the template that uses it is audited when saved
  '/api/warehouse/v1/Template/imageUpload': 'a picture file',
  '/api/center/v1/Template/imageUpload': 'a picture file',
  // the shop platform calls these, no account: the shop row keeps when and for which merchant it
  // was authorised; every push message is kept in platform_messages with what was done about it
  '/api/merchant/v1/Shop/authCallback': 'the platform’s OAuth return',
  '/api/publics/v1/Doudian/push': 'the platform’s message push',
};

let w: World;
let writes: Operation[];
beforeAll(async () => {
  w = await buildWorld();
  writes = operationsOf(w.t.app).filter((o) => o.method !== 'GET');
  // a row trigger on every table notes the tables each call writes (rolled back with the call)
  // one statement a call: PGlite's extended protocol takes no multi-statement string
  const setup = [
    'CREATE UNLOGGED TABLE write_probe (tbl text NOT NULL)',
    'CREATE FUNCTION write_probe_note() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO write_probe VALUES (TG_TABLE_NAME); RETURN NULL; END $$',
    `DO $$ DECLARE r record; BEGIN
        FOR r IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'write_probe' LOOP
          EXECUTE format('CREATE TRIGGER write_probe_t AFTER INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW EXECUTE FUNCTION write_probe_note()', r.tablename);
        END LOOP;
      END $$`,
  ];
  for (const statement of setup) await w.t.database.db.execute(sql.raw(statement));
});
afterAll(async () => {
  await w?.t.close();
});

/** The tenant that owns the fixtures, of a portal that may call the operation. */
function callerFor(op: Operation): Caller | null {
  if (op.auth === 'public') return null;
  const owners = { merchant: 'merchantA', warehouse: 'inspectorX', center: 'centreX', admin: 'manager' } as const;
  const p = portalOf(op.url);
  const own = p in owners ? w.callers[owners[p as keyof typeof owners]] : null;
  if (own?.userType && op.auth.includes(own.userType)) return own;
  return Object.values(w.callers).find((c) => c.userType === (op.auth as string[])[0] && ['A', 'X', 'platform'].includes(c.tenant ?? '') && c.name !== 'merchantSub') ?? null;
}

describe('操作日志 covers every writing endpoint (from the OpenAPI document)', () => {
  it('the document has writing operations, and the two lists name only operations it has', () => {
    const urls = new Set(writes.map((o) => o.url));
    expect(writes.length).toBeGreaterThan(50);
    expect([...orderWork, ...Object.keys(notAudited)].filter((u) => !urls.has(u)), 'listed but not in the document').toEqual([]);
  });

  it('a call that changes business data writes its 操作日志 entry in the same transaction', async () => {
    const unaudited: string[] = [];
    let auditedCalls = 0;
    for (const op of writes.filter((o) => !/logout/i.test(o.url))) {
      const c = callerFor(op);
      await w.t.database.db.execute(sql`delete from write_probe`);
      const { query: q, body } = validRequest(op, (kind) => w.refValue(kind, op.url));
      const res = await call(w.t, c?.token ?? null, op.method, op.url, body ?? {}, q);
      expect(res.statusCode, `${op.url} answered ${res.statusCode}`).toBeLessThan(500);
      const tables = (await query<{ tbl: string }>(w.t, sql`select distinct tbl from write_probe`)).map((r) => r.tbl);
      const business = tables.filter((x) => !bookkeeping.has(x) && x !== 'audit_log');
      if (!business.length) continue;
      if (tables.includes('audit_log')) auditedCalls++;
      else if (!orderWork.has(op.url) && !(op.url in notAudited)) unaudited.push(`${op.url} (code ${envelopeOf(res)?.code}) wrote ${business.join(', ')} without an audit entry`);
    }
    expect(unaudited).toEqual([]);
    // the generic inputs exercise most audited writes (accounts, roles, fees, top-up, results, codes, interceptions)
    expect(auditedCalls).toBeGreaterThanOrEqual(15);
  });
});
