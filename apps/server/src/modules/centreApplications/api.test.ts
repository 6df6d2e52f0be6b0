import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authApi, centreApplicationsApi } from '@gemqc/contract';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { accounts } from '../../db/schema';
import { hashPassword } from '../../platform/password';
import { insertAccount } from '../accounts/service';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let admin: ReturnType<typeof caller>;
const anon = () => caller(t, '');

beforeAll(async () => {
  t = await createTestApp();
  admin = caller(t, await t.login('manage', '13600000001'));
});
afterAll(async () => t.close());

async function smsCode(mobile: string): Promise<string> {
  t.clock.advanceSeconds(61);
  expect((await anon().call(authApi.smsSend, { mobile })).code).toBe(1000);
  return (await t.lastSmsCode(mobile))!;
}

/** Registers through the real endpoint with a code read from the SMS outbox (the answer as is). */
async function register(mobile: string, centreName: string, more: { name?: string; password?: string; address?: string } = {}) {
  return anon().call(authApi.center.register, {
    mobile,
    verify_code: await smsCode(mobile),
    password: more.password ?? 'Secret@123',
    name: more.name ?? '赵站长',
    center_name: centreName,
    center_address: more.address ?? '广东省揭阳市阳美玉都',
  });
}

/** Applies through the real registration endpoint and expects the application to be accepted. */
async function apply(mobile: string, centreName: string): Promise<string> {
  const r = await register(mobile, centreName);
  expect(r).toMatchObject({ code: 1000, data: { status_id: 0 } });
  return r.data.id;
}

const signIn = (mobile: string, password = 'Secret@123') => anon().call(authApi.center.login, { mobile, password, type: 1 });
const signInBySms = async (mobile: string) => anon().call(authApi.center.login, { mobile, verify_code: await smsCode(mobile), type: 2 });

