import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { endpoint } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { defineRoutes } from './route';

// Faults of issue 13 the route helper and the app fix for every endpoint at once.

const BUYER = '13812345678 广州市番禺区市桥街道光明北路88号';
const dbFail = endpoint({ method: 'POST', path: '/test/dbfail', summary: 'a statement PostgreSQL refuses', body: z.object({ buyer: z.string() }), data: z.null() });

const dbFailSignedIn = endpoint({ method: 'POST', path: '/test/dbfail-signed-in', summary: 'the same, for a signed-in merchant', body: z.object({ buyer: z.string() }), data: z.null() });

const testRoutes = defineRoutes((r) => {
  r.route(dbFail, { auth: 'public' }, async ({ deps, body }) => {
    await deps.db.execute(sql`select ${body.buyer}::int as n`); // invalid input syntax: PostgreSQL quotes the value
    return null;
  });
  r.route(dbFailSignedIn, { auth: ['trader'] }, async ({ deps, body }) => {
    await deps.db.execute(sql`select ${body.buyer}::int as n`);
    return null;
  });
});

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { logLevel: 'info' }, deps: { extraRoutes: [testRoutes], logStream: { write: (l) => void lines.push(l) } } });
});
afterAll(async () => t.close());

describe('fault 1: NUL and control characters', () => {
  it('answers a NUL in a public query string with 1001 and a readable message, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/publics/v1/Certificate/verify?code=%00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 1001, msg: expect.stringMatching(/特殊字符/) });
  });

  it('rejects NUL, other control characters and broken unicode in any string or key of a JSON body', async () => {
    const token = await t.login('trader', '13800000001');
    for (const payload of [{ keyword: 'a\u0000b' }, { remark: '\u001b[31m' }, { ['k\u0000']: 'v' }, { list: [{ deep: ['x\u007f'] }] }, { name: '\ud800' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/merchant/v1/Testing/orderCreate', headers: t.auth(token), payload });
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ code: 1001, msg: expect.stringMatching(/特殊字符/) });
    }
  });

  it('still accepts newlines and tabs, which a person types in multi-line fields', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/merchant/v1/User/login', payload: { mobile: '13800000001', password: 'wrong\tpass\nword', type: 1 } });
    expect(res.json().msg).not.toMatch(/特殊字符/);
  });
});

describe('fault 2: impossible dates', () => {
  it('answers Code/list and the order list with 1001 for 2026-02-30 and 2026-13-45, not 500 or a silent roll-over', async () => {
    const warehouse = await t.login('qualityInspection', '13900000001');
    const merchant = await t.login('trader', '13800000001');
    for (const [token, url] of [
      [warehouse, '/api/warehouse/v1/Code/list?start_date=2026-02-30'],
      [warehouse, '/api/warehouse/v1/Code/list?end_date=2026-13-45'],
      [merchant, '/api/merchant/v1/Testing/orderList?start_date=2026-02-30'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: t.auth(token) });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toMatchObject({ code: 1001, msg: expect.stringMatching(/不存在/) });
    }
  });
});

describe('fault 6: sign-in, then permission, then input', () => {
  it('answers 403 to an anonymous caller of a protected endpoint, whatever its input', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/warehouse/v1/Role/list?page=abc' });
    expect(bad.json()).toMatchObject({ code: 403 });
    const badJson = await t.app.inject({ method: 'POST', url: '/api/merchant/v1/Testing/orderCreate', headers: { 'content-type': 'application/json' }, payload: '{"x": ' });
    expect(badJson.json()).toMatchObject({ code: 403 });
    const nul = await t.app.inject({ method: 'POST', url: '/api/merchant/v1/Testing/orderCreate', payload: { x: '\u0000' } });
    expect(nul.json()).toMatchObject({ code: 403 });
  });

  it('answers 1003 to a signed-in caller without the permission before looking at the input', async () => {
    const token = await t.login('qualityInspection', '13900000002'); // role 入仓质检员: no role.manage, no account.manage
    const res = await t.app.inject({ method: 'GET', url: '/api/warehouse/v1/Role/list?page=abc', headers: t.auth(token) });
    expect(res.json()).toMatchObject({ code: 1003 });
  });

  it('answers 1001 for bad input only to a caller who may call the endpoint', async () => {
    const token = await t.login('qualityInspection', '13900000001');
    const res = await t.app.inject({ method: 'GET', url: '/api/warehouse/v1/Role/list?page=abc', headers: t.auth(token) });
    expect(res.json()).toMatchObject({ code: 1001 });
  });
});

