/**
 * Shared helpers of the end-to-end specs: demo accounts, sign-in (through the API or the real login
 * form), SMS codes, session storage as the web app keeps it (apps/web/src/session/user.ts
 * `applySession` + apps/web/src/lib/storage.ts), and a few shell utilities.
 *
 * Server limits the helpers work around (apps/server/src/modules/auth):
 * - 30 sign-in attempts per client address per minute (every spec comes from 127.0.0.1), so
 *   `loginViaApi` shares ONE session per portal for the whole run by default. Specs that end the
 *   session (logout through the UI, server-side revocation) must pass `{ fresh: true }` or use
 *   `loginViaForm`, or they would sign every other spec out.
 * - one SMS code per mobile per 60 s (the manager signs in only by SMS), so sending is serialised
 *   across workers (`withSmsSlot`) and spaced 61 s apart; a fresh manager session can wait that long.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

export type UserType = 'trader' | 'qualityInspection' | 'manage' | 'base';

export const USER_TYPES: readonly UserType[] = ['trader', 'qualityInspection', 'manage', 'base'];

export const DEMO_PASSWORD = 'Demo@123456';

export interface DemoAccount {
  mobile: string;
  password: string;
  name: string;
}

/** Demo accounts of the seed (docs/domain.md#demo); the manager signs in with an SMS code only. */
export const demo: Record<UserType, DemoAccount> = {
  trader: { mobile: '13800000001', password: DEMO_PASSWORD, name: '翠玉轩珠宝' },
  qualityInspection: { mobile: '13900000001', password: DEMO_PASSWORD, name: '广州番禺检测中心 质检' },
  base: { mobile: '13700000001', password: DEMO_PASSWORD, name: '广州番禺检测中心 客服' },
  manage: { mobile: '13600000001', password: DEMO_PASSWORD, name: '平台管理员' },
};

/** Second accounts (for wrong-password tries that must not lock the main demo accounts). */
export const spareAccounts: Partial<Record<UserType, DemoAccount>> = {
  trader: { mobile: '13800000002', password: DEMO_PASSWORD, name: '金福珠宝' },
  qualityInspection: { mobile: '13900000002', password: DEMO_PASSWORD, name: '质检员小李' },
  base: { mobile: '13700000009', password: DEMO_PASSWORD, name: '深圳水贝检测中心 客服' },
};

/** Home after login (spec §2 "Home after login"). */
export const HOME: Record<UserType, string> = {
  trader: '/trader/order/list',
  qualityInspection: '/warehousing/qualityInspection',
  manage: '/manage/order/list',
  base: '/base/order/list',
};

export const LOGIN_PATH: Record<UserType, string> = {
  trader: '/trader/login',
  qualityInspection: '/qualityInspection/login',
  manage: '/manage/login',
  base: '/base/login',
};

/** zh-CN login page titles (spec §2 "Public routes"). */
export const LOGIN_TITLE: Record<UserType, string> = {
  trader: '商家端登录',
  qualityInspection: '质检端登录',
  manage: '管理端登录',
  base: '服务中心端登录',
};

/** The locally stored role of each user type (spec §6). */
export const ROLE: Record<UserType, string> = {
  trader: 'trader',
  qualityInspection: 'inspector',
  manage: 'manage',
  base: 'base',
};

/** localStorage keys of the session (spec §3), as the web app writes them. */
export const SESSION_KEYS = ['token', 'userInfo', 'centerInfo', 'center_shop_list', 'user_type', 'selectOptions', 'role'] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

const API_PATHS: Record<UserType, { login: string; logout: string; info: string; options: string | null }> = {
  trader: { login: '/merchant/v1/User/login', logout: '/merchant/v1/User/logout', info: '/merchant/v1/User/info', options: '/merchant/v1/Common/options' },
  base: { login: '/center/v1/User/login', logout: '/center/v1/User/logout', info: '/center/v1/User/info', options: '/center/v1/Common/options' },
  qualityInspection: { login: '/warehouse/v1/User/login', logout: '/warehouse/v1/User/logout', info: '/warehouse/v1/User/info', options: null },
  manage: { login: '/admin/v1/login', logout: '/admin/v1/logout', info: '/admin/v1/User/info', options: '/admin/v1/Common/options' },
};

export const SMS_SEND_PATH = '/publics/v1/Sms/send';

/** The server of this run (started by global-setup.ts). */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the specs through `npm run test:e2e`.');
  return url.replace(/\/$/, '');
}

