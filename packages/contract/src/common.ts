import { z } from 'zod';

/** Response codes of the envelope `{code, msg, data}` (DOMAIN.md §8). */
export const Codes = {
  OK: 1000,
  FAIL: 1001,
  UNAUTHENTICATED: 403,
  FORBIDDEN: 1003,
  NOT_FOUND: 1004,
  TOO_MANY: 1029,
  SERVER_ERROR: 1500,
} as const;
export type Code = (typeof Codes)[keyof typeof Codes];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
  /** English translation key of `msg` when the server has one (e.g. `auth.wrong_password`). */
  msg_key?: string;
  /** Present on 1500 answers (and in the `x-request-id` header of every answer). */
  request_id?: string;
}

export type HttpMethod = 'GET' | 'POST';

/**
 * One endpoint of the API: the server validates `body`/`query` with it and the client types its
 * hooks with it. `path` is relative to `/api`.
 */
export interface Endpoint<
  B extends z.ZodType | undefined = z.ZodType | undefined,
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  body?: B;
  query?: Q;
  data: D;
}

export function endpoint<
  D extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(e: { method: HttpMethod; path: string; summary: string; body?: B; query?: Q; data: D }): Endpoint<B, Q, D> {
  return e;
}

export type BodyOf<E> = E extends Endpoint<infer B, z.ZodType | undefined, z.ZodType> ? (B extends z.ZodType ? z.input<B> : undefined) : never;
export type QueryOf<E> = E extends Endpoint<z.ZodType | undefined, infer Q, z.ZodType> ? (Q extends z.ZodType ? z.input<Q> : undefined) : never;
export type DataOf<E> = E extends Endpoint<z.ZodType | undefined, z.ZodType | undefined, infer D> ? z.output<D> : never;

// ---- shared field rules; messages are zh-CN sentences a warehouse worker understands ----

/** Mainland mobile number, trimmed before checking (spec §5: the mobile is trimmed). */
export const mobile = z
  .string({ error: '请输入手机号' })
  .trim()
  .regex(/^1\d{10}$/, { error: '请输入正确的11位手机号' });

export const password = z
  .string({ error: '请输入密码' })
  .min(6, { error: '密码至少6位' })
  .max(64, { error: '密码不能超过64位' });

export const smsCode = z
  .string({ error: '请输入短信验证码' })
  .trim()
  .regex(/^\d{6}$/, { error: '验证码为6位数字' });

export const id = z.union([z.string(), z.number()]).transform((v) => String(v)).pipe(z.string().regex(/^\d{1,18}$/, { error: '编号格式不正确' }));

/**
 * What an id input names. Tenant data (orders, batches, accounts …) is only ever found for its
 * owner; `centre`, `category` and the platform's own ids are shared. The kind is written into the
 * OpenAPI document (`x-gemqc-ref`), where the hardening suite finds every id input and calls it
 * with another tenant's real id: an id input without a kind fails that suite.
 */
export const refKinds = [
  'order', 'item', 'batch', 'recording', 'code_binding', 'merchant', 'account', 'role', 'template', 'fee_rule', 'centre_application',
  'centre', 'category', 'shop', 'platform_shop', 'platform_order',
] as const;
export type RefKind = (typeof refKinds)[number];

/** Marks a schema as naming a resource of this kind (kept through .optional() in the OpenAPI document). */
export function refTo<S extends z.ZodType>(kind: RefKind, schema: S): S {
  return schema.meta({ 'x-gemqc-ref': kind });
}

/** An id input naming a resource of this kind. */
export const ref = (kind: RefKind) => refTo(kind, id);

/** Shared pagination query (page from 1, page_size default 20, max 100). */
export const pageQuery = z.object({
  page: z.coerce.number({ error: '页码必须是数字' }).int().min(1, { error: '页码从1开始' }).default(1),
  page_size: z.coerce
    .number({ error: '每页条数必须是数字' })
    .int()
    .min(1, { error: '每页至少1条' })
    .max(100, { error: '每页最多100条' })
    .default(20),
});

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });
}

export const emptyData = z.null();
