import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { accounts, centres, merchants } from '../../db/schema';
import { MAX_WRONG_PASSWORDS, PASSWORD_TIERS } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });
const merchantLogin = (payload: unknown) => post('/api/merchant/v1/User/login', payload);

async function smsCode(mobile: string, userType?: 'testing_auth'): Promise<string> {
  t.clock.advanceSeconds(61);
  const res = await post('/api/publics/v1/Sms/send', userType ? { mobile, user_type: userType } : { mobile });
  expect(res.json().code).toBe(1000);
  return (await t.lastSmsCode(mobile))!;
}

describe('merchant sign-in', () => {
  it('signs in with a trimmed mobile and answers token, userInfo, balance in fen, centre and shop list', async () => {
    const res = await merchantLogin({ mobile: ' 13800000001 ', password: 'Demo@123456', type: 1 });
    const body = res.json();
    expect(body.code).toBe(1000);
    expect(body.data.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.userInfo).toMatchObject({ user_type: 'trader', mobile: '13800000001', name: '翠玉轩珠宝', is_owner: true, status_id: 1 });
    expect(body.data.userInfoDetail).toEqual({ total_balance: 50000, merchant_name: '翠玉轩珠宝' });
    expect(body.data.centerInfo).toMatchObject({ code: 'GZPY', name: '广州番禺检测中心' });
    expect(Array.isArray(body.data.center_shop_list)).toBe(true);
    expect(res.body).not.toMatch(/password_hash|passwordHash/);
  });

  it('accepts type given as a string', async () => {
    expect((await merchantLogin({ mobile: '13800000002', password: 'Demo@123456', type: '1' })).json().code).toBe(1000);
  });

  it.each([
    [{}, '请输入手机号'],
    [{ type: 1, password: 'Demo@123456' }, '请输入手机号'],
    [{ type: 1, mobile: '13800000001' }, '请输入密码'],
    [{ type: 1, mobile: 13800000001, password: 'Demo@123456' }, '请输入手机号'],
    [{ type: 1, mobile: '1380000000', password: 'Demo@123456' }, '请输入正确的11位手机号'],
    [{ type: 1, mobile: '13800000001', password: 'x'.repeat(65) }, '密码不能超过64位'],
    [{ type: 3, mobile: '13800000001', password: 'Demo@123456' }, '登录方式不正确'],
    [{ type: 2, mobile: '13800000001' }, '请输入短信验证码'],
    [{ type: 2, mobile: '13800000001', verify_code: '12ab56' }, '验证码为6位数字'],
  ])('refuses bad input %j with 1001 “%s”', async (payload, msg) => {
    expect((await merchantLogin(payload)).json()).toMatchObject({ code: 1001, msg });
  });

  it('refuses a wrong password and says how many tries are left', async () => {
    expect((await merchantLogin({ mobile: '13800000002', password: 'wrong-pass', type: 1 })).json()).toMatchObject({ code: 1001, msg: '手机号或密码错误，还可尝试4次' });
    // a good sign-in resets the count
    expect((await merchantLogin({ mobile: '13800000002', password: 'Demo@123456', type: 1 })).json().code).toBe(1000);
  });

  it('refuses an unknown mobile with the same message as a wrong password', async () => {
    expect((await merchantLogin({ mobile: '13899999999', password: 'Demo@123456', type: 1 })).json()).toMatchObject({ code: 1001, msg: '手机号或密码错误' });
  });

  it('locks the account for 15 minutes after 5 wrong passwords (1029), even for the right password', async () => {
    const bad = { mobile: '13800000003', password: 'wrong-pass', type: 1 };
    for (let i = 0; i < 4; i++) expect((await merchantLogin(bad)).json().code).toBe(1001);
    const fifth = await merchantLogin(bad);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 1029 });
    expect(fifth.json().msg).toMatch(/锁定15分钟/);
    const locked = await merchantLogin({ ...bad, password: 'Demo@123456' });
    expect(locked.json().code).toBe(1029);
    expect(locked.json().msg).toMatch(/账号已锁定，请15分钟后再试/);
    expect(locked.headers['retry-after']).toBe('900');
    t.clock.advanceSeconds(15 * 60 + 1);
    expect((await merchantLogin({ ...bad, password: 'Demo@123456' })).json().code).toBe(1000);
  });

  it('checks exactly 5 of 20 parallel wrong passwords: each attempt is reserved atomically before the hash', async () => {
    const bad = { mobile: '13900000009', password: 'wrong-pass', type: 1 };
    const answers = await Promise.all(Array.from({ length: 20 }, () => post('/api/warehouse/v1/User/login', bad).then((r) => r.json() as { code: number; msg: string })));
    const checked = answers.filter((a) => /还可尝试|连续错误/.test(a.msg));
    expect(checked).toHaveLength(MAX_WRONG_PASSWORDS);
    expect(answers.filter((a) => a.code === 1029 && /请15分钟后再试/.test(a.msg))).toHaveLength(20 - MAX_WRONG_PASSWORDS);
    expect((await post('/api/warehouse/v1/User/login', { ...bad, password: 'Demo@123456' })).json().code).toBe(1029);
    t.clock.advanceSeconds(15 * 60 + 1);
    expect((await post('/api/warehouse/v1/User/login', { ...bad, password: 'Demo@123456' })).json().code).toBe(1000);
  });

  it('locks out only the address a stranger guesses from, and the wait grows for that address', async () => {
    const login = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/center/v1/User/login', payload: { mobile: '13700000009', password, type: 1 }, remoteAddress });
    for (let i = 0; i < MAX_WRONG_PASSWORDS; i++) await login('wrong-pass', '203.0.113.7');
    expect((await login('Demo@123456', '203.0.113.7')).json().code).toBe(1029);
    expect((await login('Demo@123456', '198.51.100.1')).json().code).toBe(1000); // the owner, elsewhere
    t.clock.advanceSeconds(15 * 60 + 1);
    for (let i = 1; i < MAX_WRONG_PASSWORDS; i++) await login('wrong-pass', '203.0.113.7');
    const second = await login('wrong-pass', '203.0.113.7'); // the 10th of the hour
    expect(second.json()).toMatchObject({ code: 1029, msg: expect.stringMatching(/锁定4\d分钟/) });
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(30 * 60); // the rest of the hour, not another 15 minutes
    expect((await login('Demo@123456', '203.0.113.7')).json().code).toBe(1029);
  });

  it('has a per-account ceiling over all addresses above the per-address limit', async () => {
    const login = (password: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/merchant/v1/User/login', payload: { mobile: '13800000002', password, type: 1 }, remoteAddress });
    const ceiling = PASSWORD_TIERS.find((x) => x.scope === 'account')!.limit;
    expect(ceiling).toBeGreaterThan(MAX_WRONG_PASSWORDS);
    for (let i = 0; i < ceiling; i++) await login('wrong-pass', `192.0.2.${Math.floor(i / MAX_WRONG_PASSWORDS) + 1}`);
    expect((await login('Demo@123456', '198.51.100.1')).json().code).toBe(1029);
    t.clock.advanceSeconds(15 * 60 + 1);
    expect((await login('Demo@123456', '198.51.100.1')).json().code).toBe(1000);
  });

  it('refuses a disabled account with a clear message', async () => {
    await t.database.db.update(accounts).set({ status: 0 }).where(eq(accounts.mobile, '13800000002'));
    try {
      expect((await merchantLogin({ mobile: '13800000002', password: 'Demo@123456', type: 1 })).json()).toMatchObject({ code: 1001, msg: '账号已被禁用，请联系管理员' });
    } finally {
      await t.database.db.update(accounts).set({ status: 1 }).where(eq(accounts.mobile, '13800000002'));
    }
  });

  it('refuses an account of a disabled merchant', async () => {
    await t.database.db.update(merchants).set({ status: 0 }).where(eq(merchants.mobile, '13800000002'));
    try {
      expect((await merchantLogin({ mobile: '13800000002', password: 'Demo@123456', type: 1 })).json()).toMatchObject({ code: 1001, msg: '账号已被禁用，请联系管理员' });
    } finally {
      await t.database.db.update(merchants).set({ status: 1 }).where(eq(merchants.mobile, '13800000002'));
    }
  });

  it('signs in with an SMS code (type 2)', async () => {
    const code = await smsCode('13800000001');
    const res = await merchantLogin({ mobile: '13800000001', verify_code: code, type: 2 });
    expect(res.json()).toMatchObject({ code: 1000, data: { userInfo: { mobile: '13800000001' } } });
  });

  it('answers 1029 when one address tries to sign in too often', async () => {
    const limited = await createTestApp({ config: { loginPerMinute: 3 } });
    try {
      const attempt = () => limited.app.inject({ method: 'POST', url: '/api/merchant/v1/User/login', payload: { mobile: '13800000001', password: 'Demo@123456', type: 1 } });
      for (let i = 0; i < 3; i++) expect((await attempt()).json().code).toBe(1000);
      const fourth = await attempt();
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().code).toBe(1029);
      limited.clock.advanceSeconds(61);
      expect((await attempt()).json().code).toBe(1000);
    } finally {
      await limited.close();
    }
  });
});

