import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { one } from '../orders/testkit';

interface Answer<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}
type Paged<T> = { list: T[]; total: number; page: number; page_size: number };
interface Acc {
  id: string;
  mobile: string;
  name: string;
  role_id: string | null;
  role_name: string | null;
  status: number;
  last_login_at: string | null;
  can_delete: boolean;
}
interface Role {
  id: string;
  name: string;
  description: string;
  permissions: string[];
  account_count: number;
}

describe('Sub-accounts and roles (warehouse and service-centre namespaces)', () => {
  let t: TestApp;
  let owner: string; // GZPY warehouse owner
  let clerk: string; // GZPY warehouse sub-account (入仓质检员, no account.manage)
  let szOwner: string; // SZSB warehouse owner
  let baseOwner: string; // GZPY service-centre owner
  let inspectorRoleId: string;

  const call = async <T = Record<string, unknown>>(token: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer<T>> => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: t.auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return res.json() as Answer<T>;
  };
  const W = '/warehouse/v1';

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.login('qualityInspection', '13900000001');
    clerk = await t.login('qualityInspection', '13900000002');
    szOwner = await t.login('qualityInspection', '13900000009');
    baseOwner = await t.login('base', '13700000001');
    const roles = await call<Paged<Role>>(owner, 'GET', `${W}/Role/list`);
    inspectorRoleId = roles.data.list.find((r) => r.name === '入仓质检员')!.id;
  });
  afterAll(async () => t.close());

  describe('roles', () => {
    it('lists the portal’s permission catalogue grouped by menu with zh-CN labels', async () => {
      const r = await call<{ group: string; permissions: { key: string; label: string }[] }[]>(owner, 'GET', `${W}/Role/permissions`);
      expect(r.code).toBe(1000);
      expect(r.data.map((g) => g.group)).toEqual(['入仓管理', '账号', '配置', '财务']);
      expect(r.data[1]!.permissions).toEqual([
        { key: 'account.manage', label: '子账号管理' },
        { key: 'role.manage', label: '角色管理' },
        { key: 'warehouse.audit.view', label: '操作日志' },
      ]);
      const base = await call<{ group: string }[]>(baseOwner, 'GET', '/center/v1/Role/permissions');
      expect(base.data.map((g) => g.group)).toEqual(['订单', '账号', '配置']);
    });

    it('creates a role with catalogue keys (duplicates dropped, catalogue order) and lists it with its account count', async () => {
      const r = await call<Role>(owner, 'POST', `${W}/Role/save`, {
        name: ' 组长 ',
        description: '管理子账号与检测费',
        permissions: ['fee.manage', 'account.manage', 'warehouse.intake', 'fee.manage'],
      });
      expect(r).toMatchObject({ code: 1000, data: { name: '组长', permissions: ['warehouse.intake', 'account.manage', 'fee.manage'], account_count: 0 } });
      const list = await call<Paged<Role>>(owner, 'GET', `${W}/Role/list?keyword=组长`);
      expect(list.data.total).toBe(1);
      const all = await call<Paged<Role>>(owner, 'GET', `${W}/Role/list`);
      expect(all.data.list.find((x) => x.name === '入仓质检员')!.account_count).toBe(1);
    });

    it('refuses permission keys that are not in the portal’s catalogue, naming them', async () => {
      const unknown = await call(owner, 'POST', `${W}/Role/save`, { name: '乱填', permissions: ['warehouse.intake', 'root.everything'] });
      expect(unknown).toMatchObject({ code: 1001, msg: '权限「root.everything」不存在，请刷新页面后重新选择' });
      const otherPortal = await call(owner, 'POST', `${W}/Role/save`, { name: '乱填', permissions: ['center.order.view'] });
      expect(otherPortal.code).toBe(1001);
      expect(otherPortal.msg).toContain('center.order.view');
    });

    it('validates name and permissions with the contract’s messages', async () => {
      expect(await call(owner, 'POST', `${W}/Role/save`, { name: '', permissions: ['warehouse.intake'] })).toMatchObject({ code: 1001, msg: '请输入角色名称' });
      expect(await call(owner, 'POST', `${W}/Role/save`, { name: '空权限', permissions: [] })).toMatchObject({ code: 1001, msg: '请至少选择一项权限' });
      expect(await call(owner, 'POST', `${W}/Role/save`, { name: 'x'.repeat(21), permissions: ['warehouse.intake'] })).toMatchObject({ code: 1001, msg: '角色名称不能超过20个字' });
    });

    it('refuses a second role of the same name in the centre, but another centre may use the name', async () => {
      expect(await call(owner, 'POST', `${W}/Role/save`, { name: '入仓质检员', permissions: ['warehouse.intake'] })).toMatchObject({
        code: 1001,
        msg: '已有名为「入仓质检员」的角色，请换一个名称',
      });
      expect((await call(szOwner, 'POST', `${W}/Role/save`, { name: '入仓质检员', permissions: ['warehouse.intake'] })).code).toBe(1000);
    });

    it('edits a role; the new permissions apply to its sub-accounts on their next request', async () => {
      const perms = async () => (await call<{ userInfo: { permissions: string[] } }>(clerk, 'GET', `${W}/User/info`)).data.userInfo.permissions;
      expect(await perms()).toContain('warehouse.order.view');
      const role = (await call<Paged<Role>>(owner, 'GET', `${W}/Role/list`)).data.list.find((r) => r.id === inspectorRoleId)!;
      const edited = await call<Role>(owner, 'POST', `${W}/Role/save`, { id: role.id, name: role.name, description: role.description, permissions: ['warehouse.intake', 'fee.view'] });
      expect(edited.data.permissions).toEqual(['warehouse.intake', 'fee.view']);
      expect(await perms()).toEqual(['warehouse.intake', 'fee.view']);
      expect((await call(clerk, 'GET', `${W}/Fee/list`)).code).toBe(1000);
      await call(owner, 'POST', `${W}/Role/save`, { id: role.id, name: role.name, description: role.description, permissions: role.permissions });
      expect(await perms()).not.toContain('fee.view');
      const refused = await call(clerk, 'GET', `${W}/Fee/list`);
      expect(refused.code).toBe(1003);
      // the sentence names what is missing, by its label in the role editor
      expect(refused.msg).toBe('没有「检测费配置（查看）」权限，请联系账号管理员开通');
    });

    it('refuses to delete a role while sub-accounts use it, with a clear message', async () => {
      const r = await call(owner, 'POST', `${W}/Role/delete`, { id: inspectorRoleId });
      expect(r).toMatchObject({ code: 1001, msg: '角色「入仓质检员」还有 1 个子账号在使用，请先为这些子账号更换角色后再删除', data: { account_count: 1 } });
    });

    it('deletes a role no sub-account uses', async () => {
      const r = await call<Role>(owner, 'POST', `${W}/Role/save`, { name: '临时角色', permissions: ['warehouse.batch.view'] });
      expect((await call(owner, 'POST', `${W}/Role/delete`, { id: r.data.id })).code).toBe(1000);
      expect((await call<Paged<Role>>(owner, 'GET', `${W}/Role/list?keyword=临时`)).data.total).toBe(0);
    });

    it("answers 1004 for another centre's role (edit, delete, or given to a sub-account)", async () => {
      expect((await call(szOwner, 'POST', `${W}/Role/save`, { id: inspectorRoleId, name: '改名', permissions: ['warehouse.intake'] })).code).toBe(1004);
      expect((await call(szOwner, 'POST', `${W}/Role/delete`, { id: inspectorRoleId })).code).toBe(1004);
      expect((await call(szOwner, 'POST', `${W}/Account/save`, { mobile: '13900000088', name: '外人', role_id: inspectorRoleId, password: 'Abc12345' })).code).toBe(1004);
      // the service centre of the same centre is another portal: its roles are its own
      expect((await call(baseOwner, 'POST', '/center/v1/Role/delete', { id: inspectorRoleId })).code).toBe(1004);
    });
  });

  describe('sub-accounts', () => {
    let newId: string;

    it('creates a sub-account that can sign in at once and holds exactly its role’s permissions', async () => {
      const r = await call<Acc>(owner, 'POST', `${W}/Account/save`, { mobile: ' 13900000031 ', name: '质检员小王', role_id: inspectorRoleId, password: 'Init1234' });
      expect(r).toMatchObject({ code: 1000, data: { mobile: '13900000031', name: '质检员小王', role_id: inspectorRoleId, role_name: '入仓质检员', status: 1, last_login_at: null, can_delete: true } });
      newId = r.data.id;
      const token = await t.login('qualityInspection', '13900000031', 'Init1234');
      const info = await call<{ userInfo: { is_owner: boolean; permissions: string[] } }>(token, 'GET', `${W}/User/info`);
      expect(info.data.userInfo.is_owner).toBe(false);
      expect(info.data.userInfo.permissions).toContain('warehouse.intake');
      expect(info.data.userInfo.permissions).not.toContain('account.manage');
      const parent = await one<{ parent_id: number; owner: number }>(
        t.database.db,
        sql`select parent_id::int, (select id::int from accounts where mobile = '13900000001' and user_type = 'qualityInspection') as owner from accounts where id = ${Number(newId)}`,
      );
      expect(parent.parent_id).toBe(parent.owner);
    });

    it('lists only the centre’s sub-accounts (not the owner), with keyword, status and role filters and pagination', async () => {
      const all = await call<Paged<Acc>>(owner, 'GET', `${W}/Account/list`);
      expect(all.data.list.map((a) => a.mobile).sort()).toEqual(['13900000002', '13900000031']);
      expect((await call<Paged<Acc>>(owner, 'GET', `${W}/Account/list?keyword=小王`)).data.list.map((a) => a.mobile)).toEqual(['13900000031']);
      expect((await call<Paged<Acc>>(owner, 'GET', `${W}/Account/list?keyword=0002`)).data.list.map((a) => a.mobile)).toEqual(['13900000002']);
      expect((await call<Paged<Acc>>(owner, 'GET', `${W}/Account/list?status=0`)).data.total).toBe(0);
      expect((await call<Paged<Acc>>(owner, 'GET', `${W}/Account/list?role_id=${inspectorRoleId}`)).data.total).toBe(2);
      const page = await call<Paged<Acc>>(owner, 'GET', `${W}/Account/list?page=2&page_size=1`);
      expect(page.data).toMatchObject({ total: 2, page: 2, page_size: 1 });
      expect(page.data.list).toHaveLength(1);
      expect((await call<Paged<Acc>>(szOwner, 'GET', `${W}/Account/list`)).data.total).toBe(0);
    });

    it('validates the form fields with the contract’s messages', async () => {
      const save = (b: object) => call(owner, 'POST', `${W}/Account/save`, b);
      expect(await save({ name: '无手机', role_id: inspectorRoleId, password: 'Init1234' })).toMatchObject({ code: 1001, msg: '请输入手机号' });
      expect(await save({ mobile: '1390000', name: '短号', role_id: inspectorRoleId, password: 'Init1234' })).toMatchObject({ code: 1001, msg: '请输入正确的11位手机号' });
      expect(await save({ mobile: '13900000032', name: '无密码', role_id: inspectorRoleId })).toMatchObject({ code: 1001, msg: '请设置初始密码' });
      expect(await save({ mobile: '13900000032', name: '弱密码', role_id: inspectorRoleId, password: '12345678' })).toMatchObject({ code: 1001, msg: '密码须同时包含字母和数字' });
      expect(await save({ mobile: '13900000032', name: '', role_id: inspectorRoleId, password: 'Init1234' })).toMatchObject({ code: 1001, msg: '请输入姓名' });
      expect(await save({ mobile: '13900000032', name: '无角色', password: 'Init1234' })).toMatchObject({ code: 1001, msg: '请选择角色' });
    });

    it('refuses a mobile already used in the same portal (该手机号已被使用), even by another centre; another portal may use it', async () => {
      const taken = await call(owner, 'POST', `${W}/Account/save`, { mobile: '13900000009', name: '重复', role_id: inspectorRoleId, password: 'Init1234' });
      expect(taken).toMatchObject({ code: 1001, msg: '该手机号已被使用' });
      const baseRole = await call<Role>(baseOwner, 'POST', '/center/v1/Role/save', { name: '客服', permissions: ['center.order.view'] });
      const other = await call<Acc>(baseOwner, 'POST', '/center/v1/Account/save', { mobile: '13900000031', name: '客服小王', role_id: baseRole.data.id, password: 'Init1234' });
      expect(other).toMatchObject({ code: 1000, data: { mobile: '13900000031', role_name: '客服' } });
      expect((await call<Paged<Acc>>(baseOwner, 'GET', '/center/v1/Account/list')).data.list.map((a) => a.mobile)).toEqual(['13900000031']);
    });

    it('edits name and role (the mobile stays)', async () => {
      const role = await call<Role>(owner, 'POST', `${W}/Role/save`, { name: '批次查看', permissions: ['warehouse.batch.view'] });
      const r = await call<Acc>(owner, 'POST', `${W}/Account/save`, { id: newId, mobile: '13900000099', name: '质检员王五', role_id: role.data.id });
      expect(r).toMatchObject({ code: 1000, data: { id: newId, mobile: '13900000031', name: '质检员王五', role_name: '批次查看' } });
      await call(owner, 'POST', `${W}/Account/save`, { id: newId, name: '质检员王五', role_id: inspectorRoleId });
    });

    it('a sub-account without account.manage gets 1003 on every management endpoint', async () => {
      expect((await call(clerk, 'GET', `${W}/Account/list`)).code).toBe(1003);
      expect((await call(clerk, 'POST', `${W}/Account/save`, { mobile: '13900000033', name: '越权', role_id: inspectorRoleId, password: 'Init1234' })).code).toBe(1003);
      expect((await call(clerk, 'POST', `${W}/Account/status`, { id: newId, status: 0 })).code).toBe(1003);
      expect((await call(clerk, 'POST', `${W}/Account/resetPassword`, { id: newId, password: 'Hack1234' })).code).toBe(1003);
      expect((await call(clerk, 'POST', `${W}/Account/delete`, { id: newId })).code).toBe(1003);
      expect((await call(clerk, 'GET', `${W}/Role/list`)).code).toBe(1003);
      expect((await call(clerk, 'GET', `${W}/Role/permissions`)).code).toBe(1003);
      expect((await call(clerk, 'POST', `${W}/Role/save`, { name: '越权', permissions: ['account.manage'] })).code).toBe(1003);
      expect((await call(clerk, 'POST', `${W}/Role/delete`, { id: inspectorRoleId })).code).toBe(1003);
    });

    it('a sub-account with account.manage manages the centre’s sub-accounts but not itself', async () => {
      const lead = await call<Role>(owner, 'POST', `${W}/Role/save`, { name: '账号管理员', permissions: ['account.manage'] });
      const created = await call<Acc>(owner, 'POST', `${W}/Account/save`, { mobile: '13900000034', name: '组长老周', role_id: lead.data.id, password: 'Lead1234' });
      const token = await t.login('qualityInspection', '13900000034', 'Lead1234');
      expect((await call<Paged<Acc>>(token, 'GET', `${W}/Account/list`)).data.total).toBe(3);
      expect((await call<Paged<Role>>(token, 'GET', `${W}/Role/list`)).code).toBe(1000);
      expect((await call(token, 'POST', `${W}/Role/save`, { name: '越权', permissions: ['warehouse.finance.view'] })).code).toBe(1003);
      expect(await call(token, 'POST', `${W}/Account/status`, { id: created.data.id, status: 0 })).toMatchObject({ code: 1001, msg: '不能禁用当前登录的账号' });
      expect(await call(token, 'POST', `${W}/Account/save`, { id: created.data.id, name: '组长老周', role_id: inspectorRoleId })).toMatchObject({ code: 1001, msg: '不能修改当前登录账号自己的角色' });
      const made = await call<Acc>(token, 'POST', `${W}/Account/save`, { mobile: '13900000035', name: '新人', role_id: inspectorRoleId, password: 'Init1234' });
      expect(made.code).toBe(1000);
      const parent = await one<{ p: number; o: number }>(
        t.database.db,
        sql`select parent_id::int as p, (select id::int from accounts where mobile = '13900000001' and user_type = 'qualityInspection') as o from accounts where id = ${Number(made.data.id)}`,
      );
      expect(parent.p).toBe(parent.o);
    });

    it("answers 1004 for another centre's sub-account and for the owner itself", async () => {
      for (const [url, body] of [
        ['Account/save', { id: newId, name: '篡改', role_id: inspectorRoleId }],
        ['Account/status', { id: newId, status: 0 }],
        ['Account/resetPassword', { id: newId, password: 'Hack1234' }],
        ['Account/delete', { id: newId }],
      ] as const) {
        expect((await call(szOwner, 'POST', `${W}/${url}`, body)).code, url).toBe(1004);
      }
      const ownerId = await one<{ id: number }>(t.database.db, sql`select id::int from accounts where mobile = '13900000001' and user_type = 'qualityInspection'`);
      expect((await call(owner, 'POST', `${W}/Account/status`, { id: ownerId.id, status: 0 })).code).toBe(1004);
      // the same centre's service-centre owner manages its own portal only
      expect((await call(baseOwner, 'POST', '/center/v1/Account/status', { id: newId, status: 0 })).code).toBe(1004);
    });

    it('disabling revokes the sub-account’s sessions: its next request answers 403 and it cannot sign in until enabled', async () => {
      const token = await t.login('qualityInspection', '13900000031', 'Init1234');
      expect((await call(token, 'GET', `${W}/User/info`)).code).toBe(1000);
      const off = await call<Acc>(owner, 'POST', `${W}/Account/status`, { id: newId, status: 0 });
      expect(off).toMatchObject({ code: 1000, data: { status: 0 } });
      expect((await call(token, 'GET', `${W}/User/info`)).code).toBe(403);
      const live = await one<{ n: number }>(t.database.db, sql`select count(*)::int as n from sessions where account_id = ${Number(newId)} and revoked_at is null`);
      expect(live.n).toBe(0);
      await expect(t.login('qualityInspection', '13900000031', 'Init1234')).rejects.toThrow();
      expect((await call<Paged<Acc>>(owner, 'GET', `${W}/Account/list?status=0`)).data.list.map((a) => a.id)).toEqual([newId]);
      expect((await call(owner, 'POST', `${W}/Account/status`, { id: newId, status: 1 })).code).toBe(1000);
      expect((await call(token, 'GET', `${W}/User/info`)).code).toBe(403); // enabling does not bring old sessions back
      await t.login('qualityInspection', '13900000031', 'Init1234');
    });

    it('resetting the password signs the sub-account out; only the new password works', async () => {
      const token = await t.login('qualityInspection', '13900000031', 'Init1234');
      expect((await call(owner, 'POST', `${W}/Account/resetPassword`, { id: newId, password: 'weak' })).code).toBe(1001);
      expect((await call(owner, 'POST', `${W}/Account/resetPassword`, { id: newId, password: 'Reset5678' })).code).toBe(1000);
      expect((await call(token, 'GET', `${W}/User/info`)).code).toBe(403);
      await expect(t.login('qualityInspection', '13900000031', 'Init1234')).rejects.toThrow();
      await t.login('qualityInspection', '13900000031', 'Reset5678');
    });

    it('deletes a sub-account that never signed in; one that has signed in is kept (disable it instead)', async () => {
      const fresh = await call<Acc>(owner, 'POST', `${W}/Account/save`, { mobile: '13900000036', name: '未登录', role_id: inspectorRoleId, password: 'Init1234' });
      expect((await call(owner, 'POST', `${W}/Account/delete`, { id: fresh.data.id })).code).toBe(1000);
      expect((await call(owner, 'POST', `${W}/Account/delete`, { id: fresh.data.id })).code).toBe(1004);
      const used = await call(owner, 'POST', `${W}/Account/delete`, { id: newId });
      expect(used).toMatchObject({ code: 1001, msg: '子账号「质检员王五」已登录使用过，为保留操作记录不能删除，如不再使用请禁用' });
      const row = (await call<Paged<Acc>>(owner, 'GET', `${W}/Account/list?keyword=13900000031`)).data.list[0]!;
      expect(row.can_delete).toBe(false);
    });
  });

  it('the merchant namespace serves the merchant owner the same way', async () => {
    const trader = await t.login('trader', '13800000001');
    const role = await call<Role>(trader, 'POST', '/merchant/v1/Role/save', { name: '客服', permissions: ['merchant.order.view'] });
    expect(role.code).toBe(1000);
    const acc = await call<Acc>(trader, 'POST', '/merchant/v1/Account/save', { mobile: '13800000051', name: '店铺客服', role_id: role.data.id, password: 'Init1234' });
    expect(acc).toMatchObject({ code: 1000, data: { role_name: '客服' } });
    const other = await t.login('trader', '13800000002');
    expect((await call<Paged<Acc>>(other, 'GET', '/merchant/v1/Account/list')).data.total).toBe(0);
    expect((await call(other, 'POST', '/merchant/v1/Account/status', { id: acc.data.id, status: 0 })).code).toBe(1004);
  });
});