describe('fault 7: error logs without personal data', () => {
  it('logs a failed statement with the request id and the statement name, never its parameters', async () => {
    lines.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/test/dbfail', payload: { buyer: BUYER } });
    expect(res.statusCode).toBe(500);
    const errorLines = lines.filter((l) => JSON.parse(l).level >= 50);
    expect(errorLines).toHaveLength(1);
    const line = JSON.parse(errorLines[0]!);
    expect(line.request_id).toBe(res.json().request_id);
    expect(line.err).toMatchObject({ statement: 'select', code: expect.stringMatching(/^22/) }); // a data exception of PostgreSQL
    for (const l of lines) {
      expect(l).not.toContain('13812345678');
      expect(l).not.toContain('光明北路');
    }
  });
});

describe('fault 7: error logs say who called', () => {
  it('names the signed-in caller (account id and portal) in the error line of a failed request', async () => {
    const token = await t.login('trader', '13800000001');
    const { rows } = (await t.database.db.execute(sql`select id from accounts where mobile = '13800000001' and user_type = 'trader'`)) as unknown as { rows: { id: number }[] };
    lines.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/test/dbfail-signed-in', headers: t.auth(token), payload: { buyer: 'x' } });
    expect(res.statusCode).toBe(500);
    const line = JSON.parse(lines.find((l) => JSON.parse(l).level >= 50)!);
    expect(line).toMatchObject({ request_id: res.json().request_id, account_id: Number(rows[0]!.id), user_type: 'trader' });
  });
});

describe('fault 8: signed-in answers are never cached', () => {
  it('sends Cache-Control: no-store on authenticated answers and on exports', async () => {
    const token = await t.login('trader', '13800000001');
    const info = await t.app.inject({ method: 'GET', url: '/api/merchant/v1/User/info', headers: t.auth(token) });
    expect(info.headers['cache-control']).toBe('no-store');
    const exp = await t.app.inject({ method: 'GET', url: '/api/merchant/v1/Finance/ledgerExport', headers: t.auth(token) });
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    expect(exp.headers['cache-control']).toBe('no-store');
    const denied = await t.app.inject({ method: 'GET', url: '/api/merchant/v1/User/info' });
    expect(denied.headers['cache-control']).toBe('no-store');
  });
});

describe('fault 9: very long URLs', () => {
  it('answers a URL over 16 KB with the envelope over real HTTP, not a bare 431', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: `/api/publics/v1/Certificate/verify?code=${'A'.repeat(20_000)}` }, (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (c: string) => (body += c));
          r.on('end', () => resolve({ status: r.statusCode!, type: String(r.headers['content-type']), body }));
        })
        .on('error', reject);
    });
    expect(res.status).toBe(431);
    expect(res.type).toContain('application/json');
    expect(JSON.parse(res.body)).toMatchObject({ code: 1001, msg: expect.stringMatching(/过长/), data: null });
  });
});

describe('fault 10: the OpenAPI document says who may call each route', () => {
  it('declares x-gemqc-auth on every operation and the any-of permission of Role/list and Role/permissions', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Record<string, unknown>>> };
    const ops = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ p, m, op })));
    expect(ops.length).toBeGreaterThan(100);
    for (const { p, op } of ops) {
      const a = op['x-gemqc-auth'];
      expect(a === 'public' || (Array.isArray(a) && a.length > 0), p).toBe(true);
    }
    for (const ns of ['warehouse', 'center', 'merchant']) {
      for (const ep of ['list', 'permissions']) {
        expect(doc.paths[`/api/${ns}/v1/Role/${ep}`]!.get!['x-gemqc-permission']).toEqual({ anyOf: ['role.manage', 'account.manage'] });
      }
    }
    expect(doc.paths['/api/merchant/v1/Testing/orderCreate']!.post!['x-gemqc-permission']).toEqual({ anyOf: ['merchant.order.create'] });
    expect(doc.paths['/api/publics/v1/Certificate/verify']!.get!['x-gemqc-auth']).toBe('public');
    expect(doc.paths['/api/publics/v1/Certificate/verify']!.get!).not.toHaveProperty('x-gemqc-permission');
  });
});

describe('fault 11: the fake Doudian platform says it is one', () => {
  it('tells the shop page that shops come from the demo platform when it is the fake', async () => {
    const token = await t.login('trader', '13800000001');
    expect(t.config.doudian.fake).toBe(true); // test defaults: DEMO_MODE on, no gateway
    const res = await t.app.inject({ method: 'GET', url: '/api/merchant/v1/Shop/platform', headers: t.auth(token) });
    expect(res.json()).toMatchObject({ code: 1000, data: { demo: true } });
  });
});
