import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { startFakeDoudian, type FakeDoudian } from '../../integrations/doudian/fake';
import { DoudianClient } from '../../integrations/doudian';
import { decryptSecret } from '../../platform/crypto';
import { hashPassword } from '../../platform/password';
import * as accountsRepo from '../accounts/service';
import { createTestApp, type TestApp } from '../../../test/app';
import * as repo from './repo';
import { getValidAccessToken, guessCategory } from './service';

// The test configuration's app key and secret: the demo seed's shop tokens derive from them.
const { appKey, appSecret } = testConfig().doudian;
const SEED_SHOP = '4463798';

let fake: FakeDoudian;
let t: TestApp;
let tokenA: string; // 翠玉轩珠宝 13800000001
let tokenB: string; // 金福珠宝 13800000002

type Json = { code: number; msg: string; data: Record<string, unknown> & { list?: Record<string, unknown>[]; total?: number } };

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: unknown): Promise<Json> {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: token ? t.auth(token) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  return res.json() as Json;
}

async function rows<R>(q: ReturnType<typeof sql>): Promise<R[]> {
  const r = await t.database.db.execute(q);
  return (r as unknown as { rows: R[] }).rows;
}

/** Walks the real journey: authorise URL → the fake's authorise page (HTTP) → redirect back → code and state. */
async function authorise(token: string, shopId: string, shopName?: string): Promise<{ code: string; state: string }> {
  const r = await call('GET', '/merchant/v1/Shop/authorizeUrl', token);
  expect(r.code).toBe(1000);
  const url = new URL(r.data.url as string);
  url.searchParams.set('shop_id', shopId);
  if (shopName) url.searchParams.set('shop_name', shopName);
  const res = await fetch(url, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(back.pathname).toBe('/trader/doudian-auth');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function authoriseShop(token: string, shopId: string, shopName?: string): Promise<Json> {
  return call('POST', '/merchant/v1/Shop/authCallback', undefined, await authorise(token, shopId, shopName));
}

beforeAll(async () => {
  let clockNow: () => number = Date.now;
  fake = await startFakeDoudian({ appKey, appSecret, ordersPerShop: 12, now: () => clockNow() });
  t = await createTestApp({ config: { doudian: { ...testConfig().doudian, appKey, appSecret, gatewayUrl: fake.url, authUrl: fake.authorizeUrl, fake: true } } });
  clockNow = () => t.clock.now().getTime();
  // Testing orders need an approved merchant and gem categories (the orders seed provides them; make sure).
  if ((await rows<{ n: number }>(sql`select count(*)::int as n from gem_categories`))[0]!.n === 0) {
    await t.database.db.execute(sql`insert into gem_categories (code, name, unit) values ('FC','翡翠','g'),('HTY','和田玉','g'),('ZS','钻石','ct'),('ZZ','珍珠','g'),('YS','银饰','g')`);
  }
  await t.database.db.execute(sql`
    insert into testing_authorisations (merchant_id, company_name, licence_no, contact_person, contact_mobile, return_address, return_method, intercept_policy, status)
    select m.id, m.name, '91440113MA5D000001', '王翠玉', m.mobile, '广东省广州市番禺区', 'post', 'after_sales_first', 1 from merchants m
    where m.mobile in ('13800000001', '13800000002')
    on conflict (merchant_id) do update set status = 1`);
  tokenA = await t.login('trader', '13800000001');
  tokenB = await t.login('trader', '13800000002');
});

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('authorise URL', () => {
  it('needs a signed-in merchant', async () => {
    expect((await call('GET', '/merchant/v1/Shop/authorizeUrl')).code).toBe(403);
  });

  it('points at the platform authorise page with app_key, a state and the return page as redirect_uri', async () => {
    const r = await call('GET', '/merchant/v1/Shop/authorizeUrl', tokenA);
    expect(r.code).toBe(1000);
    const url = new URL(r.data.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(fake.authorizeUrl);
    expect(url.searchParams.get('app_key')).toBe(appKey);
    expect(url.searchParams.get('state')).toBe(r.data.state);
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:80/trader/doudian-auth');
    expect(new Date(r.data.expires_at as string).getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
    // only the state's hash is stored
    const stored = await rows<{ state_hash: string }>(sql`select state_hash from shop_oauth_states`);
    expect(stored.map((s) => s.state_hash)).not.toContain(r.data.state);
  });
});

describe('authorisation callback', () => {
  it('stores the shop and answers a session like login, which works on User/info', async () => {
    const r = await authoriseShop(tokenA, '7000001', '翠玉轩二号店');
    expect(r.code).toBe(1000);
    expect(r.data).toMatchObject({ userInfo: { mobile: '13800000001', user_type: 'trader' }, userInfoDetail: { merchant_name: '翠玉轩珠宝' } });
    expect(typeof (r.data.userInfoDetail as { total_balance: number }).total_balance).toBe('number');
    expect(r.data.center_shop_list).toContainEqual({ shop_id: '7000001', shop_name: '翠玉轩二号店', status: 'active' });
    expect(r.data).toHaveProperty('centerInfo');
    const info = await call('GET', '/merchant/v1/User/info', r.data.token as string);
    expect(info.code).toBe(1000);
    expect(info.data).toMatchObject({ userInfo: { mobile: '13800000001' } });
  });

  it('keeps the tokens encrypted at rest (AES-256-GCM), never in plain text', async () => {
    const [row] = await rows<{ access_token_enc: string; refresh_token_enc: string }>(sql`select access_token_enc, refresh_token_enc from shops where shop_id = '7000001'`);
    expect(row!.access_token_enc.startsWith('v1.')).toBe(true);
    expect(row!.access_token_enc).not.toContain('fkat');
    expect(row!.refresh_token_enc).not.toContain('fkrt');
    expect(decryptSecret(t.config.secretKey, row!.access_token_enc)).toMatch(/^fkat\./);
    expect(() => decryptSecret('another-key', row!.access_token_enc)).toThrow();
  });

  it('refuses an unknown state with 1001', async () => {
    const { code } = await authorise(tokenA, '7000002');
    const r = await call('POST', '/merchant/v1/Shop/authCallback', undefined, { code, state: 'not-a-state' });
    expect(r).toMatchObject({ code: 1001, msg: expect.stringContaining('授权链接无效') });
  });

  it('refuses a state used once already with 1001', async () => {
    const first = await authorise(tokenA, '7000003');
    expect((await call('POST', '/merchant/v1/Shop/authCallback', undefined, first)).code).toBe(1000);
    const again = await call('POST', '/merchant/v1/Shop/authCallback', undefined, { code: fake.issueCode('7000003'), state: first.state });
    expect(again).toMatchObject({ code: 1001, msg: expect.stringContaining('已使用过') });
  });

  it('refuses a state older than 10 minutes with 1001', async () => {
    const p = await authorise(tokenA, '7000004');
    t.clock.advanceSeconds(10 * 60 + 1);
    const r = await call('POST', '/merchant/v1/Shop/authCallback', undefined, p);
    expect(r).toMatchObject({ code: 1001, msg: expect.stringContaining('超时') });
  });

  it('signs a sub-account that started the authorisation back in as itself, not as the owner', async () => {
    const [m] = await rows<{ id: number; owner: number }>(sql`select m.id::int as id, a.id::int as owner from merchants m join accounts a on a.merchant_id = m.id and a.parent_id is null where m.mobile = '13800000001'`);
    const now = t.clock.now();
    const roleId = await accountsRepo.insertRole(t.database.db, { userType: 'trader', merchantId: m!.id, name: '店铺管理', permissions: ['merchant.shop.manage'], now });
    await accountsRepo.insertAccount(t.database.db, { userType: 'trader', mobile: '13800000011', name: '店铺运营小张', passwordHash: await hashPassword('Demo@123456'), merchantId: m!.id, parentId: m!.owner, roleId, now });
    const sub = await t.login('trader', '13800000011');
    const r = await authoriseShop(sub, '7000006');
    expect(r.code).toBe(1000);
    expect(r.data.userInfo).toMatchObject({ mobile: '13800000011', is_owner: false, permissions: ['merchant.shop.manage'] });
  });

  it('refuses a missing code or state with a sentence', async () => {
    const r = await call('POST', '/merchant/v1/Shop/authCallback', undefined, { state: 'x' });
    expect(r).toMatchObject({ code: 1001, msg: expect.stringContaining('授权码') });
  });

  it('answers 1001 when the platform refuses the code', async () => {
    const { state } = await authorise(tokenA, '7000005');
    const r = await call('POST', '/merchant/v1/Shop/authCallback', undefined, { code: 'made-up-code', state });
    expect(r).toMatchObject({ code: 1001, msg: expect.stringContaining('授权码无效') });
  });
});

describe('shop list and tenancy', () => {
  it("lists the merchant's shops with status and expiry, and not another merchant's", async () => {
    const a = await call('GET', '/merchant/v1/Shop/list', tokenA);
    expect(a.code).toBe(1000);
    const shop = a.data.list!.find((s) => s.shop_id === '7000001');
    expect(shop).toMatchObject({ shop_name: '翠玉轩二号店', status: 'active', status_text: '授权有效', platform: 'doudian' });
    expect(new Date(shop!.access_expires_at as string).getTime()).toBeGreaterThan(t.clock.now().getTime());
    expect(a.data.list!.some((s) => s.shop_id === SEED_SHOP)).toBe(true);
    const b = await call('GET', '/merchant/v1/Shop/list', tokenB);
    expect(b.data.list!.some((s) => s.shop_id === '7000001' || s.shop_id === SEED_SHOP)).toBe(false);
  });

  it("answers 1004 when merchant B asks for or pulls merchant A's shop orders", async () => {
    expect((await call('GET', `/merchant/v1/Shop/pendingOrders?shop_id=7000001`, tokenB)).code).toBe(1004);
    expect((await call('POST', '/merchant/v1/Shop/pullOrders', tokenB, { shop_id: '7000001' })).code).toBe(1004);
    expect((await call('POST', '/merchant/v1/Shop/pullOrders', tokenB, { shop_id: SEED_SHOP, order_ids: [fake.ordersOf(SEED_SHOP)[0]!.order_id] })).code).toBe(1004);
  });

  it("refuses to move merchant A's shop to merchant B through a new authorisation", async () => {
    const r = await authoriseShop(tokenB, '7000001');
    expect(r).toMatchObject({ code: 1001, msg: expect.stringContaining('已绑定在其他商户') });
    const [row] = await rows<{ name: string }>(sql`select m.name from shops s join merchants m on m.id = s.merchant_id where s.shop_id = '7000001'`);
    expect(row!.name).toBe('翠玉轩珠宝');
  });
});

describe('pending orders and pull', () => {
  const paidIds = (shopId: string) => fake.ordersOf(shopId).filter((o) => o.order_status === 2).map((o) => o.order_id);

  it("lists the seeded shop's paid orders with the demo seed's tokens", async () => {
    const r = await call('GET', `/merchant/v1/Shop/pendingOrders?shop_id=${SEED_SHOP}&page_size=100`, tokenA);
    expect(r.code).toBe(1000);
    expect(r.data.list!.map((o) => o.platform_order_id).sort()).toEqual(paidIds(SEED_SHOP).sort());
  });

  it('shows only paid orders waiting for shipment, with buyer data and items', async () => {
    await authoriseShop(tokenB, '8000001', '金福二号店');
    const r = await call('GET', '/merchant/v1/Shop/pendingOrders?shop_id=8000001&page=1&page_size=5', tokenB);
    expect(r.code).toBe(1000);
    expect(r.data.total).toBe(paidIds('8000001').length);
    expect(r.data.list).toHaveLength(5);
    const o = r.data.list![0]!;
    expect(o).toMatchObject({ shop_id: '8000001', buyer_phone: expect.stringMatching(/^\d{3}\*{4}\d{4}$/) });
    expect((o.items as unknown[]).length).toBeGreaterThan(0);
    expect(o.buyer_address).toMatch(/省|市/);
  });

  it('turns chosen paid orders into testing orders once: repeating the pull creates nothing', async () => {
    const ids = paidIds('8000001').slice(0, 2);
    const first = await call('POST', '/merchant/v1/Shop/pullOrders', tokenB, { shop_id: '8000001', order_ids: ids });
    expect(first).toMatchObject({ code: 1000, data: { created: 2, skipped: 0 } });
    expect((first.data.orders as { order_no: string }[])[0]!.order_no).toMatch(/^JC\d{12}$/);
    const again = await call('POST', '/merchant/v1/Shop/pullOrders', tokenB, { shop_id: '8000001', order_ids: ids });
    expect(again).toMatchObject({ code: 1000, data: { created: 0, skipped: 2 } });
    expect((again.data.skipped_orders as { reason: string }[])[0]!.reason).toBe('已创建检测订单');
    const pending = await call('GET', '/merchant/v1/Shop/pendingOrders?shop_id=8000001&page_size=100', tokenB);
    expect(pending.data.total).toBe(paidIds('8000001').length - 2);
    expect(pending.data.list!.some((o) => ids.includes(o.platform_order_id as string))).toBe(false);
  });

  it('pulls every pending order when none are chosen, concurrently without duplicates', async () => {
    const [a, b] = await Promise.all([
      call('POST', '/merchant/v1/Shop/pullOrders', tokenB, { shop_id: '8000001' }),
      call('POST', '/merchant/v1/Shop/pullOrders', tokenB, { shop_id: '8000001' }),
    ]);
    expect(a.code).toBe(1000);
    expect(b.code).toBe(1000);
    const all = paidIds('8000001');
    expect((a.data.created as number) + (b.data.created as number)).toBe(all.length - 2);
    const counts = await rows<{ platform_order_id: string; n: number }>(
      sql`select platform_order_id, count(*)::int as n from testing_orders where shop_id = (select id from shops where shop_id = '8000001') group by platform_order_id`,
    );
    expect(counts).toHaveLength(all.length);
    expect(counts.every((c) => c.n === 1)).toBe(true);
    const [o] = await rows<{ status: string; centre_id: string; buyer_phone: string }>(sql`select status, centre_id::text, buyer_phone from testing_orders where platform_order_id = ${all[0]!}`);
    expect(o).toMatchObject({ status: 'created', buyer_phone: expect.stringContaining('****') });
    const last = await call('POST', '/merchant/v1/Shop/pullOrders', tokenB, { shop_id: '8000001' });
    expect(last.data).toMatchObject({ created: 0, skipped: 0 });
  });

  it('skips an order id that is not a paid order of the shop', async () => {
    const unpaid = fake.ordersOf('8000001').find((o) => o.order_status !== 2)!.order_id;
    const r = await call('POST', '/merchant/v1/Shop/pullOrders', tokenB, { shop_id: '8000001', order_ids: [unpaid] });
    expect(r).toMatchObject({ code: 1000, data: { created: 0, skipped: 1 } });
  });

  it('picks the gem category from the product name', () => {
    const cats = [
      { id: 1, name: '翡翠' },
      { id: 3, name: '钻石' },
      { id: 9, name: '铂金' },
    ];
    expect(guessCategory('天然翡翠手镯 冰种飘花', cats)).toBe(1);
    expect(guessCategory('18K金钻石戒指 30分', cats)).toBe(3);
    expect(guessCategory('Pt950铂金锁骨链', cats)).toBe(9);
    expect(guessCategory('不知道是什么', cats)).toBeNull();
  });
});

describe('token refresh', () => {
  const shopId = '7100001';

  beforeAll(async () => {
    expect((await authoriseShop(tokenA, shopId, '刷新测试店')).code).toBe(1000);
  });

  const shopRow = async () => (await repo.findMerchantShop(t.database.db, (await rows<{ id: number }>(sql`select id::int from merchants where mobile = '13800000001'`))[0]!.id, 'doudian', shopId))!;
  const env = () => ({
    config: t.config,
    doudian: new DoudianClient({ gateway: fake.url, appKey, appSecret }),
    authUrl: fake.authorizeUrl,
    now: t.clock.now(),
  });

  it('keeps the access token while more than an hour is left, and refreshes it when less is left', async () => {
    const before = await shopRow();
    const calls = fake.calls.length;
    const same = await getValidAccessToken(t.database.db, before, env());
    expect(same).toBe(decryptSecret(t.config.secretKey, before.accessTokenEnc!));
    expect(fake.calls.length).toBe(calls);

    t.clock.set(new Date(before.accessExpiresAt!.getTime() - 30 * 60_000)); // 30 minutes left
    const fresh = await getValidAccessToken(t.database.db, before, env());
    expect(fresh).not.toBe(same);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'token.refresh', code: 10000 });
    const after = await shopRow();
    expect(after.accessExpiresAt!.getTime()).toBe(t.clock.now().getTime() + 7 * 86400_000);
    expect(decryptSecret(t.config.secretKey, after.accessTokenEnc!)).toBe(fresh);
  });

  it('refreshes and retries once when the platform says the access token expired', async () => {
    fake.expireAccessTokens(shopId);
    const from = fake.calls.length;
    const r = await call('GET', `/merchant/v1/Shop/pendingOrders?shop_id=${shopId}`, tokenA);
    expect(r.code).toBe(1000);
    expect(fake.calls.slice(from).map((c) => `${c.method}:${c.code}`)).toEqual(['order.searchList:30002', 'token.refresh:10000', 'order.searchList:10000']);
  });

  it('marks the shop expired when the refresh is refused, and a new authorisation makes it active again', async () => {
    fake.revokeAuthorisation(shopId);
    const r = await call('GET', `/merchant/v1/Shop/pendingOrders?shop_id=${shopId}`, tokenA);
    expect(r).toMatchObject({ code: 1001, msg: expect.stringContaining('重新授权') });
    expect((await shopRow()).status).toBe('expired');
    const list = await call('GET', '/merchant/v1/Shop/list', tokenA);
    expect(list.data.list!.find((s) => s.shop_id === shopId)).toMatchObject({ status: 'expired', status_text: '需重新授权' });
    // an expired shop is not called again until re-authorised
    const calls = fake.calls.length;
    expect((await call('GET', `/merchant/v1/Shop/pendingOrders?shop_id=${shopId}`, tokenA)).code).toBe(1001);
    expect(fake.calls.length).toBe(calls);

    expect((await authoriseShop(tokenA, shopId)).code).toBe(1000);
    expect((await shopRow()).status).toBe('active');
    expect((await call('GET', `/merchant/v1/Shop/pendingOrders?shop_id=${shopId}`, tokenA)).code).toBe(1000);
  });

  it('refreshes once for two concurrent callers and does not expire the shop', async () => {
    const row = await shopRow();
    t.clock.set(new Date(row.accessExpiresAt!.getTime() - 10 * 60_000));
    const from = fake.calls.length;
    const [x, y] = await Promise.all([getValidAccessToken(t.database.db, row, env()), getValidAccessToken(t.database.db, row, env())]);
    expect(x.startsWith('fkat.')).toBe(true);
    expect(y.startsWith('fkat.')).toBe(true);
    expect((await shopRow()).status).toBe('active');
    // whichever refresh lost, the stored token is one the platform accepts
    const stored = decryptSecret(t.config.secretKey, (await shopRow()).accessTokenEnc!);
    await expect(new DoudianClient({ gateway: fake.url, appKey, appSecret }).searchOrders(stored, {})).resolves.toBeDefined();
    expect(fake.calls.slice(from).filter((c) => c.method === 'token.refresh' && c.code === 10000)).toHaveLength(1);
  });
});