// ---------------------------------------------------------------------------------------------
// API

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** Login/info answer fields the web app reads (spec §3 "Login and info responses"). */
export interface SessionData {
  token: string;
  userInfo: { name: string; mobile: string; user_type: string } & Record<string, unknown>;
  userInfoDetail?: { total_balance: number } | null;
  centerInfo: ({ name: string } & Record<string, unknown>) | null;
  center_shop_list: unknown[];
}

export interface ApiSession {
  userType: UserType;
  token: string;
  data: SessionData;
  /** What the option-list loader of the user type answered (null for qualityInspection). */
  selectOptions: unknown;
}

/** Calls the API of the run's server (`/api` + path) with the app's two auth headers. */
export async function api<T = unknown>(
  method: 'GET' | 'POST',
  apiPath: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (opts.token) {
    headers.Authorization = `Bearer ${opts.token}`;
    headers.token = opts.token;
  }
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  const res = await fetch(`${baseUrl()}/api${apiPath}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : JSON.stringify(opts.body ?? {}),
  });
  return (await res.json()) as Envelope<T>;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

// ---------------------------------------------------------------------------------------------
// Cross-worker coordination (files in the server's temporary data folder of this run)

function runDir(): string {
  const log = process.env.E2E_LOG_FILE;
  const dir = log
    ? path.join(path.dirname(log), 'e2e-helpers')
    : path.join(os.tmpdir(), `gemqc-e2e-helpers-${crypto.createHash('sha1').update(baseUrl()).digest('hex').slice(0, 10)}`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Runs `fn` holding a lock shared by all workers of the run (mkdir is atomic). */
async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(runDir(), `${name}.lock`);
  const started = Date.now();
  const deadline = started + 180_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      try {
        // a worker killed while holding the lock
        if (Date.now() - fs.statSync(lock).mtimeMs > 150_000) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        /* released meanwhile */
      }
      if (Date.now() > deadline) throw new Error(`lock ${name} not released in 180 s`);
      await sleep(100);
    }
  }
  extendTimeout(Date.now() - started);
  try {
    return await fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

/** Gives the running test `ms` more time (waiting for an SMS slot or a lock is not its fault). */
function extendTimeout(ms: number): void {
  try {
    const info = test.info();
    if (info.timeout > 0) info.setTimeout(info.timeout + ms);
  } catch {
    /* not inside a test */
  }
}

/** The server's spacing of SMS codes per mobile (apps/server/src/modules/auth/sms.service.ts), plus 1 s. */
const SMS_SPACING_MS = 61_000;

/**
 * Sends an SMS code to `mobile` through `send` (an API call, or a click in the login form), waiting
 * until 61 s have passed since the previous code of this run for that mobile. Serialised across
 * workers. Answers the moment just before sending (for `smsCode(mobile, { since })`).
 */
export async function withSmsSlot(mobile: string, send: () => Promise<void>): Promise<Date> {
  return withLock(`sms-${mobile}`, async () => {
    const file = path.join(runDir(), `sms-${mobile}.json`);
    const last = readJson<{ at: number }>(file)?.at ?? 0;
    const wait = last + SMS_SPACING_MS - Date.now();
    if (wait > 0) {
      extendTimeout(wait);
      await sleep(wait);
    }
    const since = new Date(Date.now() - 1000);
    try {
      await send();
    } finally {
      fs.writeFileSync(file, JSON.stringify({ at: Date.now() }));
    }
    return since;
  });
}

// ---------------------------------------------------------------------------------------------
// SMS codes

interface OutboxCode {
  code: string;
  at: number;
}

async function codesFromDatabase(url: string, mobile: string, purpose: string): Promise<OutboxCode[]> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ code: string; created_at: Date }>(
      'SELECT code, created_at FROM sms_outbox WHERE mobile = $1 AND purpose = $2 ORDER BY id DESC LIMIT 5',
      [mobile, purpose],
    );
    return r.rows.map((row) => ({ code: row.code, at: new Date(row.created_at).getTime() }));
  } finally {
    await client.end();
  }
}

/** The console provider logs `{ mobile, purpose, sms_code, time, msg: "SMS code for …" }` (pino JSON lines). */
function codesFromLog(file: string, mobile: string, purpose: string): OutboxCode[] {
  const out: OutboxCode[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.includes('sms_code')) continue;
    try {
      const rec = JSON.parse(line) as { mobile?: string; purpose?: string; sms_code?: string; time?: number };
      if (rec.mobile === mobile && rec.purpose === purpose && rec.sms_code) out.push({ code: rec.sms_code, at: rec.time ?? 0 });
    } catch {
      const m = /SMS code for (\d+): (\d{6})/.exec(line);
      if (m && m[1] === mobile) out.push({ code: m[2], at: 0 });
    }
  }
  return out.reverse();
}

/**
 * The latest SMS code sent to `mobile` (purpose `login` unless told): from the `sms_outbox` table
 * when the run uses PostgreSQL (E2E_DATABASE_URL), else from the server log (E2E_LOG_FILE).
 * With `since`, waits (up to 10 s) for a code sent at or after that moment.
 */
export async function smsCode(mobile: string, opts: { purpose?: string; since?: Date } = {}): Promise<string> {
  const purpose = opts.purpose ?? 'login';
  const since = opts.since?.getTime() ?? 0;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const dbUrl = process.env.E2E_DATABASE_URL;
    const logFile = process.env.E2E_LOG_FILE;
    if (!dbUrl && !logFile) throw new Error('neither E2E_DATABASE_URL nor E2E_LOG_FILE is set');
    const codes = dbUrl ? await codesFromDatabase(dbUrl, mobile, purpose) : codesFromLog(logFile ?? '', mobile, purpose);
    const hit = codes.find((c) => c.at >= since);
    if (hit) return hit.code;
    if (Date.now() > deadline) throw new Error(`no SMS code for ${mobile} (${purpose}) since ${new Date(since).toISOString()}`);
    await sleep(200);
  }
}

/** Asks the server for a login code (respecting the 60 s spacing) and answers it. */
export async function requestSmsCode(mobile: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    let answer: Envelope<{ resend_after?: number }> | null = null;
    const since = await withSmsSlot(mobile, async () => {
      answer = await api<{ resend_after?: number }>('POST', SMS_SEND_PATH, { body: { mobile } });
    });
    const a = answer as Envelope<{ resend_after?: number }> | null;
    if (a && (a.code === 1000 || a.code === 200)) return smsCode(mobile, { since });
    // 1029: someone sent a code outside the helpers; the slot waits again
    if (attempt >= 2) throw new Error(`SMS send for ${mobile} failed: ${JSON.stringify(a)}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Sign-in

/** Signs in through the API exactly as the portal's login form does (password; SMS for the manager). */
export async function apiLogin(userType: UserType, account: DemoAccount = demo[userType]): Promise<ApiSession> {
  const p = API_PATHS[userType];
  const body =
    userType === 'manage'
      ? { mobile: account.mobile, verify_code: await requestSmsCode(account.mobile) }
      : { type: 1, mobile: account.mobile, password: account.password };
  const res = await api<SessionData>('POST', p.login, { body });
  if (res.code !== 1000 && res.code !== 200) throw new Error(`${userType} login failed: ${res.code} ${res.msg}`);
  const token = res.data.token;
  let selectOptions: unknown = null;
  if (p.options) {
    const o = await api('GET', p.options, { token });
    if (o.code === 1000 || o.code === 200) selectOptions = o.data;
  }
  return { userType, token, data: res.data, selectOptions };
}

/** Whether the server still accepts a token (its portal's info call succeeds). */
export async function sessionAlive(userType: UserType, token: string): Promise<boolean> {
  const r = await api('GET', API_PATHS[userType].info, { token });
  return r.code === 1000 || r.code === 200;
}

/** Revokes a session on the server (the portal's logout endpoint with that token). */
export async function revokeSession(userType: UserType, token: string): Promise<void> {
  await api('POST', API_PATHS[userType].logout, { token });
}

/** One session per portal for the whole run (see the file comment); re-created when revoked. */
async function sharedSession(userType: UserType): Promise<ApiSession> {
  return withLock(`session-${userType}`, async () => {
    const file = path.join(runDir(), `session-${userType}.json`);
    const cached = readJson<ApiSession>(file);
    if (cached && (await sessionAlive(userType, cached.token))) return cached;
    const s = await apiLogin(userType);
    fs.writeFileSync(file, JSON.stringify(s));
    return s;
  });
}

/** The run's shared session of a portal (as `loginViaApi` uses it), for API calls outside a page. */
export function sharedApiSession(userType: UserType): Promise<ApiSession> {
  return sharedSession(userType);
}

const BLANK_PATH = '/__e2e__/blank';

/**
 * Writes a session into the browser's storage the way the web app's `applySession` and option
 * loader do (localStorage token, user_type, role, userInfo, centerInfo, center_shop_list,
 * selectOptions; sessionStorage balance), on a blank same-origin page.
 */
export async function writeSession(page: Page, s: ApiSession): Promise<void> {
  const blank = `${baseUrl()}${BLANK_PATH}`;
  await page.route(blank, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }));
  await page.goto(blank);
  await page.evaluate(
    ({ token, userType, role, data, selectOptions }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user_type', userType);
      localStorage.setItem('role', role);
      localStorage.setItem('userInfo', JSON.stringify(data.userInfo));
      localStorage.setItem('centerInfo', JSON.stringify(data.centerInfo ?? null));
      localStorage.setItem('center_shop_list', JSON.stringify(data.center_shop_list ?? []));
      if (selectOptions !== null) localStorage.setItem('selectOptions', JSON.stringify(selectOptions));
      const balance = userType === 'trader' ? (data.userInfoDetail?.total_balance ?? 0) : 0;
      sessionStorage.setItem('balance', String(balance));
    },
    { token: s.token, userType: s.userType, role: ROLE[s.userType], data: s.data, selectOptions: s.selectOptions },
  );
  await page.unroute(blank);
}

