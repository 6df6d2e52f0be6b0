import { z } from 'zod';
import { endpoint, idempotencyKey, listSort, mobile, pageQuery, paged, ref, smsCode } from './common';

// The merchants (modules/merchants): their testing authorisation (检测授权) and 拦截策略, and the admin's 商户列表.

/** Testing authorisation status (authInfo.data.status_id). */
export const testingAuthStatuses = [
  { value: -1, label: '未提交' },
  { value: 0, label: '审核中' },
  { value: 1, label: '已通过' },
  { value: 2, label: '已驳回' },
] as const;
export function testingAuthStatusLabel(v: number): string {
  return testingAuthStatuses.find((s) => s.value === v)?.label ?? String(v);
}

export const returnMethods = [
  { value: 'post', label: '快递寄回' },
  { value: 'pickup', label: '商家自提' },
] as const;
export const interceptPolicies = [
  { value: 'after_sales_first', label: '售后优先（买家退款时拦截）' },
  { value: 'shipping_first', label: '发货优先（照常发货）' },
] as const;

/** The fields a merchant submits (检测信息). */
export const merchantAuthorisationFields = z.object({
  company_name: z.string({ error: '请输入公司名称' }).trim().min(1, { error: '请输入公司名称' }).max(100, { error: '公司名称不能超过100个字' }),
  licence_no: z
    .string({ error: '请输入营业执照号' })
    .trim()
    .toUpperCase()
    .regex(/^[0-9A-Z]{15,18}$/, { error: '营业执照号为15-18位数字或大写字母（统一社会信用代码）' }),
  contact_person: z.string({ error: '请输入联系人' }).trim().min(1, { error: '请输入联系人' }).max(32, { error: '联系人不能超过32个字' }),
  contact_mobile: mobile,
  return_address: z.string({ error: '请输入退货地址' }).trim().min(5, { error: '请输入完整的退货地址' }).max(200, { error: '退货地址不能超过200个字' }),
  return_method: z.enum(['post', 'pickup'], { error: '请选择退回方式' }),
  intercept_policy: z.enum(['after_sales_first', 'shipping_first'], { error: '请选择拦截策略' }),
});
export type MerchantAuthorisationFields = z.infer<typeof merchantAuthorisationFields>;

/** authAdd: the fields plus the SMS code sent to contact_mobile with user_type testing_auth. */
export const merchantAuthorisationSubmitBody = merchantAuthorisationFields.extend({ verify_code: smsCode });

/** The submitted authorisation as stored (empty strings when not submitted): authInfo and the admin's 商户列表 show it. */
const submittedAuthorisation = {
  company_name: z.string(),
  licence_no: z.string(),
  contact_person: z.string(),
  contact_mobile: z.string(),
  return_address: z.string(),
  return_method: z.string(),
  intercept_policy: z.string(),
};

/** authInfo: status and reason, plus the submitted fields (empty strings when not submitted). */
export const merchantAuthorisation = z.object({
  /** -1 not submitted, 0 under review, 1 approved, 2 rejected. */
  status_id: z.number(),
  status_text: z.string(),
  /** The reject reason (status 2), else ''. */
  reason: z.string(),
  ...submittedAuthorisation,
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
});
export type MerchantAuthorisation = z.infer<typeof merchantAuthorisation>;

export const adminMerchantRow = z.object({
  id: z.string(),
  name: z.string(),
  contact: z.string(),
  mobile: z.string(),
  /** 1 enabled, 0 disabled */
  status_id: z.number(),
  /** fen */
  balance: z.number(),
  credit_limit: z.number(),
  /** testing authorisation: -1/0/1/2 */
  auth_status_id: z.number(),
  auth_status_text: z.string(),
  ...submittedAuthorisation,
  reject_reason: z.string(),
  submitted_at: z.string().nullable(),
  order_count: z.number(),
  created_at: z.string(),
});
export type AdminMerchantRow = z.infer<typeof adminMerchantRow>;

const statusFlag = z.coerce.number({ error: '状态不正确' }).int().refine((v) => v === 0 || v === 1, { error: '状态只能是0（禁用）或1（启用）' });

