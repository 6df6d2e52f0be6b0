import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { AliyunSmsProvider, aliyunSignature, popEncode } from './sms';

const cfg = {
  accessKeyId: 'testid',
  accessKeySecret: 'testsecret',
  signName: '阿里云短信测试',
  templateCode: 'SMS_154950909',
  endpoint: '',
  regionId: 'cn-hangzhou',
};

/** A local stand-in for dysmsapi.aliyuncs.com that checks the v1 signature like the real one. */
function fakeAliyun() {
  const received: Record<string, string>[] = [];
  let answer: { Code: string; Message: string } = { Code: 'OK', Message: 'OK' };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    const params = Object.fromEntries(url.searchParams.entries());
    received.push(params);
    const { Signature, ...rest } = params;
    const expected = aliyunSignature('GET', rest, cfg.accessKeySecret);
    res.setHeader('content-type', 'application/json');
    if (Signature !== expected) {
      res.end(JSON.stringify({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' }));
      return;
    }
    res.end(JSON.stringify({ ...answer, RequestId: 'req-1', BizId: 'biz-1' }));
  });
  return {
    received,
    setAnswer: (a: typeof answer) => (answer = a),
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('Aliyun signature v1', () => {
  it('percent-encodes like the POP specification (space %20, * %2A, ~ kept)', () => {
    expect(popEncode('a b*c~d/é')).toBe('a%20b%2Ac~d%2F%C3%A9');
  });

  it('matches the documented example of the RPC signature', () => {
    // Aliyun's documented DescribeRegions example (AccessKeySecret "testsecret").
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });
});

describe('Aliyun SMS provider over HTTP', () => {
  const fake = fakeAliyun();
  let t: TestApp;
  beforeAll(async () => {
    cfg.endpoint = await fake.start();
    t = await createTestApp({ config: { sms: { provider: 'aliyun', aliyun: cfg, dailyLimit: 10, perIpPerHour: 1000, perMobilePerHour: 5 } } });
    // the app built its provider from config; use one with the test database too
  });
  afterAll(async () => {
    await t.close();
    await fake.stop();
  });

  it('sends SendSms with the template, sign name, code and a signature the fake accepts', async () => {
    const provider = new AliyunSmsProvider(cfg, t.database.db);
    await provider.sendCode({ mobile: '13800000001', purpose: 'login', code: '123456', now: new Date('2026-11-21T08:00:00Z') });
    const p = fake.received.at(-1)!;
    expect(p).toMatchObject({ Action: 'SendSms', PhoneNumbers: '13800000001', SignName: cfg.signName, TemplateCode: cfg.templateCode, TemplateParam: '{"code":"123456"}', Timestamp: '2026-11-21T08:00:00Z', Version: '2017-05-25' });
    const r = await t.database.db.execute(sql`select code, provider, status from sms_outbox where provider = 'aliyun' order by id desc limit 1`);
    expect((r as unknown as { rows: unknown[] }).rows[0]).toEqual({ code: '******', provider: 'aliyun', status: 'sent' });
  });

  it('goes through the public endpoint when SMS_PROVIDER=aliyun', async () => {
    const before = fake.received.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/publics/v1/Sms/send', payload: { mobile: '13800000002' } });
    expect(res.json().code).toBe(1000);
    expect(fake.received.length).toBe(before + 1);
  });

  it('answers 1001 when Aliyun refuses, and lets the person retry at once', async () => {
    fake.setAnswer({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/api/publics/v1/Sms/send', payload: { mobile: '13800000003' } });
      expect(res.json()).toMatchObject({ code: 1001, msg: '短信发送失败，请稍后重试' });
      fake.setAnswer({ Code: 'OK', Message: 'OK' });
      expect((await t.app.inject({ method: 'POST', url: '/api/publics/v1/Sms/send', payload: { mobile: '13800000003' } })).json().code).toBe(1000);
    } finally {
      fake.setAnswer({ Code: 'OK', Message: 'OK' });
    }
  });

  it('rejects a wrong secret (the fake checks the signature)', async () => {
    const provider = new AliyunSmsProvider({ ...cfg, accessKeySecret: 'wrong' });
    await expect(provider.sendCode({ mobile: '13800000001', purpose: 'login', code: '123456', now: new Date() })).rejects.toThrow(/SignatureDoesNotMatch/);
  });
});
