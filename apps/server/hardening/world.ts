import crypto from 'node:crypto';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { templateKinds, type RefKind, type UserType } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../test/app';
import { portalOf, type Operation, type Schema } from './openapi';

/** How many generated cases each property runs (CI's default; HARDENING_RUNS scales the suite). */
export const RUNS = Math.max(1, Number(process.env.HARDENING_RUNS ?? 200));

/** The callers of the authorisation matrix. A and X own the data; B and Y are the other tenants. */
export const callerNames = ['anonymous', 'merchantA', 'merchantB', 'merchantSub', 'inspectorX', 'inspectorY', 'centreX', 'centreY', 'manager'] as const;
export type CallerName = (typeof callerNames)[number];

export interface Caller {
  name: CallerName;
  userType: UserType | null;
  /** 'A'/'X' own the fixtures; 'B'/'Y' are other tenants; the platform manager sees all. */
  tenant: 'A' | 'B' | 'X' | 'Y' | 'platform' | null;
  token: string | null;
  permissions: string[];
}

export interface World {
  t: TestApp;
  callers: Record<CallerName, Caller>;
  /** A's / X's real id of each kind (by portal where the owner differs: accounts, roles). */
  refValue(kind: RefKind, url: string): string;
  /** Strings only A's and X's own users may see (names, phones, order numbers, batch numbers). */
  secretsOfA: string[];
  secretsOfX: string[];
  merchantA: string;
  centreX: string;
  centreY: string;
}

type Rows<T> = { rows: T[] };
export async function query<T>(t: TestApp, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(q)) as unknown as Rows<T>).rows;
}

