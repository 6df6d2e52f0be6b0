import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configMarkdownTable, describeConfig, loadConfig } from './config';

describe('config', () => {
  it('has defaults that start the app on a fresh machine', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-cfg-'));
    const c = loadConfig({ DATA_DIR: dir });
    expect(c).toMatchObject({ port: 8080, host: '0.0.0.0', databaseUrl: undefined, dbDir: path.join(dir, 'db'), filesDir: path.join(dir, 'files'), sessionTtlDays: 7, redisUrl: undefined });
    expect(c.sms.provider).toBe('console');
    expect(c.webDist).toMatch(/apps[/\\]web[/\\]dist$/);
  });

  it('generates SECRET_KEY once into DATA_DIR and reuses it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-cfg-'));
    const a = loadConfig({ DATA_DIR: dir }, { persistSecret: true });
    const b = loadConfig({ DATA_DIR: dir }, { persistSecret: true });
    expect(a.secretKey).toHaveLength(43);
    expect(b.secretKey).toBe(a.secretKey);
    expect(fs.readFileSync(path.join(dir, 'secret.key'), 'utf8').trim()).toBe(a.secretKey);
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: 'given' }, { persistSecret: true }).secretKey).toBe('given');
  });

  it('refuses invalid values naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER/);
  });

  it('runs one server process unless WEB_CONCURRENCY says more, which needs DATABASE_URL', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://localhost/x' }).workers).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(/WEB_CONCURRENCY=2 needs DATABASE_URL/);
    expect(() => loadConfig({ WEB_CONCURRENCY: '0', DATABASE_URL: 'postgres://localhost/x' })).toThrow(/WEB_CONCURRENCY/);
  });

  it('needs the Aliyun keys when SMS_PROVIDER=aliyun', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_ACCESS_KEY_ID/);
    const c = loadConfig({ SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'id', ALIYUN_ACCESS_KEY_SECRET: 's', ALIYUN_SMS_SIGN_NAME: 'n', ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1' });
    expect(c.sms.aliyun).toMatchObject({ accessKeyId: 'id', templateCode: 'SMS_1', endpoint: 'https://dysmsapi.aliyuncs.com/' });
  });

  it('takes TRUST_PROXY as explicit addresses or CIDR ranges only: `true` and hop counts would let any client choose its address (issue 27)', () => {
    expect(loadConfig({}).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toEqual([]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.0/24, ::1, fd00::/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/24', '::1', 'fd00::/8']);
    for (const v of ['true', '1', '2']) {
      expect(() => loadConfig({ TRUST_PROXY: v })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: v })).toThrow(/anyone could choose their own address.*TRUST_PROXY=10\.0\.0\.10/s);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/proxy\.local is not an IP address or CIDR range/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not an IP address or CIDR range/);
  });

  it('refuses to start outside demo mode on any demo secret, saying what to set (issue 27)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-cfg-'));
    const aliyun = { SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'id', ALIYUN_ACCESS_KEY_SECRET: 's', ALIYUN_SMS_SIGN_NAME: 'n', ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1' };
    const prod = { DATA_DIR: dir, DEMO_MODE: 'false', DOUDIAN_GATEWAY_URL: 'https://openapi-fxg.jinritemai.com', DOUDIAN_APP_KEY: 'real-key', DOUDIAN_APP_SECRET: 'a-real-secret-from-doudian', ...aliyun };
    expect(loadConfig(prod).demoMode).toBe(false);
    expect(loadConfig({ ...prod, SECRET_KEY: 'x'.repeat(43) }).secretKey).toBe('x'.repeat(43));
    const refused = (env: Record<string, string | undefined>, what: RegExp) => {
      expect(() => loadConfig({ ...prod, ...env })).toThrow(/DEMO_MODE=false refuses to start on demo settings/);
      expect(() => loadConfig({ ...prod, ...env })).toThrow(what);
    };
    refused({ DOUDIAN_APP_SECRET: undefined }, /DOUDIAN_APP_SECRET \(your app secret/); // the default is the public demo secret
    refused({ DOUDIAN_APP_SECRET: 'demo-app-secret' }, /DOUDIAN_APP_SECRET/);
    refused({ DOUDIAN_APP_KEY: undefined }, /DOUDIAN_APP_KEY/);
    refused({ SECRET_KEY: 'test-secret-key' }, /SECRET_KEY \(at least 32 random characters/);
    refused({ SECRET_KEY: 'short' }, /SECRET_KEY/);
    refused({ SMS_PROVIDER: 'console' }, /SMS_PROVIDER=aliyun with ALIYUN_ACCESS_KEY_ID/);
    // demo mode keeps every demo value (npm start on a fresh machine)
    expect(loadConfig({ DATA_DIR: dir, SECRET_KEY: 'test-secret-key' }).doudian.appSecret).toBe('demo-app-secret');
  });

  it('has a limit for every resource, each a setting (issue 27)', () => {
    const c = loadConfig({});
    expect(c.timeouts).toEqual({ headersMs: 20_000, requestMs: 30_000, uploadMs: 1_800_000, uploadIdleMs: 30_000, keepAliveMs: 72_000 });
    expect(c.imageMaxPixels).toBe(40_000_000);
    expect(c.notificationStreams).toEqual({ perAccount: 5, total: 2000 });
    expect(c.prefKeysPerAccount).toBe(100);
    expect(c.metrics).toEqual({ token: undefined, port: 0, host: '127.0.0.1' });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(loadConfig({ REQUEST_TIMEOUT_SECONDS: '5' }).timeouts.requestMs).toBe(5000);
  });

  it('documents every variable with a default and a meaning', () => {
    const names = describeConfig().map((v) => v.name);
    for (const n of ['PORT', 'HOST', 'DATABASE_URL', 'DATA_DIR', 'SMS_PROVIDER', 'REDIS_URL', 'SESSION_TTL_DAYS', 'LOG_LEVEL', 'TRUST_PROXY', 'WEB_DIST', 'SECRET_KEY', 'CLODOP_LICENSE', 'DOUDIAN_APP_KEY']) {
      expect(names).toContain(n);
    }
    expect(describeConfig().every((v) => v.meaning.length > 10)).toBe(true);
    expect(configMarkdownTable()).toContain('| `PORT` | `8080` |');
  });

  it('runs the fake Doudian platform only in demo mode, and refuses a production start without a gateway (issue 13, fault 11)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-cfg-'));
    expect(loadConfig({ DATA_DIR: dir })).toMatchObject({ demoMode: true, doudian: { fake: true } }); // npm start on a fresh machine: the demo
    expect(() => loadConfig({ DATA_DIR: dir, DEMO_MODE: 'false' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, DEMO_MODE: 'false' })).toThrow(/DEMO_MODE=false needs DOUDIAN_GATEWAY_URL/);
    const real = { DOUDIAN_APP_KEY: 'k', DOUDIAN_APP_SECRET: 's', SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'id', ALIYUN_ACCESS_KEY_SECRET: 's', ALIYUN_SMS_SIGN_NAME: 'n', ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1' };
    const prod = loadConfig({ DATA_DIR: dir, DEMO_MODE: 'false', DOUDIAN_GATEWAY_URL: 'https://openapi-fxg.jinritemai.com', ...real });
    expect(prod).toMatchObject({ demoMode: false, doudian: { fake: false, gatewayUrl: 'https://openapi-fxg.jinritemai.com' } });
    expect(loadConfig({ DATA_DIR: dir, DOUDIAN_GATEWAY_URL: 'https://openapi-fxg.jinritemai.com' }).doudian.fake).toBe(false);
  });
});
