import crypto from 'node:crypto';
import type { CenterInfo, InfoData, SessionData, UserInfo, UserType } from '@gemqc/contract';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { BusinessError, TooManyError, UnauthenticatedError } from '../../platform/errors';
import { hashPassword, verifyPassword } from '../../platform/password';
import { effectivePermissions } from '../../platform/permissions';
import { createSession, revokeAccountSessions } from '../../platform/sessions';
import * as accounts from '../accounts/service';
import { recordChange, type Who } from '../audit/service';
import { applicationOfAccount, reopenRejectedApplication } from '../centreApplications/service';
import { verifySmsCode } from './sms.service';

export const MAX_WRONG_PASSWORDS = 5;
export const LOCK_MINUTES = 15;

type AuthDeps = Pick<AppDeps, 'db' | 'config' | 'limiter'>;
interface Client {
  ip: string;
  userAgent: string;
  now: Date;
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23505') return true;
  }
  return false;
}

function centreInfo(c: accounts.CentreRow | undefined): CenterInfo | null {
  if (!c) return null;
  return { id: String(c.id), name: c.name, code: c.code, address: c.address, contact: c.contact, mobile: c.mobile, return_address: c.returnAddress };
}

/** What login and info answer about an account (userInfo, balance, centre, shops). */
export async function buildInfo(db: Db, accountId: number): Promise<InfoData> {
  const a = await accounts.findAccountById(db, accountId);
  if (!a) throw new UnauthenticatedError();
  const userType = a.userType as UserType;
  const isOwner = a.parentId === null;
  const rolePerms = a.roleId ? await accounts.findRolePermissions(db, a.roleId) : undefined;
  const userInfo: UserInfo = {
    id: String(a.id),
    user_type: userType,
    name: a.name,
    mobile: a.mobile,
    avatar: a.avatar,
    introduction: a.introduction,
    status_id: a.status,
    is_owner: isOwner,
    role_id: a.roleId === null ? null : String(a.roleId),
    permissions: effectivePermissions(userType, isOwner, rolePerms),
    org_id: a.merchantId !== null ? String(a.merchantId) : a.centreId !== null ? String(a.centreId) : null,
    last_login_at: a.lastLoginAt ? a.lastLoginAt.toISOString() : null,
  };
  let userInfoDetail: InfoData['userInfoDetail'] = null;
  let centre: accounts.CentreRow | undefined;
  let shopList: InfoData['center_shop_list'] = [];
  if (userType === 'trader' && a.merchantId !== null) {
    const m = await accounts.findMerchant(db, a.merchantId);
    if (m) {
      userInfoDetail = { total_balance: m.balance, merchant_name: m.name };
      if (m.defaultCentreId !== null) centre = await accounts.findCentre(db, m.defaultCentreId);
      shopList = (await accounts.listMerchantShops(db, m.id)).map((s) => ({ shop_id: s.shopId, shop_name: s.shopName, status: s.status }));
    }
  } else if (a.centreId !== null) {
    centre = await accounts.findCentre(db, a.centreId);
  }
  return { userInfo, userInfoDetail, centerInfo: centreInfo(centre), center_shop_list: shopList };
}

async function limitLoginsFrom(deps: AuthDeps, ip: string, now: Date): Promise<void> {
  const r = await deps.limiter.hit(`login:ip:${ip}`, deps.config.loginPerMinute, 60, now);
  if (!r.allowed) throw new TooManyError('登录尝试过于频繁，请稍后再试', r.retryAfterSeconds, 'auth.too_many_attempts');
}

