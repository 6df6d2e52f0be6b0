import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, portalOf, type Operation } from './openapi';
import { answerText, buildWorld, call, callerNames, envelopeOf, validRequest, type Caller, type World } from './world';

/**
 * The authorisation matrix of issue 13, generated from the OpenAPI document: every operation ×
 * nine callers, with A's and X's real ids in every id input. What each caller must get follows
 * from the operation's declaration (x-gemqc-auth, x-gemqc-permission, x-gemqc-ref), never from a
 * list kept here, so an endpoint added without a declaration fails.
 */

/** Ref kinds that name one tenant's data (the others — centres, categories, platform ids — are shared). */
// A merchant id is shared between centres: any merchant may send orders to any centre, so centre Y
// asking for merchant A finds nothing of A's at Y (the answer is searched for A's data instead).
const tenantKinds = new Set(['order', 'item', 'batch', 'recording', 'code_binding', 'account', 'role', 'template', 'fee_rule', 'shop', 'platform_shop', 'intercept_request', 'notification']);

type Expect = 'allowed' | 403 | 1003 | 'isolated';

/** What the declaration says this caller must get. */
function expected(op: Operation, c: Caller): Expect {
  if (op.auth === 'public') return c.tenant === 'B' || c.tenant === 'Y' ? 'isolated' : 'allowed';
  if (!c.userType || !op.auth.includes(c.userType)) return 403;
  if (op.permission && !op.permission.some((p) => c.permissions.includes(p))) return 1003;
  return c.tenant === 'B' || c.tenant === 'Y' ? 'isolated' : 'allowed';
}

/** Logouts revoke the caller's token: they run last. Reads before writes; the manager's writes last. */
function order(op: Operation): number {
  if (/logout/i.test(op.url)) return 3;
  if (op.method === 'GET') return 0;
  return portalOf(op.url) === 'admin' ? 2 : 1;
}

let w: World;
let ops: Operation[];
beforeAll(async () => {
  w = await buildWorld();
  ops = operationsOf(w.t.app).sort((a, b) => order(a) - order(b));
});
afterAll(async () => {
  await w?.t.close();
});

interface Outcome {
  op: string;
  caller: string;
  expected: Expect;
  status: number;
  code: number | null;
  leaked: string[];
}

describe('authorisation matrix from the OpenAPI document', () => {
  it('every operation declares who may call it, and every id input declares what it names', () => {
    expect(ops.length).toBeGreaterThan(100);
    const unmarked = ops.flatMap((op) => op.unmarkedIds.map((p) => `${op.method} ${op.url} ${p}`));
    expect(unmarked, 'id inputs without x-gemqc-ref').toEqual([]);
  });

  it('each of nine callers gets what the declaration says, and B and Y never see A’s or X’s data', async () => {
    const outcomes: Outcome[] = [];
    const run = async (op: Operation, c: Caller) => {
      const exp = expected(op, c);
      const { query, body } = validRequest(op, (kind) => w.refValue(kind, op.url));
      const res = await call(w.t, c.token, op.method, op.url, op.method === 'POST' ? (body ?? {}) : undefined, query);
      const env = envelopeOf(res);
      const text = await answerText(res);
      const secrets = c.tenant === 'B' ? w.secretsOfA : c.tenant === 'Y' || c.tenant === null ? [...w.secretsOfA, ...w.secretsOfX] : [];
      outcomes.push({ op: `${op.method} ${op.url}`, caller: c.name, expected: exp, status: res.statusCode, code: env?.code ?? null, leaked: secrets.filter((s) => text.includes(s)) });
    };
    // Those who must be refused first (a refused call changes nothing), then those allowed.
    const refused = callerNames.filter((n) => !['merchantA', 'inspectorX', 'centreX', 'manager'].includes(n));
    for (const phase of [refused, ['merchantA', 'inspectorX', 'centreX', 'manager'] as const]) {
      for (const op of ops) for (const n of phase) await run(op, w.callers[n]);
    }

    const wrong = outcomes.filter((o) => {
      if (o.status >= 500 || o.leaked.length) return true;
      if (o.expected === 403 || o.expected === 1003) return o.code !== o.expected;
      const op = ops.find((x) => `${x.method} ${x.url}` === o.op)!;
      // a public route may ask for a credential of its own (a signed url's exp+sig): refusing is right
      if (op.auth === 'public') return o.expected === 'isolated' && o.code === 1000 && op.refs.some((r) => r.required && tenantKinds.has(r.kind));
      if (o.expected === 'allowed') return o.code === 403 || o.code === 1003;
      // isolated: another tenant's id is "not found"; a list or a shared input answers without A's/X's data
      const namesTheirs = op.refs.some((r) => r.required && tenantKinds.has(r.kind));
      return namesTheirs ? o.code !== 1004 : o.code === 403 || o.code === 1003;
    });
    const counts = { cases: outcomes.length, operations: ops.length, refused403: outcomes.filter((o) => o.code === 403).length, refused1003: outcomes.filter((o) => o.code === 1003).length, notFound1004: outcomes.filter((o) => o.code === 1004).length, http5xx: outcomes.filter((o) => o.status >= 500).length, leaks: outcomes.filter((o) => o.leaked.length).length, wrong: wrong.length };
    console.log('[hardening] authorisation matrix', JSON.stringify(counts));
    expect(wrong.map((o) => `${o.caller} ${o.op}: expected ${o.expected}, got HTTP ${o.status} code ${o.code}${o.leaked.length ? ` leaked ${o.leaked.join(',')}` : ''}`)).toEqual([]);
  });
});
