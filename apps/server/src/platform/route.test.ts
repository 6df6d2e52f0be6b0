import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, orderListData } from '@gemqc/contract';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { accounts, sessions } from '../db/schema';
import { defineRoutes } from './route';
import { tokenHashOf } from './sessions';

const boom = endpoint({ method: 'GET', path: '/test/boom', summary: 'throws', data: z.null() });
const finance = endpoint({ method: 'GET', path: '/test/finance', summary: 'needs warehouse.finance.view', data: z.object({ ok: z.boolean() }) });
const intake = endpoint({ method: 'GET', path: '/test/intake', summary: 'needs warehouse.intake', data: z.object({ ok: z.boolean() }) });
const leak = endpoint({ method: 'GET', path: '/test/leak', summary: 'returns extra keys', data: z.object({ name: z.string() }) });
const listLeak = endpoint({ method: 'GET', path: '/test/list-leak', summary: 'a list page whose rows carry extra keys', data: orderListData });
const listedOrder = {
  id: '1', order_no: 'T1', platform_order_id: null, shop_id: null, shop_name: null, merchant_name: 'm', centre_id: '1', centre_name: 'c', buyer_name: 'b',
  buyer_phone: '138****0001', declared_value: 100, inbound_carrier: '', inbound_waybill: '', outbound_carrier: '', outbound_waybill: '', status: 'created',
  status_text: '待发货', intercept_reason: '', item_count: 1, item_names: 'n', category_names: 'c', fee_total: 0, start_time: '2026-11-29T00:00:00.000Z',
  ship_deadline: '2026-11-30T00:00:00.000Z', overdue: false, remaining_seconds: 60, can_cancel: true, can_enter_waybill: true, created_at: '2026-11-29T00:00:00.000Z',
};
const echo = endpoint({ method: 'POST', path: '/test/echo', summary: 'echo', body: z.object({ text: z.string().max(10, { error: '内容不能超过10个字' }) }), data: z.object({ text: z.string() }) });

const testRoutes = defineRoutes((r) => {
  r.route(boom, { auth: 'public' }, () => {
    throw new Error('database password is hunter2');
  });
  r.route(finance, { auth: ['qualityInspection'], permission: 'warehouse.finance.view' }, () => ({ ok: true }));
  r.route(intake, { auth: ['qualityInspection'], permission: 'warehouse.intake' }, () => ({ ok: true }));
  r.route(leak, { auth: 'public' }, () => ({ name: 'x', password_hash: 'secret' }) as { name: string });
  r.route(listLeak, { auth: 'public' }, () => ({ list: [{ ...listedOrder, buyer_phone_full: '13800000001', merchant_id: 7 }], total: 1, total_exact: true, page: 1, page_size: 20, server_time: 'now', cursor: 'x' }));
  r.route(echo, { auth: 'public' }, ({ body }) => ({ text: body.text }));
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { bodyLimit: 4096 }, deps: { extraRoutes: [testRoutes] } });
});
afterAll(async () => t.close());

const info = (token: string | Record<string, string>, url = '/api/merchant/v1/User/info') =>
  t.app.inject({ method: 'GET', url, headers: typeof token === 'string' ? { authorization: `Bearer ${token}` } : token });

describe('envelope', () => {
  it('answers malformed JSON with HTTP 400 and code 1001 in the envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/v1/User/login', headers: { 'content-type': 'application/json' }, payload: '{"mobile": ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1001, data: null });
    expect(res.json().msg).toMatch(/格式不正确/);
  });

  it('answers a body larger than BODY_LIMIT_BYTES with HTTP 413 and code 1001', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ text: 'x'.repeat(5000) }) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 1001, msg: '提交的内容过大，请精简后重试' });
  });

  it('answers an unknown /api path with code 1004', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/merchant/v1/Nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 1004, data: null });
  });

  it('answers an unexpected error with HTTP 500, code 1500 and the request id, without stack or error text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.code).toBe(1500);
    expect(body.request_id).toBe(res.headers['x-request-id']);
    expect(body.msg).toContain(body.request_id);
    expect(res.body).not.toMatch(/hunter2|at .*\.ts|stack/);
  });

  it('reuses a well-formed x-request-id from the caller and replaces a malformed one', async () => {
    const a = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(a.headers['x-request-id']).toBe('abc-123');
    const b = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id\n<script>' } });
    expect(b.headers['x-request-id']).not.toContain('<');
  });

  it('turns a validation failure into code 1001 with the field message a person understands', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { text: '12345678901' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1001, msg: '内容不能超过10个字' });
  });

  it('replaces an English validation message by a Chinese sentence naming the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { text: 5 } });
    expect(res.json()).toMatchObject({ code: 1001, msg: '参数 text 不正确，请检查后重试' });
  });

  it('strips keys the data schema does not list (a spread row cannot leak)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/leak' });
    expect(res.json()).toEqual({ code: 1000, msg: 'success', data: { name: 'x' } });
  });

  it('strips unknown keys of every row of a list page and of the page itself (the order list)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/list-leak' });
    expect(res.json()).toEqual({ code: 1000, msg: 'success', data: { list: [listedOrder], total: 1, total_exact: true, page: 1, page_size: 20, server_time: 'now' } });
    expect(res.body).not.toContain('13800000001');
  });

  it('accepts a form-encoded body as well as JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'text=hi' });
    expect(res.json()).toMatchObject({ code: 1000, data: { text: 'hi' } });
  });
});

