import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let n = 0;
/** A mobile no other test of this file uses. */
const freshMobile = () => `1350000${String(1000 + n++).slice(-4)}`;
const send = (mobile: string, extra: Record<string, unknown> = {}) => t.app.inject({ method: 'POST', url: '/api/publics/v1/Sms/send', payload: { mobile, ...extra } });
const smsLogin = (mobile: string, code: string) => t.app.inject({ method: 'POST', url: '/api/merchant/v1/User/login', payload: { mobile, verify_code: code, type: 2 } });
const register = (mobile: string, code: string) =>
  t.app.inject({ method: 'POST', url: '/api/merchant/v1/User/register', payload: { mobile, verify_code: code, password: 'Secret@123', name: '测试商户' } });

describe('SMS send', () => {
  it('sends a 6-digit code to the outbox and stores only its hash', async () => {
    const mobile = freshMobile();
    const res = await send(` ${mobile} `);
    expect(res.json()).toEqual({ code: 1000, msg: 'success', data: { resend_after: 60 } });
    const code = await t.lastSmsCode(mobile);
    expect(code).toMatch(/^\d{6}$/);
    const r = await t.database.db.execute(sql`select code_hash from sms_codes where mobile = ${mobile}`);
    const rows = (r as unknown as { rows: { code_hash: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code!);
  });

  it('never answers the code over the API', async () => {
    const mobile = freshMobile();
    const res = await send(mobile);
    expect(res.body).not.toContain((await t.lastSmsCode(mobile))!);
  });

  it.each([
    [{}, '请输入手机号'],
    [{ mobile: '12345' }, '请输入正确的11位手机号'],
    [{ mobile: '1'.repeat(500) }, '请输入正确的11位手机号'],
    [{ mobile: '13500000000', user_type: 'other' }, '参数 user_type 不正确，请检查后重试'],
  ])('refuses %j with 1001 “%s”', async (payload, msg) => {
    expect((await t.app.inject({ method: 'POST', url: '/api/publics/v1/Sms/send', payload })).json()).toMatchObject({ code: 1001, msg });
  });

  it('refuses a resend within 60 s per mobile and purpose (1029), allows it after', async () => {
    const mobile = freshMobile();
    expect((await send(mobile)).json().code).toBe(1000);
    t.clock.advanceSeconds(30);
    const again = await send(mobile);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 1029, msg: '验证码已发送，请30秒后再试' });
    expect((await send(mobile, { user_type: 'testing_auth' })).json().code).toBe(1000); // another purpose
    t.clock.advanceSeconds(31);
    expect((await send(mobile)).json().code).toBe(1000);
  });

  it('sends at most 10 codes a day per mobile', async () => {
    const mobile = freshMobile();
    t.clock.set(new Date('2026-12-01T01:00:00Z'));
    for (let i = 0; i < 10; i++) {
      expect((await send(mobile)).json().code).toBe(1000);
      t.clock.advanceSeconds(13 * 60); // under the 5 an hour per mobile
    }
    const eleventh = await send(mobile);
    expect(eleventh.json()).toMatchObject({ code: 1029, msg: '该手机号今日获取验证码次数已达上限，请明天再试' });
    t.clock.set(new Date('2026-12-01T16:01:00Z')); // next day in China (UTC+8)
    expect((await send(mobile)).json().code).toBe(1000);
  });

  it('sends at most 5 codes an hour per mobile and purpose, from any address', async () => {
    const mobile = freshMobile();
    for (let i = 0; i < 5; i++) {
      expect((await send(mobile)).json().code).toBe(1000);
      t.clock.advanceSeconds(61);
    }
    expect((await send(mobile)).json()).toMatchObject({ code: 1029, msg: expect.stringMatching(/^该手机号获取验证码过于频繁，请\d+分钟后再试$/) });
    expect((await send(mobile, { user_type: 'testing_auth' })).json().code).toBe(1000); // another purpose
    t.clock.advanceSeconds(3600);
    expect((await send(mobile)).json().code).toBe(1000);
  });

  describe('per client address (an office behind one NAT address)', () => {
    let office: TestApp;
    const from = (payload: Record<string, unknown>) => office.app.inject({ method: 'POST', url: '/api/publics/v1/Sms/send', payload, remoteAddress: '10.8.0.1' });
    beforeAll(async () => {
      office = await createTestApp({ config: { sms: { ...t.config.sms, perIpPerHour: 20 } } });
    });
    afterAll(async () => office.close());

    it('a refused resend ("too soon") does not count: 25 presses of 获取验证码 for one mobile use one of the 20', async () => {
      for (let i = 0; i < 25; i++) expect((await from({ mobile: '13522220000' })).json().code).toBe(i === 0 ? 1000 : 1029);
      for (let i = 1; i <= 19; i++) expect((await from({ mobile: `135222200${String(i).padStart(2, '0')}` })).json().code, `mobile ${i}`).toBe(1000);
      expect((await from({ mobile: '13522220099' })).json()).toMatchObject({ code: 1029, msg: '验证码请求过于频繁，请稍后再试' });
    });

    it('counts per purpose: 检测信息 codes still go out when sign-in codes are spent, and the reverse', async () => {
      expect((await from({ mobile: '13522220098' })).json().code).toBe(1029); // login is spent (test above)
      expect((await from({ mobile: '13522220098', user_type: 'testing_auth' })).json().code).toBe(1000);
    });

    it('the manager still receives a sign-in code after 20 requests from its address, and signs in with it', async () => {
      expect((await from({ mobile: '13522220097' })).json().code).toBe(1029);
      const manager = '13600000001';
      expect((await from({ mobile: manager })).json()).toEqual({ code: 1000, msg: 'success', data: { resend_after: 60 } });
      const code = (await office.lastSmsCode(manager))!;
      const login = await office.app.inject({ method: 'POST', url: '/api/admin/v1/login', payload: { mobile: manager, verify_code: code }, remoteAddress: '10.8.0.1' });
      expect(login.json()).toMatchObject({ code: 1000, data: { token: expect.any(String) } });
      // still limited per mobile: the resend window and the hourly count hold for the manager too
      expect((await from({ mobile: manager })).json().code).toBe(1029);
    });
  });

  it('limits codes per client address per hour', async () => {
    const limited = await createTestApp({ config: { sms: { ...t.config.sms, perIpPerHour: 2 } } });
    try {
      const s = (m: string) => limited.app.inject({ method: 'POST', url: '/api/publics/v1/Sms/send', payload: { mobile: m } });
      expect((await s('13511110001')).json().code).toBe(1000);
      expect((await s('13511110002')).json().code).toBe(1000);
      expect((await s('13511110003')).json()).toMatchObject({ code: 1029, msg: '验证码请求过于频繁，请稍后再试' });
    } finally {
      await limited.close();
    }
  });
});

