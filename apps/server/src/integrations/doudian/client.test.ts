import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DoudianClient, PAID_AWAITING_SHIPMENT } from './client';
import {
  DoudianAccessTokenExpiredError,
  DoudianAccessTokenInvalidError,
  DoudianAppKeyError,
  DoudianGrantInvalidError,
  DoudianSignatureError,
  DoudianTimeoutError,
} from './errors';
import { fakeShopTokens, startFakeDoudian, type FakeDoudian } from './fake';
import { startEmbeddedDoudian } from './index';
import { testConfig } from '../../config';
import { paramJsonOf, parsePlatformTimestamp, platformTimestamp, signRequest } from './sign';

const appKey = '7100000000000000001';
const appSecret = 'test-app-secret-0123456789';

let fake: FakeDoudian;
let client: DoudianClient;
const logged: string[] = [];

beforeAll(async () => {
  fake = await startFakeDoudian({ appKey, appSecret, ordersPerShop: 160 });
  const log = (obj: Record<string, unknown>, msg: string) => void logged.push(`${msg} ${JSON.stringify(obj)}`);
  client = new DoudianClient({ gateway: fake.url, appKey, appSecret, logger: { info: log, warn: log } });
});
afterAll(async () => {
  await fake.close();
});

describe('request signing', () => {
  it('computes the documented HMAC-SHA256 signature (known vector)', () => {
    // Same string through `openssl dgst -sha256 -hmac secret`:
    // secret + app_key1234567890 + methodorder.searchList + param_json{"page":0,"size":20} + timestamp2026-11-21 10:00:00 + v2 + secret
    const sign = signRequest({ appKey: '1234567890', appSecret: 'secret', method: 'order.searchList', paramJson: '{"page":0,"size":20}', timestamp: '2026-11-21 10:00:00' });
    expect(sign).toBe('fe73a0984effa1f08adcc1f2e2925bc4252ff583ad9fab8ebe798935e4d04893');
  });

  it('sorts the keys of param_json recursively and keeps arrays in order', () => {
    expect(paramJsonOf({ size: 20, page: 0, filter: { z: 1, a: [{ y: 2, b: 1 }] } })).toBe('{"filter":{"a":[{"b":1,"y":2}],"z":1},"page":0,"size":20}');
    expect(paramJsonOf(undefined)).toBe('{}');
  });

  it('formats timestamps in Beijing time and parses them back', () => {
    const ms = Date.UTC(2026, 10, 21, 2, 0, 0);
    expect(platformTimestamp(ms)).toBe('2026-11-21 10:00:00');
    expect(parsePlatformTimestamp('2026-11-21 10:00:00')).toBe(ms);
  });
});

describe('the fake platform checks every request', () => {
  it('rejects a request signed with the wrong secret as an invalid signature', async () => {
    const bad = new DoudianClient({ gateway: fake.url, appKey, appSecret: 'not-the-secret' });
    await expect(bad.createToken(fake.issueCode('4463798'))).rejects.toBeInstanceOf(DoudianSignatureError);
    expect(fake.calls.at(-1)).toMatchObject({ method: 'token.create', code: 40004 });
  });

  it('rejects a tampered body whose signature no longer matches', async () => {
    const { accessToken } = fakeShopTokens(appSecret, '4463798', '翠玉轩珠宝官方旗舰店');
    const timestamp = platformTimestamp(Date.now());
    const sign = signRequest({ appKey, appSecret, method: 'order.searchList', paramJson: '{"page":0,"size":10}', timestamp });
    const q = new URLSearchParams({ app_key: appKey, method: 'order.searchList', v: '2', timestamp, sign_method: 'hmac-sha256', sign, access_token: accessToken });
    const res = await fetch(`${fake.url}/order/searchList?${q}`, { method: 'POST', body: '{"page":0,"size":100}' });
    expect(await res.json()).toMatchObject({ code: 40004, sub_code: 'isv.signature-invalid' });
  });

  it('rejects an unknown app key', async () => {
    const other = new DoudianClient({ gateway: fake.url, appKey: '1', appSecret });
    await expect(other.createToken('x')).rejects.toBeInstanceOf(DoudianAppKeyError);
  });
});

