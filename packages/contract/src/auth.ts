import { z } from 'zod';
import { endpoint, mobile, password, smsCode, emptyData } from './common';

/** The four portals; `user_type` as the client stores it. */
export const userTypes = ['trader', 'qualityInspection', 'manage', 'base'] as const;
export type UserType = (typeof userTypes)[number];

/** API namespace of each portal (docs/domain.md#portals). */
export const namespaceOf: Record<UserType, 'merchant' | 'warehouse' | 'admin' | 'center'> = {
  trader: 'merchant',
  qualityInspection: 'warehouse',
  manage: 'admin',
  base: 'center',
};

export const userInfo = z.object({
  id: z.string(),
  user_type: z.enum(userTypes),
  name: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  introduction: z.string(),
  /** 1 enabled, 0 disabled */
  status_id: z.number(),
  is_owner: z.boolean(),
  role_id: z.string().nullable(),
  /** Permission keys; owners have all of their portal's keys. */
  permissions: z.array(z.string()),
  org_id: z.string().nullable(),
  last_login_at: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;

export const centerInfo = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  address: z.string(),
  contact: z.string(),
  mobile: z.string(),
  return_address: z.string(),
});
export type CenterInfo = z.infer<typeof centerInfo>;

export const centerShop = z.object({ shop_id: z.string(), shop_name: z.string(), status: z.string() });

export const sessionData = z.object({
  token: z.string(),
  userInfo,
  /** Merchants only: `total_balance` in fen, shown as the user store's balance. */
  userInfoDetail: z.object({ total_balance: z.number(), merchant_name: z.string() }).nullable(),
  centerInfo: centerInfo.nullable(),
  center_shop_list: z.array(centerShop),
});
export type SessionData = z.infer<typeof sessionData>;
export const infoData = sessionData.omit({ token: true });
export type InfoData = z.infer<typeof infoData>;

const loginType = z
  .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error: '登录方式不正确' })
  .transform((v) => Number(v) as 1 | 2);

/**
 * type 1: mobile + password; type 2: mobile + SMS code (sent as verify_code). `type` may come as
 * a number or a string; when absent it is 2 if a verify_code is given, else 1.
 */
export const passwordOrSmsLogin = z
  .object({
    type: loginType.optional(),
    mobile,
    password: z.string({ error: '请输入密码' }).max(64, { error: '密码不能超过64位' }).optional(),
    verify_code: z.string({ error: '请输入短信验证码' }).trim().optional(),
  })
  .transform((b, ctx) => {
    const type: 1 | 2 = b.type ?? (b.verify_code ? 2 : 1);
    if (type === 1 && !b.password) ctx.addIssue({ code: 'custom', message: '请输入密码', path: ['password'] });
    if (type === 2) {
      if (!b.verify_code) ctx.addIssue({ code: 'custom', message: '请输入短信验证码', path: ['verify_code'] });
      else if (!/^\d{6}$/.test(b.verify_code)) ctx.addIssue({ code: 'custom', message: '验证码为6位数字', path: ['verify_code'] });
    }
    return { type, mobile: b.mobile, password: b.password ?? '', verify_code: b.verify_code ?? '' };
  });
export type PasswordOrSmsLogin = z.output<typeof passwordOrSmsLogin>;

/** Warehouse sign-in: mobile + password only. */
export const passwordLogin = z.object({
  type: z.union([z.literal(1), z.literal('1')], { error: '质检端仅支持密码登录' }).optional(),
  mobile,
  password: z.string({ error: '请输入密码' }).min(1, { error: '请输入密码' }).max(64, { error: '密码不能超过64位' }),
});
export const managerLogin = z.object({ mobile, verify_code: smsCode });

export const smsSendBody = z.object({
  mobile,
  /** `testing_auth` for the contact mobile of the testing authorisation; absent for login/register. */
  user_type: z.enum(['testing_auth']).optional(),
});