export async function call(t: TestApp, token: string | null, method: 'GET' | 'POST', url: string, payload?: unknown, query?: Record<string, string>) {
  const res = await t.app.inject({ method, url, query, headers: token ? t.auth(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  return res;
}

async function ok<T = Record<string, unknown>>(t: TestApp, token: string, method: 'GET' | 'POST', url: string, payload?: unknown, q?: Record<string, string>): Promise<T> {
  const res = await call(t, token, method, url, payload, q);
  const body = res.json();
  if (body.code !== 1000) throw new Error(`${method} ${url} failed in the fixtures: ${res.body.slice(0, 500)}`);
  return body.data as T;
}

/** The distinctive buyer of A's fixture order: must never reach B or Y. */
export const A_BUYER = { name: '硬化测试买家甲', phone: '13911112222', address: '广东省广州市番禺区硬化测试路1号A座' };

/**
 * A seeded app with the nine callers signed in and real data owned by merchant A (翠玉轩珠宝) at
 * centre X (广州番禺): an order A just made, a received order with items, a batch, a recording, a
 * code binding, a sub-account and a role of each of A's and X's portals, a template and a fee
 * override of X, a pending centre application.
 */
export async function buildWorld(): Promise<World> {
  const t = await createTestApp();
  const login = (u: UserType, mobile: string, password?: string) => t.login(u, mobile, password);
  const [tokA, tokB, tokX, tokY, tokCX, tokCY, tokM] = [
    await login('trader', '13800000001'),
    await login('trader', '13800000002'),
    await login('qualityInspection', '13900000001'),
    await login('qualityInspection', '13900000009'),
    await login('base', '13700000001'),
    await login('base', '13700000009'),
    await login('manage', '13600000001'),
  ];
  const [centreX] = await query<{ id: string }>(t, sql`select id::text from centres where code = 'GZPY'`);
  const [centreY] = await query<{ id: string }>(t, sql`select id::text from centres where code = 'SZSB'`);
  const [merchantA] = await query<{ id: string }>(t, sql`select id::text from merchants where mobile = '13800000001'`);
  const [category] = await query<{ id: string }>(t, sql`select id::text from gem_categories order by id limit 1`);

  // A's merchant sub-account, with a role of one key only: every other trader key is one it lacks.
  const subRole = await ok<{ id: string }>(t, tokA, 'POST', '/api/merchant/v1/Role/save', { name: '硬化测试角色A', permissions: ['merchant.code.view'] });
  const subMobile = '13811110001';
  await ok(t, tokA, 'POST', '/api/merchant/v1/Account/save', { mobile: subMobile, name: '硬化测试子账号A', role_id: subRole.id, password: 'Harden2026x' });
  const tokSub = await login('trader', subMobile, 'Harden2026x');
  // A second sub-account and role of A (the matrix may delete or disable them).
  const roleA = await ok<{ id: string }>(t, tokA, 'POST', '/api/merchant/v1/Role/save', { name: '硬化测试角色A2', permissions: ['merchant.order.view'] });
  const accountA = await ok<{ id: string }>(t, tokA, 'POST', '/api/merchant/v1/Account/save', { mobile: '13811110002', name: '硬化测试子账号A2', role_id: roleA.id, password: 'Harden2026x' });
  const roleWX = await ok<{ id: string }>(t, tokX, 'POST', '/api/warehouse/v1/Role/save', { name: '硬化测试角色X', permissions: ['warehouse.order.view'] });
  const accountWX = await ok<{ id: string }>(t, tokX, 'POST', '/api/warehouse/v1/Account/save', { mobile: '13911110003', name: '硬化测试质检X', role_id: roleWX.id, password: 'Harden2026x' });
  const roleCX = await ok<{ id: string }>(t, tokCX, 'POST', '/api/center/v1/Role/save', { name: '硬化测试角色CX', permissions: ['center.order.view'] });
  const accountCX = await ok<{ id: string }>(t, tokCX, 'POST', '/api/center/v1/Account/save', { mobile: '13711110004', name: '硬化测试客服X', role_id: roleCX.id, password: 'Harden2026x' });

  // A's order at X with a distinctive buyer; its ids are what B and Y are called with.
  const order = await ok<{ id: string; order_no: string }>(t, tokA, 'POST', '/api/merchant/v1/Testing/orderCreate', {
    centre_id: centreX!.id,
    buyer_name: A_BUYER.name,
    buyer_phone: A_BUYER.phone,
    buyer_address: A_BUYER.address,
    items: [{ name: '硬化测试翡翠手镯', category_id: category!.id, declared_value: 10000 }],
  });
  // A received order of A at X with items, in X's batch; a code binding and a recording of X.
  const [received] = await query<{ id: string; batch_id: string }>(
    t,
    sql`select o.id::text, o.batch_id::text from testing_orders o where o.merchant_id = ${merchantA!.id} and o.centre_id = ${centreX!.id} and o.batch_id is not null order by o.id desc limit 1`,
  );
  const [item] = await query<{ id: string }>(t, sql`select i.id::text from order_items i join testing_orders o on o.id = i.order_id where o.merchant_id = ${merchantA!.id} and o.centre_id = ${centreX!.id} and o.status in ('received', 'inspecting') order by i.id limit 1`);
  const [itemAny] = await query<{ id: string }>(t, sql`select id::text from order_items where order_id = ${order.id}`);
  const [binding] = await query<{ id: string }>(t, sql`select b.id::text from code_bindings b join testing_orders o on o.id = b.order_id where o.merchant_id = ${merchantA!.id} and o.centre_id = ${centreX!.id} order by b.id limit 1`);
  const [recording] = await query<{ id: string }>(t, sql`select r.id::text from recordings r join testing_orders o on o.id = r.order_id where o.merchant_id = ${merchantA!.id} and o.centre_id = ${centreX!.id} order by r.id limit 1`);
  const [template] = await query<{ id: string }>(t, sql`select id::text from label_templates where centre_id = ${centreX!.id} order by id limit 1`);
  const [shop] = await query<{ id: string; shop_id: string }>(t, sql`select id::text, shop_id from shops where merchant_id = ${merchantA!.id} order by id limit 1`);
  // X's fee override for A
  await ok(t, tokX, 'POST', '/api/warehouse/v1/Fee/save', { category_id: category!.id, merchant_id: merchantA!.id, inspection_fee: 2900, certificate_fee: 900 });
  const [feeRule] = await query<{ id: string }>(t, sql`select id::text from fee_rules where centre_id = ${centreX!.id} and merchant_id = ${merchantA!.id} order by id limit 1`);
  // A centre application (the manager's to review): a pending one when the seed has one
  const [application] = await query<{ id: string }>(t, sql`select id::text from centres where status <> 1 order by id desc limit 1`);

  // A's pending intercept request at X, on an order of its own (the matrix may confirm it, which intercepts that order)
  const [atCentre] = await query<{ id: string }>(
    t,
    sql`select id::text from testing_orders where merchant_id = ${merchantA!.id} and centre_id = ${centreX!.id} and status in ('received', 'inspecting', 'passed', 'bound') and id <> ${received?.id ?? 0} and id not in (select order_id from order_items where id = ${item?.id ?? 0}) order by id limit 1`,
  );
  const interceptRequest = atCentre ? await ok<{ id: string }>(t, tokA, 'POST', '/api/merchant/v1/Testing/interceptRequest', { id: atCentre.id, reason: '硬化测试拦截申请' }) : undefined;

  // A's notification (what an interception of its order writes), for the bell's mark-read
  const [notification] = await query<{ id: string }>(
    t,
    sql`insert into notifications (portal, merchant_id, kind, order_no, created_at) values ('trader', ${merchantA!.id}, 'intercepted', '', now()) returning id::text`,
  );

  const missing = Object.entries({ received, item, binding, recording, template, shop, feeRule, interceptRequest, notification }).filter(([, v]) => !v).map(([k]) => k);
  if (missing.length) throw new Error(`fixtures missing from the demo seed: ${missing.join(', ')}`);

  const byPortal = (url: string, m: string, w: string, c: string) => (portalOf(url) === 'merchant' ? m : portalOf(url) === 'warehouse' ? w : c);
  const values: Record<RefKind, (url: string) => string> = {
    order: (url) => (url.includes('/Intake/') || url.includes('/Order/ship') || url.includes('/Order/return') ? received!.id : order.id),
    item: (url) => (url.includes('/Inspection/') || url.includes('/Code/') ? item?.id ?? itemAny!.id : itemAny!.id),
    batch: () => received!.batch_id,
    recording: () => recording!.id,
    code_binding: () => binding!.id,
    merchant: () => merchantA!.id,
    account: (url) => byPortal(url, accountA.id, accountWX.id, accountCX.id),
    role: (url) => byPortal(url, roleA.id, roleWX.id, roleCX.id),
    template: () => template!.id,
    fee_rule: () => feeRule!.id,
    centre_application: () => application?.id ?? centreY!.id,
    centre: () => centreX!.id,
    category: () => category!.id,
    shop: () => shop!.id,
    platform_shop: () => shop!.shop_id,
    platform_order: () => 'HARDEN0001',
    intercept_request: () => interceptRequest!.id,
    notification: () => notification!.id,
  };

  // What only A's and X's users may see.
  const ordersOfAatX = await query<{ order_no: string; buyer_phone: string }>(t, sql`select order_no, buyer_phone from testing_orders where merchant_id = ${merchantA!.id} and centre_id = ${centreX!.id}`);
  const batchesOfX = await query<{ batch_no: string }>(t, sql`select batch_no from batches where centre_id = ${centreX!.id}`);
  // The label designer's sample row is made-up data whose order number can equal a real one.
  const sampleRow = JSON.stringify(await Promise.all(templateKinds.map((kind) => ok(t, tokX, 'GET', '/api/warehouse/v1/Template/sample', undefined, { kind }))));
  const secretsOfA = [...new Set([A_BUYER.name, A_BUYER.phone, A_BUYER.address, '硬化测试子账号A', ...ordersOfAatX.map((o) => o.order_no)])].filter((x) => !sampleRow.includes(x));
  const secretsOfX = [...new Set(['质检员小李', '入仓质检员', '硬化测试质检X', '硬化测试客服X', ...batchesOfX.map((b) => b.batch_no)])];

  const info = async (token: string, url: string) => (await ok<{ userInfo: { permissions: string[] } }>(t, token, 'GET', url)).userInfo.permissions;
  const callers: Record<CallerName, Caller> = {
    anonymous: { name: 'anonymous', userType: null, tenant: null, token: null, permissions: [] },
    merchantA: { name: 'merchantA', userType: 'trader', tenant: 'A', token: tokA, permissions: await info(tokA, '/api/merchant/v1/User/info') },
    merchantB: { name: 'merchantB', userType: 'trader', tenant: 'B', token: tokB, permissions: await info(tokB, '/api/merchant/v1/User/info') },
    merchantSub: { name: 'merchantSub', userType: 'trader', tenant: 'A', token: tokSub, permissions: await info(tokSub, '/api/merchant/v1/User/info') },
    inspectorX: { name: 'inspectorX', userType: 'qualityInspection', tenant: 'X', token: tokX, permissions: await info(tokX, '/api/warehouse/v1/User/info') },
    inspectorY: { name: 'inspectorY', userType: 'qualityInspection', tenant: 'Y', token: tokY, permissions: await info(tokY, '/api/warehouse/v1/User/info') },
    centreX: { name: 'centreX', userType: 'base', tenant: 'X', token: tokCX, permissions: await info(tokCX, '/api/center/v1/User/info') },
    centreY: { name: 'centreY', userType: 'base', tenant: 'Y', token: tokCY, permissions: await info(tokCY, '/api/center/v1/User/info') },
    manager: { name: 'manager', userType: 'manage', tenant: 'platform', token: tokM, permissions: await info(tokM, '/api/admin/v1/User/info') },
  };
  if (callers.merchantSub.permissions.length !== 1) throw new Error(`the sub-account should hold one key, holds ${callers.merchantSub.permissions.join(', ')}`);
  return { t, callers, refValue: (kind, url) => values[kind](url), secretsOfA, secretsOfX, merchantA: merchantA!.id, centreX: centreX!.id, centreY: centreY!.id };
}

// ---- valid inputs from the document's schemas ----

const hints: [RegExp, () => unknown][] = [
  [/mobile|phone/, () => '13912340000'],
  [/password/, () => 'Harden2026x'],
  [/idempotency_key/, () => `hk-${crypto.randomBytes(8).toString('hex')}`],
  [/waybill/, () => 'SF1234567890'],
  [/carrier/, () => '顺丰速运'],
  [/(^|_)date$/, () => '2026-01-15'],
  [/(^|_)month$/, () => '2026-01'],
  [/(^|_)time$/, () => new Date().toISOString()],
  [/^status(_id)?$/, () => 1],
  [/address/, () => '广东省广州市天河区体育西路103号'],
  [/verify_code|sms/, () => '123456'],
];

/** One value the schema accepts (as far as the document says), ids from `refValue`. */
export function sample(s: Schema, name: string, refValue: (kind: RefKind) => string): unknown {
  if (s['x-gemqc-ref']) return refValue(s['x-gemqc-ref']);
  const branches = [...(s.anyOf ?? []), ...(s.oneOf ?? [])];
  const refBranch = branches.find((b) => b['x-gemqc-ref']);
  if (refBranch) return refValue(refBranch['x-gemqc-ref']!);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum.find((v) => v !== '') ?? s.enum[0];
  if (branches.length) return sample(branches.find((b) => b.type !== 'null' && b.const !== '') ?? branches[0]!, name, refValue);
  if (s.allOf?.length) return sample(s.allOf[0]!, name, refValue);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
  const hint = hints.find(([re]) => re.test(name));
  if (type === 'object' || s.properties) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(s.properties ?? {})) {
      // required fields, id inputs (their tenancy is what is tested) and those a condition may require
      const wanted = (s.required ?? []).includes(k) || v['x-gemqc-ref'] || (v.anyOf ?? []).some((b) => b['x-gemqc-ref']) || hints.some(([re]) => re.test(k));
      if (wanted) out[k] = sample(v, k, refValue);
    }
    return out;
  }
  if (type === 'array') return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}, name, refValue));
  if (type === 'integer' || type === 'number') {
    if (hint) return hint[1]();
    const min = typeof s.minimum === 'number' ? s.minimum : 1;
    return Math.min(Math.max(min, 1), typeof s.maximum === 'number' ? s.maximum : 1e9);
  }
  if (type === 'boolean') return true;
  if (hint && type === 'string') {
    const v = String(hint[1]());
    if (!s.pattern || new RegExp(s.pattern).test(v)) return v;
  }
  if (s.pattern) {
    const min = s.minLength ?? 0;
    const max = s.maxLength ?? 64;
    const [v] = fc.sample(fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length >= min && x.length <= max), { numRuns: 1, seed: 13 });
    return v;
  }
  const base = '硬化测试';
  const min = s.minLength ?? 1;
  const max = s.maxLength ?? 64;
  return base.padEnd(Math.min(Math.max(min, base.length), max), '字').slice(0, max);
}