/** Refuses a disabled account (or one of a disabled merchant); the applicant of a centre awaiting review or rejected is told so. */
async function assertCanSignIn(db: Db, a: accounts.AccountRow): Promise<void> {
  if (a.status !== 1) {
    if (a.userType === 'base' && a.parentId === null && a.centreId !== null) {
      const app = await applicationOfAccount(db, a.id);
      if (app?.state === 'pending') throw new BusinessError('服务中心入驻申请审核中，请耐心等待', 'auth.centre_pending');
      if (app?.state === 'rejected') {
        throw new BusinessError(app.rejectReason ? `服务中心入驻申请未通过：${app.rejectReason}` : '服务中心入驻申请未通过', 'auth.centre_rejected');
      }
    }
    throw new BusinessError('账号已被禁用，请联系管理员', 'auth.disabled');
  }
  if (a.merchantId !== null) {
    const m = await accounts.findMerchant(db, a.merchantId);
    if (!m || m.status !== 1) throw new BusinessError('账号已被禁用，请联系管理员', 'auth.disabled');
  }
}

async function startSession(deps: AuthDeps, a: accounts.AccountRow, client: Client): Promise<SessionData> {
  await accounts.recordLogin(deps.db, a.id, client.now);
  const token = await createSession(deps.db, {
    accountId: a.id,
    userType: a.userType as UserType,
    now: client.now,
    ttlDays: deps.config.sessionTtlDays,
    ip: client.ip,
    userAgent: client.userAgent,
  });
  return { token, ...(await buildInfo(deps.db, a.id)) };
}

/**
 * Wrong-password limits (README “Sign-in lockout”). Each attempt is reserved on every tier in one
 * atomic statement per tier *before* the slow hash, so parallel attempts cannot all be checked.
 * The tiers of one account from one client address grow the wait (15 minutes, then the rest of
 * the hour, then of the day); the account's own ceiling over all addresses is higher, so a
 * stranger who knows the mobile locks out only their own address, not the owner.
 */
export const PASSWORD_TIERS = [
  { scope: 'address', limit: MAX_WRONG_PASSWORDS, seconds: LOCK_MINUTES * 60 },
  { scope: 'address', limit: 2 * MAX_WRONG_PASSWORDS, seconds: 3600 },
  { scope: 'address', limit: 4 * MAX_WRONG_PASSWORDS, seconds: 86_400 },
  { scope: 'account', limit: 6 * MAX_WRONG_PASSWORDS, seconds: LOCK_MINUTES * 60 },
] as const;

function passwordTierKeys(args: { userType: UserType; mobile: string; ip: string }): string[] {
  const account = `login:pw:${args.userType}:${args.mobile}`;
  return PASSWORD_TIERS.map((tier) => (tier.scope === 'account' ? `${account}:${tier.seconds}` : `${account}:${tier.seconds}:${args.ip}`));
}

/**
 * Reserves one password check on every tier, in order, stopping at the first that refuses (a
 * refused attempt does not count on the longer tiers). Answers how many checks are left after this
 * one and, when none, how long the lock it starts lasts (the longest exhausted tier).
 */
async function reservePasswordCheck(deps: AuthDeps, keys: string[], now: Date): Promise<{ left: number; lockSeconds: number }> {
  let left = Infinity;
  let lockSeconds = 0;
  for (const [i, tier] of PASSWORD_TIERS.entries()) {
    const hit = await deps.limiter.hit(keys[i]!, tier.limit, tier.seconds, now);
    if (!hit.allowed) {
      throw new TooManyError(`密码错误次数过多，账号已锁定，请${Math.ceil(hit.retryAfterSeconds / 60)}分钟后再试`, hit.retryAfterSeconds, 'auth.locked');
    }
    left = Math.min(left, tier.limit - hit.count);
    if (hit.count >= tier.limit) lockSeconds = Math.max(lockSeconds, hit.retryAfterSeconds);
  }
  return { left, lockSeconds };
}

