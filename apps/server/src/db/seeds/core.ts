import type { Database } from '../client';
import { hashPassword } from '../../platform/password';
import * as accounts from '../../modules/accounts/repo';

export const DEMO_PASSWORD = 'Demo@123456';

/** The demo accounts of docs/domain.md#demo (printed at start and in the README). */
export const demoAccounts = [
  { portal: 'trader', login: '/trader/login', mobile: '13800000001', name: '翠玉轩珠宝', note: 'merchant, balance ¥500.00' },
  { portal: 'trader', login: '/trader/login', mobile: '13800000002', name: '金福珠宝', note: 'second merchant (isolation)' },
  { portal: 'trader', login: '/trader/login', mobile: '13800000003', name: '新商户', note: 'testing authorisation not submitted' },
  { portal: 'qualityInspection', login: '/qualityInspection/login', mobile: '13900000001', name: '广州番禺检测中心 质检', note: 'warehouse owner (GZPY)' },
  { portal: 'qualityInspection', login: '/qualityInspection/login', mobile: '13900000002', name: '质检员小李', note: 'warehouse sub-account, role 入仓质检员' },
  { portal: 'base', login: '/base/login', mobile: '13700000001', name: '广州番禺检测中心 客服', note: 'service-centre owner (GZPY)' },
  { portal: 'qualityInspection', login: '/qualityInspection/login', mobile: '13900000009', name: '深圳水贝检测中心 质检', note: 'warehouse owner (SZSB)' },
  { portal: 'base', login: '/base/login', mobile: '13700000009', name: '深圳水贝检测中心 客服', note: 'service-centre owner (SZSB)' },
  { portal: 'manage', login: '/manage/login', mobile: '13600000001', name: '平台管理员', note: 'SMS code login (code in the server log)' },
] as const;

/** Role of the warehouse sub-account: intake and inspection, no finance, no account management. */
export const DEMO_WAREHOUSE_ROLE_PERMISSIONS = ['warehouse.intake', 'warehouse.inspection.submit', 'warehouse.code.bind', 'warehouse.batch.view', 'warehouse.order.view'];

/** Centres, merchants and the demo accounts of docs/domain.md#demo (password Demo@123456), in one transaction. */
export async function seedCore(database: Database): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD); // hashed once, reused: seeding stays fast
  const now = new Date();
  await database.db.transaction(async (tx) => {
    const gzpy = await accounts.insertCentre(tx, {
      name: '广州番禺检测中心',
      code: 'GZPY',
      address: '广东省广州市番禺区大罗塘珠宝小镇检测大楼3楼',
      contact: '陈经理',
      mobile: '02084880001',
      returnAddress: '广东省广州市番禺区大罗塘珠宝小镇检测大楼3楼 退货组',
      status: 1,
      now,
    });
    const szsb = await accounts.insertCentre(tx, {
      name: '深圳水贝检测中心',
      code: 'SZSB',
      address: '广东省深圳市罗湖区水贝一路珠宝交易中心8楼',
      contact: '林经理',
      mobile: '07552566001',
      returnAddress: '广东省深圳市罗湖区水贝一路珠宝交易中心8楼 退货组',
      status: 1,
      now,
    });
    const merchants = [
      { name: '翠玉轩珠宝', mobile: '13800000001', contact: '王翠玉', balance: 50_000 },
      { name: '金福珠宝', mobile: '13800000002', contact: '李金福', balance: 0 },
      { name: '新商户', mobile: '13800000003', contact: '张新', balance: 0 },
    ];
    for (const m of merchants) {
      const merchantId = await accounts.insertMerchant(tx, { name: m.name, mobile: m.mobile, contact: m.contact, balance: m.balance, defaultCentreId: gzpy, now });
      await accounts.insertAccount(tx, { userType: 'trader', mobile: m.mobile, name: m.name, passwordHash: hash, merchantId, now });
    }
    const qiOwner = await accounts.insertAccount(tx, { userType: 'qualityInspection', mobile: '13900000001', name: '广州番禺检测中心 质检', passwordHash: hash, centreId: gzpy, now });
    const role = await accounts.insertRole(tx, {
      userType: 'qualityInspection',
      centreId: gzpy,
      name: '入仓质检员',
      description: '扫码入仓、录入检测结果、绑码；不含财务与账号管理',
      permissions: DEMO_WAREHOUSE_ROLE_PERMISSIONS,
      now,
    });
    await accounts.insertAccount(tx, { userType: 'qualityInspection', mobile: '13900000002', name: '质检员小李', passwordHash: hash, centreId: gzpy, parentId: qiOwner, roleId: role, now });
    await accounts.insertAccount(tx, { userType: 'base', mobile: '13700000001', name: '广州番禺检测中心 客服', passwordHash: hash, centreId: gzpy, now });
    await accounts.insertAccount(tx, { userType: 'qualityInspection', mobile: '13900000009', name: '深圳水贝检测中心 质检', passwordHash: hash, centreId: szsb, now });
    await accounts.insertAccount(tx, { userType: 'base', mobile: '13700000009', name: '深圳水贝检测中心 客服', passwordHash: hash, centreId: szsb, now });
    await accounts.insertAccount(tx, { userType: 'manage', mobile: '13600000001', name: '平台管理员', passwordHash: hash, now });
  });
}