describe('SMS verify', () => {
  it('accepts a code once (single use)', async () => {
    const mobile = freshMobile();
    await send(mobile);
    const code = (await t.lastSmsCode(mobile))!;
    expect((await register(mobile, code)).json().code).toBe(1000);
    expect((await smsLogin(mobile, code)).json()).toMatchObject({ code: 1001, msg: '验证码已失效，请重新获取' });
  });

  it('refuses a code after 5 minutes', async () => {
    const mobile = freshMobile();
    await send(mobile);
    const code = (await t.lastSmsCode(mobile))!;
    t.clock.advanceSeconds(301);
    expect((await register(mobile, code)).json()).toMatchObject({ code: 1001, msg: '验证码已失效，请重新获取' });
  });

  it('voids a code after 5 wrong tries, even when the right one comes next', async () => {
    const mobile = freshMobile();
    await send(mobile);
    const code = (await t.lastSmsCode(mobile))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) expect((await register(mobile, wrong)).json().msg).toBe(`验证码错误，还可尝试${left}次`);
    expect((await register(mobile, wrong)).json().msg).toBe('验证码错误次数过多，请重新获取');
    expect((await register(mobile, code)).json().msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('voids the older code when a new one is sent', async () => {
    const mobile = freshMobile();
    await send(mobile);
    const first = (await t.lastSmsCode(mobile))!;
    t.clock.advanceSeconds(61);
    await send(mobile);
    const second = (await t.lastSmsCode(mobile))!;
    if (first !== second) expect((await register(mobile, first)).json().code).toBe(1001);
    expect((await register(mobile, second)).json().code).toBe(1000);
  });

  it('keeps purposes apart: a testing_auth code does not sign in', async () => {
    const mobile = '13800000001';
    t.clock.advanceSeconds(61);
    await send(mobile, { user_type: 'testing_auth' });
    const code = (await t.lastSmsCode(mobile))!;
    expect((await smsLogin(mobile, code)).json()).toMatchObject({ code: 1001, msg: '验证码已失效，请重新获取' });
  });
});