/**
 * Signs in through the API, writes the session the way the app does, opens `path` (default: the
 * portal's home) and waits for the shell. Shares one session per portal unless `fresh` (use
 * `fresh: true` when the spec logs out or revokes the session).
 */
export async function loginViaApi(
  page: Page,
  userType: UserType,
  opts: { fresh?: boolean; path?: string; account?: DemoAccount } = {},
): Promise<ApiSession> {
  const s = opts.fresh || opts.account ? await apiLogin(userType, opts.account) : await sharedSession(userType);
  await writeSession(page, s);
  await page.goto(opts.path ?? HOME[userType]);
  await expectShell(page);
  return s;
}

/** The shell is shown (navbar with the logout button; any language). */
export async function expectShell(page: Page): Promise<void> {
  await expect(page.locator('header.navbar')).toBeVisible();
  await expect(page.locator('header.navbar button.navbar-logout')).toBeVisible();
}

/**
 * The routed page has loaded (no lazy-page placeholder) and, best effort, the network is quiet for
 * a moment (bounded: pages that poll never go idle).
 */
export async function pageSettled(page: Page): Promise<void> {
  await expect(page.locator('.page-fallback')).toHaveCount(0);
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
}

/** `/{portal}/login` with an optional `redirect` query (encoded as the app encodes it). */
export function loginUrl(userType: UserType, redirect?: string): string {
  return redirect ? `${LOGIN_PATH[userType]}?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}` : LOGIN_PATH[userType];
}