/** A request for the operation with valid inputs and A's / X's ids. */
export function validRequest(op: Operation, refValue: (kind: RefKind) => string): { query: Record<string, string>; body: unknown } {
  const query: Record<string, string> = {};
  for (const q of op.query) {
    if (!q.required && !q.schema['x-gemqc-ref'] && !(q.schema.anyOf ?? []).some((b) => b['x-gemqc-ref'])) continue;
    query[q.name] = String(sample(q.schema, q.name, refValue));
  }
  return { query, body: op.body ? sample(op.body, '', refValue) : undefined };
}

// ---- reading answers ----

/** Everything a person could read in an answer: the JSON text, or every cell of an Excel file. */
export async function answerText(res: { headers: Record<string, unknown>; rawPayload: Buffer; body: string }): Promise<string> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml') || res.rawPayload.subarray(0, 2).toString('latin1') === 'PK') {
    return (await xlsxCells(res.rawPayload)).join('\n');
  }
  return res.body;
}

/** Every cell value of every sheet of an xlsx file, as written (formulas as `=…`). */
export async function xlsxCells(buf: Buffer): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const out: string[] = [];
  wb.eachSheet((ws) => {
    ws.eachRow((row) => {
      row.eachCell((cell) => {
        const v = cell.value as unknown;
        if (v && typeof v === 'object' && 'formula' in (v as object)) out.push(`=${(v as { formula: string }).formula}`);
        else if (v && typeof v === 'object' && 'richText' in (v as object)) out.push((v as { richText: { text: string }[] }).richText.map((r) => r.text).join(''));
        else out.push(v instanceof Date ? v.toISOString() : String(v ?? ''));
      });
    });
  });
  return out;
}

/** The envelope of a JSON answer, or null when the answer is not JSON (a file). */
export function envelopeOf(res: { headers: Record<string, unknown>; body: string }): { code: number; msg: string } | null {
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return null;
  try {
    return JSON.parse(res.body);
  } catch {
    return null;
  }
}