describe('info, edit, logout', () => {
  it('answers who is signed in for each portal', async () => {
    const cases = [
      ['trader', '13800000001', '/api/merchant/v1/User/info'],
      ['base', '13700000001', '/api/center/v1/User/info'],
      ['qualityInspection', '13900000001', '/api/warehouse/v1/User/info'],
      ['manage', '13600000001', '/api/admin/v1/User/info'],
    ] as const;
    for (const [userType, mobile, url] of cases) {
      const body = (await get(url, await t.login(userType, mobile))).json();
      expect(body).toMatchObject({ code: 1000, data: { userInfo: { user_type: userType, mobile } } });
      expect(body.data.token).toBeUndefined();
    }
  });

  it('gives the service centre its centre and no balance', async () => {
    const body = (await get('/api/center/v1/User/info', await t.login('base', '13700000001'))).json();
    expect(body.data.centerInfo).toMatchObject({ code: 'GZPY' });
    expect(body.data.userInfoDetail).toBeNull();
  });

  it('edits name, avatar and introduction', async () => {
    const token = await t.login('base', '13700000001');
    const res = await post('/api/center/v1/User/edit', { name: ' 陈客服 ', avatar: '/files/a.png', introduction: '负责番禺' }, t.auth(token));
    expect(res.json()).toMatchObject({ code: 1000, data: { name: '陈客服', avatar: '/files/a.png', introduction: '负责番禺' } });
  });

  it.each([
    [{ name: '' }, '请输入姓名'],
    [{ name: '名'.repeat(33) }, '姓名不能超过32个字'],
    [{ introduction: 'x'.repeat(201) }, '简介不能超过200个字'],
    [{ password: 'NewPass@1' }, '修改密码需要输入原密码'],
    [{ old_password: 'Demo@123456', password: '123' }, '密码至少6位'],
  ])('refuses an edit %j with 1001 “%s”', async (payload, msg) => {
    const token = await t.login('qualityInspection', '13900000009');
    expect((await post('/api/warehouse/v1/User/edit', payload, t.auth(token))).json()).toMatchObject({ code: 1001, msg });
  });

  it('changes the password only with the right old one, and signs out the other sessions', async () => {
    const other = await t.login('qualityInspection', '13900000009');
    const current = await t.login('qualityInspection', '13900000009');
    expect((await post('/api/warehouse/v1/User/edit', { old_password: 'nope-nope', password: 'NewPass@1' }, t.auth(current))).json()).toMatchObject({ code: 1001, msg: '原密码不正确' });
    expect((await post('/api/warehouse/v1/User/edit', { old_password: 'Demo@123456', password: 'NewPass@1' }, t.auth(current))).json().code).toBe(1000);
    expect((await get('/api/warehouse/v1/User/info', other)).json().code).toBe(403);
    expect((await get('/api/warehouse/v1/User/info', current)).json().code).toBe(1000);
    expect((await post('/api/warehouse/v1/User/login', { mobile: '13900000009', password: 'Demo@123456' })).json().code).toBe(1001);
    expect((await post('/api/warehouse/v1/User/login', { mobile: '13900000009', password: 'NewPass@1' })).json().code).toBe(1000);
  });

  it('revokes the token on logout', async () => {
    const token = await t.login('trader', '13800000001');
    expect((await post('/api/merchant/v1/User/logout', undefined, t.auth(token))).json()).toEqual({ code: 1000, msg: 'success', data: null });
    expect((await get('/api/merchant/v1/User/info', token)).json().code).toBe(403);
  });

  it('does not revoke a token of another portal on logout, and succeeds without a token', async () => {
    const token = await t.login('base', '13700000001');
    expect((await post('/api/merchant/v1/User/logout', undefined, t.auth(token))).json().code).toBe(1000);
    expect((await get('/api/center/v1/User/info', token)).json().code).toBe(1000);
    expect((await post('/api/center/v1/User/logout')).json().code).toBe(1000);
  });

  it('refuses edit and info without a session (403)', async () => {
    expect((await post('/api/merchant/v1/User/edit', { name: 'x' })).json().code).toBe(403);
  });
});