describe('tokens', () => {
  it('exchanges an authorisation code once and refreshes the tokens', async () => {
    const code = fake.issueCode('4463798');
    const t = await client.createToken(code);
    expect(t).toMatchObject({ shop_id: '4463798', shop_name: '翠玉轩珠宝官方旗舰店', expires_in: 7 * 86400 });
    // the code is single use
    await expect(client.createToken(code)).rejects.toBeInstanceOf(DoudianGrantInvalidError);

    const r = await client.refreshToken(t.refresh_token);
    expect(r.shop_id).toBe('4463798');
    expect(r.access_token).not.toBe(t.access_token);
    // the new access token works, the used refresh token does not
    await expect(client.searchOrders(r.access_token, { size: 1 })).resolves.toMatchObject({ page: 0 });
    await expect(client.refreshToken(t.refresh_token)).rejects.toBeInstanceOf(DoudianGrantInvalidError);
  });

  it('answers an expired access token with the typed expiry error, and an unknown one as invalid', async () => {
    const t = await client.createToken(fake.issueCode('5120337'));
    fake.expireAccessTokens('5120337');
    await expect(client.searchOrders(t.access_token, {})).rejects.toBeInstanceOf(DoudianAccessTokenExpiredError);
    await expect(client.searchOrders('fkat.bogus.token', {})).rejects.toBeInstanceOf(DoudianAccessTokenInvalidError);
    const r = await client.refreshToken(t.refresh_token);
    await expect(client.searchOrders(r.access_token, {})).resolves.toBeDefined();
  });

  it('expires access tokens after the configured lifetime', async () => {
    let now = Date.now();
    const short = await startFakeDoudian({ appKey, appSecret, accessTtlSec: 60, now: () => now });
    try {
      const c = new DoudianClient({ gateway: short.url, appKey, appSecret });
      const t = await c.createToken(short.issueCode('1'));
      expect(t.expires_in).toBe(60);
      await expect(c.searchOrders(t.access_token, {})).resolves.toBeDefined();
      now += 61_000;
      await expect(c.searchOrders(t.access_token, {})).rejects.toBeInstanceOf(DoudianAccessTokenExpiredError);
    } finally {
      await short.close();
    }
  });

  it('never logs tokens, codes or the app secret', () => {
    const all = logged.join('\n');
    expect(all).toContain('token.create');
    expect(all).not.toContain(appSecret);
    expect(all).not.toMatch(/fkat\.|fkrt\.|access_token=|sign=/);
  });
});

describe('order.searchList', () => {
  it('pages through the paid orders waiting for shipment since a time', async () => {
    const { accessToken } = fakeShopTokens(appSecret, '4463798', '翠玉轩珠宝官方旗舰店');
    const all = fake.ordersOf('4463798');
    const since = all[all.length - 1]!.create_time;
    const paid = await client.searchPaidOrders(accessToken, since);
    const expected = all.filter((o) => o.order_status === PAID_AWAITING_SHIPMENT);
    expect(expected.length).toBeGreaterThan(100); // more than one page of 100
    expect(paid.map((o) => o.order_id)).toEqual(expected.map((o) => o.order_id));
    const o = paid[0]!;
    expect(o.pay_time).toBeGreaterThan(0);
    expect(o.exp_ship_time).toBe(o.pay_time + 48 * 3600);
    expect(o.post_tel).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(o.sku_order_list[0]).toMatchObject({ item_num: 1, order_status: 2 });
    expect(o.sku_order_list[0]!.product_name.length).toBeGreaterThan(0);
  });

  it('serves the same order ids for a shop on every call', async () => {
    expect(fake.ordersOf('4463798').map((o) => o.order_id)).toEqual(fake.ordersOf('4463798').map((o) => o.order_id));
  });
});

describe('transport failures', () => {
  it('gives up after the timeout with a typed timeout error', async () => {
    const silent = http.createServer(() => {
      /* never answers */
    });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    try {
      const port = (silent.address() as AddressInfo).port;
      const c = new DoudianClient({ gateway: `http://127.0.0.1:${port}`, appKey, appSecret, timeoutMs: 200 });
      await expect(c.createToken('x')).rejects.toBeInstanceOf(DoudianTimeoutError);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});

describe('authorise page', () => {
  it('redirects back to redirect_uri with a code and the same state', async () => {
    const url = client.authorizeUrl(fake.authorizeUrl, 'st-123', 'http://gemqc.local/trader/doudian-auth');
    const res = await fetch(`${url}&shop_id=6088142`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://gemqc.local/trader/doudian-auth');
    expect(back.searchParams.get('state')).toBe('st-123');
    const t = await client.createToken(back.searchParams.get('code')!);
    expect(t).toMatchObject({ shop_id: '6088142', shop_name: '新商户的小店' });
  });

  it('offers a shop choice when no shop is named, and refuses a wrong app key', async () => {
    const page = await fetch(client.authorizeUrl(fake.authorizeUrl, 's', 'http://x/y'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('翠玉轩珠宝官方旗舰店');
    const bad = await fetch(`${fake.authorizeUrl}?app_key=nope&state=s&redirect_uri=http://x/y`, { redirect: 'manual' });
    expect(bad.status).toBe(400);
  });
});

describe('embedded demo platform (main.ts)', () => {
  it('starts the fake and points the gateway and authorise page at it when no gateway is configured', async () => {
    const config = testConfig();
    config.doudian.gatewayUrl = undefined;
    config.doudian.authUrl = undefined;
    const stop = await startEmbeddedDoudian(config);
    try {
      expect(config.doudian.gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(config.doudian.authUrl).toBe(`${config.doudian.gatewayUrl}/oauth/authorize`);
      // the demo seed's tokens (derived from the app secret) work against it
      const c = new DoudianClient({ gateway: config.doudian.gatewayUrl!, appKey: config.doudian.appKey, appSecret: config.doudian.appSecret });
      const { accessToken } = fakeShopTokens(config.doudian.appSecret, '4463798', '翠玉轩珠宝官方旗舰店');
      await expect(c.searchOrders(accessToken, { size: 5 })).resolves.toMatchObject({ page: 0 });
    } finally {
      await stop?.();
    }
  });

  it('leaves a configured gateway alone', async () => {
    const config = testConfig();
    config.doudian.gatewayUrl = 'https://openapi-fxg.jinritemai.com';
    expect(await startEmbeddedDoudian(config)).toBeNull();
    expect(config.doudian.gatewayUrl).toBe('https://openapi-fxg.jinritemai.com');
  });
});