/**
 * Signs in through the real login form (the manager: 获取验证码, the resend countdown, the code from
 * the outbox). Opens the login page unless `goto: false` (e.g. after a logged-out redirect), and
 * waits until the app has left the login page and shows the shell.
 */
export async function loginViaForm(
  page: Page,
  userType: UserType,
  opts: { redirect?: string; goto?: boolean; account?: DemoAccount } = {},
): Promise<void> {
  const account = opts.account ?? demo[userType];
  if (opts.goto !== false) await page.goto(loginUrl(userType, opts.redirect));
  await expect(page.getByRole('heading', { name: LOGIN_TITLE[userType] })).toBeVisible();
  await page.getByLabel('手机号').fill(account.mobile);
  if (userType === 'manage') {
    const since = await withSmsSlot(account.mobile, async () => {
      await page.getByRole('button', { name: '获取验证码' }).click();
      await expect(page.getByRole('button', { name: /^\d+ 秒后重发$/ })).toBeDisabled();
    });
    // the resend countdown: 60 s, then it counts down once a second
    const countdown = page.getByRole('button', { name: /^\d+ 秒后重发$/ });
    const first = Number((await countdown.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    await expect(countdown).toHaveText(`${first - 1} 秒后重发`);
    await page.getByLabel('验证码').fill(await smsCode(account.mobile, { since }));
  } else {
    await page.getByLabel('密码', { exact: true }).fill(account.password);
  }
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expectShell(page);
}

// ---------------------------------------------------------------------------------------------
// Browser state

/** The session keys of localStorage (null when absent). */
export async function readSessionStorage(page: Page): Promise<Record<SessionKey, string | null>> {
  return page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, localStorage.getItem(k)])), [...SESSION_KEYS]) as Promise<
    Record<SessionKey, string | null>
  >;
}

export async function cookieValue(page: Page, name: string): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === name)?.value;
}