describe('warehouse and manager sign-in', () => {
  it('signs a warehouse inspector in with a password and gives the centre', async () => {
    const res = await post('/api/warehouse/v1/User/login', { mobile: '13900000001', password: 'Demo@123456', type: 1 });
    expect(res.json()).toMatchObject({ code: 1000, data: { userInfo: { user_type: 'qualityInspection' }, centerInfo: { code: 'GZPY' } } });
  });

  it('refuses SMS sign-in on the warehouse portal', async () => {
    expect((await post('/api/warehouse/v1/User/login', { mobile: '13900000001', type: 2, verify_code: '123456' })).json()).toMatchObject({ code: 1001, msg: '质检端仅支持密码登录' });
  });

  it('signs the manager in with an SMS code and out again', async () => {
    const code = await smsCode('13600000001');
    const res = await post('/api/admin/v1/login', { mobile: '13600000001', verify_code: code });
    const token = res.json().data.token;
    expect(res.json()).toMatchObject({ code: 1000, data: { userInfo: { user_type: 'manage' }, centerInfo: null } });
    expect((await post('/api/admin/v1/logout', undefined, t.auth(token))).json().code).toBe(1000);
    expect((await get('/api/admin/v1/User/info', token)).json().code).toBe(403);
  });

  it('refuses a manager sign-in with a wrong code or for a mobile that is not a manager', async () => {
    await smsCode('13600000001');
    expect((await post('/api/admin/v1/login', { mobile: '13600000001', verify_code: '000000' })).json().msg).toMatch(/验证码错误/);
    const code = await smsCode('13800000001');
    expect((await post('/api/admin/v1/login', { mobile: '13800000001', verify_code: code })).json()).toMatchObject({ code: 1001, msg: '该手机号不是管理员账号' });
  });

  it('refuses a manager sign-in without a code', async () => {
    expect((await post('/api/admin/v1/login', { mobile: '13600000001' })).json()).toMatchObject({ code: 1001, msg: '请输入短信验证码' });
  });
});