/** Filters of the merchant list (商户列表) and its Excel export. */
export const adminMerchantFilterQuery = z.object({
  keyword: z.string().trim().max(50, { error: '关键词不能超过50个字' }).optional(),
  status_id: statusFlag.optional(),
  auth_status_id: z.coerce.number({ error: '审核状态不正确' }).int().min(-1, { error: '审核状态不正确' }).max(2, { error: '审核状态不正确' }).optional(),
});
/** 商户列表 sorts by 余额, 注册时间, 检测授权 and 账号状态 (default: submissions to review first, then the newest). */
export const adminMerchantSort = listSort({ balance: '余额', created_at: '注册时间', auth_status_id: '检测授权', status_id: '账号状态' });
/** The sort keys as plain data (the browser build inlines them; the listSort object holds zod schemas). */
export const adminMerchantSortKeys = adminMerchantSort.keys;
export const adminMerchantListQuery = pageQuery.extend({ ...adminMerchantFilterQuery.shape, ...adminMerchantSort.shape });
export type AdminMerchantListQuery = z.input<typeof adminMerchantListQuery>;

export const merchantsApi = {
  authInfo: endpoint({ method: 'GET', path: '/merchant/v1/Testing/authInfo', summary: 'Testing authorisation status and submitted fields', data: merchantAuthorisation }),
  authAdd: endpoint({
    method: 'POST',
    path: '/merchant/v1/Testing/authAdd',
    summary: 'Submit the testing authorisation (SMS-verified contact mobile); status becomes 0 (under review)',
    body: merchantAuthorisationSubmitBody,
    data: merchantAuthorisation,
  }),
  interceptPolicy: endpoint({
    method: 'POST',
    path: '/merchant/v1/Testing/interceptPolicy',
    summary: 'Change the 拦截策略 at any time (no new review; audited); refunds that arrive afterwards follow it',
    body: z.object({ intercept_policy: merchantAuthorisationFields.shape.intercept_policy }),
    data: merchantAuthorisation,
  }),
  list: endpoint({ method: 'GET', path: '/admin/v1/Merchant/list', summary: 'Merchants with balance and testing-authorisation status (review first, newest first; or sort_by an adminMerchantSort key)', query: adminMerchantListQuery, data: paged(adminMerchantRow) }),
  export: endpoint({ method: 'GET', path: '/admin/v1/Merchant/export', summary: 'The merchant list as an Excel file (same filters; at most 10000 rows)', query: adminMerchantFilterQuery, data: z.unknown() }),
  status: endpoint({
    method: 'POST',
    path: '/admin/v1/Merchant/status',
    summary: 'Enable (1) or disable (0) a merchant',
    body: z.object({ id: ref('merchant'), status_id: statusFlag }),
    data: z.object({ id: z.string(), status_id: z.number() }),
  }),
  review: endpoint({
    method: 'POST',
    path: '/admin/v1/Merchant/review',
    summary: 'Approve (status_id 1) or reject (status_id 2, with reason) the testing authorisation',
    body: z
      .object({
        id: ref('merchant'),
        status_id: z.coerce.number({ error: '请选择审核结果' }).int().refine((v) => v === 1 || v === 2, { error: '审核结果只能是通过（1）或驳回（2）' }),
        reason: z.string().trim().max(200, { error: '驳回原因不能超过200个字' }).optional(),
      })
      .refine((b) => b.status_id !== 2 || !!b.reason, { error: '驳回时请填写原因', path: ['reason'] }),
    data: z.object({ id: z.string(), auth_status_id: z.number(), auth_status_text: z.string() }),
  }),
  topUp: endpoint({
    method: 'POST',
    path: '/admin/v1/Merchant/topUp',
    summary: 'Top up a merchant balance (fen); the same idempotency_key books once',
    body: z.object({
      id: ref('merchant'),
      amount: z.coerce.number({ error: '请输入充值金额' }).int({ error: '充值金额以分为单位，必须是整数' }).min(1, { error: '充值金额必须大于0' }).max(100_000_000, { error: '单次充值不能超过100万元' }),
      idempotency_key: idempotencyKey,
      note: z.string().trim().max(200, { error: '备注不能超过200个字' }).optional(),
    }),
    data: z.object({ entry_id: z.string(), balance: z.number(), duplicate: z.boolean() }),
  }),
};