/** The pathname + search of the page. */
export function currentPath(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

/** The decoded `redirect` query of the page's URL. */
export function redirectQuery(page: Page): string | null {
  return new URL(page.url()).searchParams.get('redirect');
}

/**
 * Records every URL the app passes to history.replaceState/pushState (read with `navigations`).
 * The view reload of the shell goes through `/redirect/{path}` and comes straight back, too fast to
 * observe from the address bar. Call before the first navigation.
 */
export async function recordNavigations(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __e2eNavigations: string[] };
    w.__e2eNavigations = [];
    for (const name of ['pushState', 'replaceState'] as const) {
      const original = history[name].bind(history);
      history[name] = (data: unknown, unused: string, url?: string | URL | null) => {
        if (url != null) w.__e2eNavigations.push(String(url));
        original(data, unused, url);
      };
    }
  });
}

export async function navigations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __e2eNavigations?: string[] }).__e2eNavigations ?? []);
}

/**
 * Opens a navbar dropdown (size, language) and picks an entry. The mouse leaves the icon first so
 * that its tooltip closes: the tooltip would otherwise lie over the first entry of the menu.
 */
export async function pickFromNavbarMenu(page: Page, button: string, entry: string): Promise<void> {
  await page.getByRole('button', { name: button, exact: true }).click();
  const item = page.getByRole('menuitem', { name: entry, exact: true });
  await expect(item).toBeVisible();
  await page.mouse.move(5, 500);
  await expect(page.getByRole('tooltip', { name: button })).toBeHidden();
  await item.click();
}

/** Opens the settings drawer and turns the tags view on (the drawer is closed again). */
export async function enableTagsView(page: Page): Promise<void> {
  await page.getByRole('button', { name: '系统设置' }).click();
  const drawer = page.getByRole('dialog', { name: '系统布局配置' });
  await expect(drawer).toBeVisible();
  const sw = drawer.locator('.drawer-item', { hasText: '开启 Tags-View' }).getByRole('switch');
  await sw.click();
  await expect(sw).toBeChecked();
  await drawer.getByRole('button', { name: '关闭' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('.tags-view-container')).toBeVisible();
}

/** The antd toast (message) with this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.ant-message-notice').filter({ hasText: text });
}

/** The open antd confirm dialog. */
export function confirmDialog(page: Page) {
  return page.locator('.ant-modal-confirm').filter({ visible: true });
}

// ---------------------------------------------------------------------------------------------
// Merchant data (testing orders made through the merchant API, for specs that need their own)

export interface CreatedOrder {
  id: string;
  order_no: string;
  ship_deadline: string;
}

/** A short unique suffix for names and waybills of one test (digits and letters). */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${crypto.randomBytes(2).toString('hex')}`.toUpperCase();
}

function ok<T>(res: Envelope<T>, what: string): T {
  if (res.code !== 1000 && res.code !== 200) throw new Error(`${what} failed: ${res.code} ${res.msg}`);
  return res.data;
}

/**
 * Creates a manual testing order for the merchant of `token` (first centre, first gem category,
 * one item) and answers its id and number. The merchant must be approved (13800000001 is).
 */
export async function createOrderViaApi(token: string, opts: { itemName?: string; remark?: string } = {}): Promise<CreatedOrder> {
  const [stations, gems] = await Promise.all([
    api<{ id: string }[]>('GET', '/merchant/v1/Testing/stationList', { token }),
    api<{ id: string }[]>('GET', '/merchant/v1/Testing/gemList', { token }),
  ]);
  const centre = ok(stations, 'stationList')[0];
  const gem = ok(gems, 'gemList')[0];
  if (!centre || !gem) throw new Error('no centre or gem category in the seed');
  const res = await api<CreatedOrder>('POST', '/merchant/v1/Testing/orderCreate', {
    token,
    body: {
      centre_id: centre.id,
      buyer_name: 'E2E 买家',
      buyer_phone: '13511112222',
      buyer_address: '广东省广州市番禺区 E2E 测试路 1 号',
      ...(opts.remark ? { remark: opts.remark } : {}),
      items: [{ name: opts.itemName ?? `E2E 翡翠手镯 ${uniqueSuffix()}`, category_id: gem.id, declared_value: 12_345 }],
    },
  });
  return ok(res, 'orderCreate');
}

/** Enters the inbound waybill of an order (created → awaiting_arrival) through the merchant API. */
export async function enterWaybillViaApi(token: string, id: string, waybill: string, carrier = '顺丰速运'): Promise<void> {
  ok(await api('POST', '/merchant/v1/Testing/orderWaybill', { token, body: { id, carrier, waybill } }), 'orderWaybill');
}