describe('sessions', () => {
  it('accepts the token as Authorization: Bearer and as header token', async () => {
    const token = await t.login('trader', '13800000001');
    expect((await info({ authorization: `Bearer ${token}` })).json().code).toBe(1000);
    expect((await info({ token })).json().code).toBe(1000);
  });

  it('answers 403 without a token or with an unknown one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/merchant/v1/User/info' })).json()).toMatchObject({ code: 403 });
    expect((await info('not-a-real-token')).json()).toMatchObject({ code: 403, msg: '登录已失效，请重新登录' });
  });

  it('answers 403 to a token of another portal', async () => {
    const token = await t.login('base', '13700000001');
    expect((await info(token)).json().code).toBe(403);
    expect((await info(token, '/api/center/v1/User/info')).json().code).toBe(1000);
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await t.login('trader', '13800000002');
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHashOf(token)));
    expect(rows).toHaveLength(1);
    const all = await t.database.db.select({ h: sessions.tokenHash }).from(sessions);
    expect(all.some((r) => r.h === token)).toBe(false);
  });

  it('expires a session after 7 days without use and slides the expiry on use', async () => {
    const token = await t.login('trader', '13800000001');
    t.clock.advanceSeconds(6 * 86400);
    expect((await info(token)).json().code).toBe(1000); // used on day 6: expiry moves to day 13
    t.clock.advanceSeconds(6 * 86400);
    expect((await info(token)).json().code).toBe(1000); // day 12: still alive thanks to sliding
    t.clock.advanceSeconds(7 * 86400 + 1);
    expect((await info(token)).json().code).toBe(403); // 7 days idle: expired
  });

  it('writes last-seen at most once a minute', async () => {
    const token = await t.login('trader', '13800000001');
    const seen = async () => (await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, tokenHashOf(token))))[0]!.lastSeenAt.getTime();
    const first = await seen();
    t.clock.advanceSeconds(30);
    await info(token);
    expect(await seen()).toBe(first);
    t.clock.advanceSeconds(31);
    await info(token);
    expect(await seen()).toBe(t.clock.now().getTime());
  });

  it('rejects the session of an account disabled after sign-in', async () => {
    const token = await t.login('trader', '13800000003');
    await t.database.db.update(accounts).set({ status: 0 }).where(eq(accounts.mobile, '13800000003'));
    expect((await info(token)).json().code).toBe(403);
    await t.database.db.update(accounts).set({ status: 1 }).where(eq(accounts.mobile, '13800000003'));
  });
});

describe('permissions', () => {
  it('answers 1003 to a sub-account whose role lacks the key', async () => {
    const token = await t.login('qualityInspection', '13900000002');
    const res = await info(token, '/api/test/finance');
    expect(res.json()).toMatchObject({ code: 1003 });
  });

  it('lets a sub-account use what its role grants', async () => {
    const token = await t.login('qualityInspection', '13900000002');
    expect((await info(token, '/api/test/intake')).json()).toMatchObject({ code: 1000, data: { ok: true } });
  });

  it('lets the owner use every key of the portal', async () => {
    const token = await t.login('qualityInspection', '13900000001');
    expect((await info(token, '/api/test/finance')).json()).toMatchObject({ code: 1000 });
    const me = (await info(token, '/api/warehouse/v1/User/info')).json().data.userInfo;
    expect(me.is_owner).toBe(true);
    expect(me.permissions).toContain('warehouse.finance.view');
  });

  it('refuses at start-up a route naming a key missing from the catalogue', async () => {
    const { createRouter } = await import('./route');
    const fake = { route: () => {} } as unknown as Parameters<typeof createRouter>[0];
    const r = createRouter(fake, t.app.deps);
    expect(() => r.route(intake, { auth: ['trader'], permission: 'warehouse.intake' }, () => ({ ok: true }))).toThrow(/not in the trader catalogue/);
  });
});

describe('http surface', () => {
  it('sends security headers with a CSP that allows the SPA and the local print service', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('http://localhost:8000');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('serves the API docs at /api/docs and an OpenAPI document listing the endpoints', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/merchant/v1/User/login', '/api/publics/v1/Sms/send', '/api/health']));
  });
});

describe('static web build', () => {
  it('serves index.html for app routes, long-caches hashed assets and keeps /api answers', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>GemQC</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-3f2a9c1d.js'), 'console.log(1)');
    const w = await createTestApp({ config: { webDist: dist } });
    try {
      const root = await w.app.inject({ method: 'GET', url: '/' });
      expect(root.body).toContain('<title>GemQC</title>');
      const deep = await w.app.inject({ method: 'GET', url: '/trader/order/list?x=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.body).toContain('GemQC');
      expect(deep.headers['cache-control']).toBe('no-cache');
      const asset = await w.app.inject({ method: 'GET', url: '/assets/index-3f2a9c1d.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await w.app.inject({ method: 'GET', url: '/api/unknown' })).json().code).toBe(1004);
      expect((await w.app.inject({ method: 'GET', url: '/missing.png' })).statusCode).toBe(404);

      // the build's compressed copies go to browsers that accept them, the file itself to others
      const js = 'console.log("GemQC");'.repeat(100);
      fs.writeFileSync(path.join(dist, 'assets', 'shell-0a1b2c3d.js'), js);
      fs.writeFileSync(path.join(dist, 'assets', 'shell-0a1b2c3d.js.br'), zlib.brotliCompressSync(js));
      const br = await w.app.inject({ method: 'GET', url: '/assets/shell-0a1b2c3d.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['vary']).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(br.headers['cache-control']).toContain('immutable');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
      const plain = await w.app.inject({ method: 'GET', url: '/assets/shell-0a1b2c3d.js', headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(js);
    } finally {
      await w.close();
    }
  });

  it('starts without a web build and says how to build it at /', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/npm run build/);
  });
});