describe('registration', () => {
  it('registers a merchant with an SMS code and signs it in at once', async () => {
    const code = await smsCode('13811112222');
    const res = await post('/api/merchant/v1/User/register', { mobile: '13811112222', verify_code: code, password: 'Secret@123', name: '宝华珠宝' });
    const body = res.json();
    expect(body).toMatchObject({ code: 1000, data: { userInfo: { name: '宝华珠宝', is_owner: true }, userInfoDetail: { total_balance: 0 } } });
    expect((await get('/api/merchant/v1/User/info', body.data.token)).json().code).toBe(1000);
    expect((await merchantLogin({ mobile: '13811112222', password: 'Secret@123', type: 1 })).json().code).toBe(1000);
  });

  it('refuses to register a mobile that already has a merchant account', async () => {
    expect((await post('/api/merchant/v1/User/register', { mobile: '13800000001', verify_code: '123456', password: 'Secret@123', name: 'x' })).json()).toMatchObject({
      code: 1001,
      msg: '该手机号已注册，请直接登录',
    });
  });

  it('refuses registration with a wrong code or missing name', async () => {
    await smsCode('13811113333');
    expect((await post('/api/merchant/v1/User/register', { mobile: '13811113333', verify_code: '000000', password: 'Secret@123', name: 'x' })).json().msg).toMatch(/验证码错误/);
    expect((await post('/api/merchant/v1/User/register', { mobile: '13811113333', verify_code: '000000', password: 'Secret@123' })).json().msg).toBe('请输入商家名称');
  });

  it('creates a service centre application disabled until a manager approves it', async () => {
    const code = await smsCode('13722223333');
    const res = await post('/api/center/v1/User/register', {
      mobile: '13722223333',
      verify_code: code,
      password: 'Secret@123',
      name: '赵站长',
      center_name: '揭阳阳美检测站',
      center_address: '广东省揭阳市阳美玉都',
    });
    expect(res.json()).toMatchObject({ code: 1000, data: { status_id: 0 } });
    const centre = (await t.database.db.select().from(centres).where(eq(centres.id, Number(res.json().data.id))))[0]!;
    expect(centre).toMatchObject({ name: '揭阳阳美检测站', status: 0 });
    expect((await post('/api/center/v1/User/login', { mobile: '13722223333', password: 'Secret@123', type: 1 })).json()).toMatchObject({
      code: 1001,
      msg: '服务中心入驻申请审核中，请耐心等待',
    });
    // the pending centre is not offered to merchants
    const opts = (await get('/api/merchant/v1/Common/options', await t.login('trader', '13800000001'))).json().data;
    expect(opts.centers.map((c: { label: string }) => c.label)).not.toContain('揭阳阳美检测站');
  });

  it('refuses a centre application without address', async () => {
    expect((await post('/api/center/v1/User/register', { mobile: '13722224444', verify_code: '123456', password: 'Secret@123', name: 'x', center_name: 'y' })).json().msg).toBe('请输入服务中心地址');
  });
});