/** Mobile + password; wrong passwords are limited per account and client address (PASSWORD_TIERS). */
export async function loginWithPassword(deps: AuthDeps, args: { userType: UserType; mobile: string; password: string } & Client): Promise<SessionData> {
  const { db } = deps;
  await limitLoginsFrom(deps, args.ip, args.now);
  const keys = passwordTierKeys(args);
  const { left, lockSeconds } = await reservePasswordCheck(deps, keys, args.now);
  const a = await accounts.findAccountByMobile(db, args.userType, args.mobile);
  const good = await verifyPassword(a?.passwordHash, args.password);
  if (!a) throw new BusinessError('手机号或密码错误', 'auth.wrong_password');
  if (!good) {
    if (left <= 0) {
      throw new TooManyError(`密码连续错误次数过多，账号已锁定${Math.ceil(lockSeconds / 60)}分钟，请稍后再试`, lockSeconds, 'auth.locked');
    }
    throw new BusinessError(`手机号或密码错误，还可尝试${left}次`, 'auth.wrong_password');
  }
  await assertCanSignIn(db, a);
  await Promise.all(keys.map((k) => deps.limiter.reset(k))); // a good password ends the count
  return startSession(deps, a, args);
}

/** Mobile + SMS code (purpose login). */
export async function loginWithSms(deps: AuthDeps, args: { userType: UserType; mobile: string; code: string } & Client): Promise<SessionData> {
  await limitLoginsFrom(deps, args.ip, args.now);
  await verifySmsCode(deps, { mobile: args.mobile, purpose: 'login', code: args.code, now: args.now });
  const a = await accounts.findAccountByMobile(deps.db, args.userType, args.mobile);
  if (!a) throw new BusinessError(args.userType === 'manage' ? '该手机号不是管理员账号' : '该手机号尚未注册', 'auth.no_account');
  await assertCanSignIn(deps.db, a);
  return startSession(deps, a, args);
}