export const editUserBody = z
  .object({
    name: z.string({ error: '姓名格式不正确' }).trim().min(1, { error: '请输入姓名' }).max(32, { error: '姓名不能超过32个字' }).optional(),
    avatar: z.string().trim().max(500, { error: '头像地址过长' }).optional(),
    introduction: z.string().trim().max(200, { error: '简介不能超过200个字' }).optional(),
    old_password: z.string().max(64).optional(),
    password: password.optional(),
  })
  .refine((b) => !b.password || !!b.old_password, { error: '修改密码需要输入原密码', path: ['old_password'] });

export const merchantRegisterBody = z.object({
  mobile,
  verify_code: smsCode,
  password,
  name: z.string({ error: '请输入商家名称' }).trim().min(1, { error: '请输入商家名称' }).max(50, { error: '商家名称不能超过50个字' }),
});
export const centerRegisterBody = merchantRegisterBody.extend({
  /** The applicant: the centre's contact person. */
  name: z.string({ error: '请输入联系人姓名' }).trim().min(1, { error: '请输入联系人姓名' }).max(50, { error: '联系人姓名不能超过50个字' }),
  center_name: z.string({ error: '请输入服务中心名称' }).trim().min(1, { error: '请输入服务中心名称' }).max(50, { error: '服务中心名称不能超过50个字' }),
  center_address: z.string({ error: '请输入服务中心地址' }).trim().min(1, { error: '请输入服务中心地址' }).max(200, { error: '地址不能超过200个字' }),
});

const loginData = sessionData;

function userEndpoints(ns: 'merchant' | 'center' | 'warehouse') {
  const base = `/${ns}/v1/User`;
  return {
    logout: endpoint({ method: 'POST', path: `${base}/logout`, summary: 'Sign out (revokes the session)', data: emptyData }),
    info: endpoint({ method: 'GET', path: `${base}/info`, summary: 'Who is signed in', data: infoData }),
    edit: endpoint({ method: 'POST', path: `${base}/edit`, summary: 'Edit own name, avatar, password', body: editUserBody, data: userInfo }),
  };
}

export const authApi = {
  smsSend: endpoint({ method: 'POST', path: '/publics/v1/Sms/send', summary: 'Send an SMS code', body: smsSendBody, data: z.object({ resend_after: z.number() }) }),
  merchant: {
    login: endpoint({ method: 'POST', path: '/merchant/v1/User/login', summary: 'Merchant sign-in (type 1 password, type 2 SMS code)', body: passwordOrSmsLogin, data: loginData }),
    ...userEndpoints('merchant'),
    register: endpoint({ method: 'POST', path: '/merchant/v1/User/register', summary: 'Merchant registration', body: merchantRegisterBody, data: loginData }),
  },
  center: {
    login: endpoint({ method: 'POST', path: '/center/v1/User/login', summary: 'Service-centre sign-in (type 1 password, type 2 SMS code)', body: passwordOrSmsLogin, data: loginData }),
    ...userEndpoints('center'),
    register: endpoint({ method: 'POST', path: '/center/v1/User/register', summary: 'Service-centre application (disabled until approved)', body: centerRegisterBody, data: z.object({ id: z.string(), status_id: z.number() }) }),
  },
  warehouse: {
    login: endpoint({ method: 'POST', path: '/warehouse/v1/User/login', summary: 'Warehouse sign-in (password only)', body: passwordLogin, data: loginData }),
    ...userEndpoints('warehouse'),
  },
  admin: {
    login: endpoint({ method: 'POST', path: '/admin/v1/login', summary: 'Manager sign-in with SMS code', body: managerLogin, data: loginData }),
    logout: endpoint({ method: 'POST', path: '/admin/v1/logout', summary: 'Manager sign-out', data: emptyData }),
    info: endpoint({ method: 'GET', path: '/admin/v1/User/info', summary: 'Who is signed in', data: infoData }),
  },
};