describe('admin: service-centre applications', () => {
  let jieyang: string;

  beforeAll(async () => {
    jieyang = await apply('13722220001', '揭阳阳美检测站');
  });

  it('an applicant cannot sign in before review; the manager sees the application as pending', async () => {
    expect(await signIn('13722220001')).toMatchObject({ code: 1001, msg: '服务中心入驻申请审核中，请耐心等待', data: null });
    expect(await signInBySms('13722220001')).toMatchObject({ code: 1001, msg: '服务中心入驻申请审核中，请耐心等待', data: null });
    const l = await admin.call(centreApplicationsApi.list, { status: 'pending' });
    expect(l.code).toBe(1000);
    expect(l.data.list.map((a) => a.id)).toContain(jieyang);
    expect(l.data.list.find((a) => a.id === jieyang)).toMatchObject({
      name: '揭阳阳美检测站',
      address: '广东省揭阳市阳美玉都',
      contact: '赵站长',
      mobile: '13722220001',
      status: 'pending',
      status_text: '待审核',
      reviewed_at: null,
    });
    // the seeded centres never applied, so they are not listed
    const all = await admin.call(centreApplicationsApi.list);
    expect(all.data.list.every((a) => a.status !== 'approved' || a.reviewed_at !== null)).toBe(true);
    expect(all.data.total).toBe(all.data.list.length);
    expect(all.data.list.some((a) => a.code === 'GZPY')).toBe(false);
  });

  it('approving enables the account: the applicant signs in; approving again answers 1001', async () => {
    const r = await admin.call(centreApplicationsApi.approve, { id: jieyang });
    expect(r).toMatchObject({ code: 1000, data: { id: jieyang, status: 'approved', status_text: '已通过' } });
    const s = await signIn('13722220001');
    expect(s.code).toBe(1000);
    expect(s.data.centerInfo).toMatchObject({ id: jieyang, name: '揭阳阳美检测站' });
    const again = await admin.call(centreApplicationsApi.approve, { id: jieyang });
    expect(again.code).toBe(1001);
    expect(again.msg).toBe('服务中心「揭阳阳美检测站」的入驻申请已通过，不是待审核状态，不能再通过');
    expect((await admin.call(centreApplicationsApi.reject, { id: jieyang, reason: '资料不全' })).code).toBe(1001);
    const a = (await admin.call(centreApplicationsApi.list, { keyword: '阳美' })).data.list[0]!;
    expect(a).toMatchObject({ id: jieyang, status: 'approved', reviewer_name: expect.any(String) });
    expect(a.reviewer_name).not.toBe('');
    expect(new Date(a.reviewed_at!).getTime()).toBe(t.clock.now().getTime());
    expect((await admin.call(centreApplicationsApi.list, { status: 'pending', keyword: '13722220001' })).data.total).toBe(0);
  });

  it('rejecting needs a reason and keeps the account disabled', async () => {
    const id = await apply('13722220002', '四会玉器检测站');
    expect(await admin.call(centreApplicationsApi.reject, { id })).toMatchObject({ code: 1001, msg: '请填写驳回原因' });
    expect(await admin.call(centreApplicationsApi.reject, { id, reason: '   ' })).toMatchObject({ code: 1001, msg: '请填写驳回原因' });
    expect(await admin.call(centreApplicationsApi.reject, { id, reason: 'x'.repeat(201) })).toMatchObject({ code: 1001, msg: '驳回原因不能超过200个字' });
    expect(await admin.call(centreApplicationsApi.reject, { id, reason: '营业执照与地址不符' })).toMatchObject({ code: 1000, data: { status: 'rejected', status_text: '已驳回' } });
    expect(await signIn('13722220002')).toMatchObject({ code: 1001, msg: '服务中心入驻申请未通过：营业执照与地址不符', data: null });
    expect(await signInBySms('13722220002')).toMatchObject({ code: 1001, msg: '服务中心入驻申请未通过：营业执照与地址不符', data: null });
    expect((await admin.call(centreApplicationsApi.list, { status: 'rejected' })).data.list).toEqual([
      expect.objectContaining({ id, status: 'rejected', reject_reason: '营业执照与地址不符' }),
    ]);
    const again = await admin.call(centreApplicationsApi.approve, { id });
    expect(again).toMatchObject({ code: 1001, msg: '服务中心「四会玉器检测站」的入驻申请已驳回，不是待审核状态，不能再通过' });
    expect((await signIn('13722220002')).code).toBe(1001);
  });

  it('of two concurrent approvals one wins', async () => {
    const id = await apply('13722220003', '平洲检测站');
    const [a, b] = await Promise.all([admin.call(centreApplicationsApi.approve, { id }), admin.call(centreApplicationsApi.approve, { id })]);
    expect([a.code, b.code].sort()).toEqual([1000, 1001]);
    expect((await signIn('13722220003')).code).toBe(1000);
  });

  it('lists pending applications first and filters by keyword on name or mobile', async () => {
    const id = await apply('13722220004', '瑞丽姐告检测站');
    const all = await admin.call(centreApplicationsApi.list);
    expect(all.data.list[0]!.id).toBe(id);
    expect((await admin.call(centreApplicationsApi.list, { keyword: '姐告' })).data.list.map((a) => a.id)).toEqual([id]);
    expect((await admin.call(centreApplicationsApi.list, { keyword: '13722220004' })).data.list.map((a) => a.id)).toEqual([id]);
    expect((await admin.call(centreApplicationsApi.list, { keyword: '%' })).data.total).toBe(0);
    const p = await admin.call(centreApplicationsApi.list, { page: 2, page_size: 2 });
    expect(p.data).toMatchObject({ page: 2, page_size: 2, total: 4 });
    expect(p.data.list).toHaveLength(2);
  });

  it('a rejected applicant applies again with the same mobile: the same centre is pending again with the new data', async () => {
    const id = await apply('13722220005', '腾冲翡翠检测站');
    expect((await admin.call(centreApplicationsApi.reject, { id, reason: '缺少营业执照' })).code).toBe(1000);
    t.clock.advanceSeconds(3600);
    const again = await register('13722220005', '腾冲和顺检测站', { name: '钱经理', password: 'Newpass@456', address: '云南省腾冲市和顺古镇' });
    expect(again).toMatchObject({ code: 1000, data: { id, status_id: 0 } });
    // still not signed in, now told it is under review (old and new password alike)
    expect(await signIn('13722220005', 'Newpass@456')).toMatchObject({ code: 1001, msg: '服务中心入驻申请审核中，请耐心等待', data: null });
    const l = await admin.call(centreApplicationsApi.list, { status: 'pending', keyword: '13722220005' });
    expect(l.data.list).toEqual([
      expect.objectContaining({
        id,
        name: '腾冲和顺检测站',
        address: '云南省腾冲市和顺古镇',
        contact: '钱经理',
        mobile: '13722220005',
        status: 'pending',
        status_text: '待审核',
        reject_reason: '',
        reviewed_at: null,
        reviewer_name: '',
      }),
    ]);
    expect(new Date(l.data.list[0]!.applied_at).getTime()).toBe(t.clock.now().getTime());
    expect((await admin.call(centreApplicationsApi.list, { status: 'rejected', keyword: '13722220005' })).data.total).toBe(0);
    // applying once more while it waits for review is refused
    expect(await register('13722220005', '腾冲第三次')).toMatchObject({ code: 1001, msg: '服务中心入驻申请审核中，请勿重复提交' });
    // the manager approves the new application: the applicant signs in with the new password only
    expect((await admin.call(centreApplicationsApi.approve, { id })).code).toBe(1000);
    expect((await signIn('13722220005')).code).toBe(1001);
    const s = await signIn('13722220005', 'Newpass@456');
    expect(s.code).toBe(1000);
    expect(s.data.userInfo).toMatchObject({ name: '钱经理', is_owner: true });
    expect(s.data.centerInfo).toMatchObject({ id, name: '腾冲和顺检测站', address: '云南省腾冲市和顺古镇', contact: '钱经理' });
  });

  it('a pending applicant cannot apply again; an active account keeps the taken message', async () => {
    const id = await apply('13722220006', '梧州检测站');
    expect(await register('13722220006', '梧州检测站二')).toMatchObject({ code: 1001, msg: '服务中心入驻申请审核中，请勿重复提交', data: null });
    const l = await admin.call(centreApplicationsApi.list, { keyword: '13722220006' });
    expect(l.data.list).toEqual([expect.objectContaining({ id, name: '梧州检测站', status: 'pending' })]);
    // approved earlier (13722220001) and a seeded service centre owner
    for (const mobile of ['13722220001', '13700000001']) {
      expect(await register(mobile, '另一个检测站')).toMatchObject({ code: 1001, msg: '该手机号已提交过入驻申请或已注册，请直接登录' });
    }
  });

  it('a disabled sub-account of a centre awaiting review is told the account is disabled', async () => {
    const id = await apply('13722220007', '南阳检测站');
    const db = t.database.db;
    const [owner] = await db.select().from(accounts).where(eq(accounts.mobile, '13722220007'));
    await insertAccount(db, {
      userType: 'base',
      mobile: '13722220008',
      name: '孙助理',
      passwordHash: await hashPassword('Secret@123'),
      centreId: Number(id),
      parentId: owner!.id,
      status: 0,
      now: t.clock.now(),
    });
    expect(await signIn('13722220008')).toMatchObject({ code: 1001, msg: '账号已被禁用，请联系管理员' });
    expect(await signIn('13722220007')).toMatchObject({ code: 1001, msg: '服务中心入驻申请审核中，请耐心等待' });
  });

  it('an owner disabled after approval is told the account is disabled', async () => {
    const db = t.database.db;
    await db.update(accounts).set({ status: 0 }).where(eq(accounts.mobile, '13722220003'));
    try {
      expect(await signIn('13722220003')).toMatchObject({ code: 1001, msg: '账号已被禁用，请联系管理员' });
      expect(await register('13722220003', '平洲检测站二')).toMatchObject({ code: 1001, msg: '该手机号已提交过入驻申请或已注册，请直接登录' });
    } finally {
      await db.update(accounts).set({ status: 1 }).where(eq(accounts.mobile, '13722220003'));
    }
  });

  it('validates input (1001) and answers 1004 for an unknown centre', async () => {
    expect(await admin.call(centreApplicationsApi.list, { status: 'done' })).toMatchObject({ code: 1001, msg: '审核状态只能是待审核、已通过或已驳回' });
    expect(await admin.call(centreApplicationsApi.list, { page_size: 500 })).toMatchObject({ code: 1001, msg: '每页最多100条' });
    expect((await admin.call(centreApplicationsApi.approve, { id: 'abc' })).code).toBe(1001);
    expect((await admin.call(centreApplicationsApi.approve, {})).code).toBe(1001);
    expect(await admin.call(centreApplicationsApi.approve, { id: '999999' })).toMatchObject({ code: 1004, msg: '服务中心入驻申请不存在' });
  });

  it('is for managers only (403 for other portals and without a token)', async () => {
    const base = caller(t, await t.login('base', '13700000001'));
    const trader = caller(t, await t.login('trader', '13800000001'));
    expect((await base.call(centreApplicationsApi.list)).code).toBe(403);
    expect((await trader.call(centreApplicationsApi.approve, { id: '1' })).code).toBe(403);
    expect((await anon().call(centreApplicationsApi.reject, { id: '1', reason: 'x' })).code).toBe(403);
  });
});