/** A merchant registers with mobile + SMS code + password and is signed in at once. */
export async function registerMerchant(
  deps: AuthDeps,
  args: { mobile: string; code: string; password: string; name: string } & Client,
): Promise<SessionData> {
  const { db } = deps;
  if (await accounts.findAccountByMobile(db, 'trader', args.mobile)) throw new BusinessError('该手机号已注册，请直接登录', 'auth.mobile_taken');
  await verifySmsCode(deps, { mobile: args.mobile, purpose: 'login', code: args.code, now: args.now });
  const passwordHash = await hashPassword(args.password);
  const defaultCentre = (await accounts.listActiveCentres(db))[0];
  let accountId: number;
  try {
    accountId = await db.transaction(async (tx) => {
      const merchantId = await accounts.insertMerchant(tx, { name: args.name, mobile: args.mobile, contact: args.name, defaultCentreId: defaultCentre?.id ?? null, now: args.now });
      return accounts.insertAccount(tx, { userType: 'trader', mobile: args.mobile, name: args.name, passwordHash, merchantId, now: args.now });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new BusinessError('该手机号已注册，请直接登录', 'auth.mobile_taken');
    throw err;
  }
  const a = (await accounts.findAccountById(db, accountId))!;
  return startSession(deps, a, args);
}

const CENTRE_MOBILE_TAKEN = '该手机号已提交过入驻申请或已注册，请直接登录';
const CENTRE_APPLICATION_PENDING = '服务中心入驻申请审核中，请勿重复提交';

/**
 * A service centre applies: centre and owner are created disabled until a manager approves.
 * The applicant of a rejected application (never approved) applies again with the same mobile:
 * that centre and account take the new data and wait for review again.
 */
export async function registerCentre(
  deps: AuthDeps,
  args: { mobile: string; code: string; password: string; name: string; centreName: string; centreAddress: string } & Client,
): Promise<{ id: string; status_id: number }> {
  const { db } = deps;
  const existing = await accounts.findAccountByMobile(db, 'base', args.mobile);
  if (existing) {
    const app = await applicationOfAccount(db, existing.id);
    if (app?.state === 'pending') throw new BusinessError(CENTRE_APPLICATION_PENDING, 'auth.centre_pending');
    if (app?.state !== 'rejected') throw new BusinessError(CENTRE_MOBILE_TAKEN, 'auth.mobile_taken');
  }
  await verifySmsCode(deps, { mobile: args.mobile, purpose: 'login', code: args.code, now: args.now });
  const passwordHash = await hashPassword(args.password);
  if (existing) {
    const centreId = await db.transaction(async (tx) => {
      // locked and read again: of two re-applications one reopens it, the other finds it pending
      const app = await applicationOfAccount(tx, existing.id, { lock: true });
      if (app?.state === 'pending') throw new BusinessError(CENTRE_APPLICATION_PENDING, 'auth.centre_pending');
      if (app?.state !== 'rejected') throw new BusinessError(CENTRE_MOBILE_TAKEN, 'auth.mobile_taken');
      await reopenRejectedApplication(tx, app, {
        centreName: args.centreName,
        centreAddress: args.centreAddress,
        contact: args.name,
        mobile: args.mobile,
        passwordHash,
        now: args.now,
      });
      return app.centreId;
    });
    return { id: String(centreId), status_id: 0 };
  }
  let code = '';
  for (let i = 0; i < 5 && !code; i++) {
    const c = 'C' + crypto.randomBytes(3).toString('hex').toUpperCase();
    if (!(await accounts.centreCodeExists(db, c))) code = c;
  }
  try {
    const centreId = await db.transaction(async (tx) => {
      const id = await accounts.insertCentre(tx, { name: args.centreName, code, address: args.centreAddress, contact: args.name, mobile: args.mobile, status: 0, now: args.now });
      await accounts.insertAccount(tx, { userType: 'base', mobile: args.mobile, name: args.name, passwordHash, centreId: id, status: 0, now: args.now });
      return id;
    });
    return { id: String(centreId), status_id: 0 };
  } catch (err) {
    if (isUniqueViolation(err)) throw new BusinessError(CENTRE_MOBILE_TAKEN, 'auth.mobile_taken');
    throw err;
  }
}

/** Edits own name, avatar, introduction; a new password needs the old one and signs out other sessions. */
export async function editProfile(
  deps: Pick<AppDeps, 'db'>,
  args: {
    accountId: number;
    keepTokenHash: string;
    now: Date;
    patch: { name?: string; avatar?: string; introduction?: string; old_password?: string; password?: string };
    /** Who made the change (the account itself), for 操作日志. */
    who?: Who;
  },
): Promise<UserInfo> {
  const { db } = deps;
  const a = await accounts.findAccountById(db, args.accountId);
  if (!a) throw new UnauthenticatedError();
  const { name, avatar, introduction, old_password, password } = args.patch;
  let passwordHash: string | undefined;
  if (password) {
    if (!(await verifyPassword(a.passwordHash, old_password ?? ''))) throw new BusinessError('原密码不正确', 'auth.wrong_old_password');
    passwordHash = await hashPassword(password);
  }
  await db.transaction(async (tx) => {
    await accounts.updateProfile(tx, a.id, { name, avatar, introduction, passwordHash }, args.now);
    if (passwordHash) await revokeAccountSessions(tx, a.id, args.now, args.keepTokenHash);
    if (args.who) {
      // the account's own log (its merchant's or centre's; a manager's: the platform's); a rename is
      // recorded so a sub-account taking its owner's name is seen, a password change without the password
      const object = { id: a.id, label: `${a.name}（${a.mobile}）`, centreId: a.centreId, merchantId: a.merchantId };
      const base = { ...args.who, kind: 'profile', object, now: args.now } as const;
      if (name !== undefined) await recordChange(tx, { ...base, action: 'update', before: { name: a.name }, after: { name } });
      if (passwordHash) await recordChange(tx, { ...base, action: 'change_password', before: null, after: null });
    }
  });
  return (await buildInfo(db, a.id)).userInfo;
}
