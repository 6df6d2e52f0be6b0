import { z } from 'zod';

/** Response codes of the envelope `{code, msg, data}` (docs/domain.md#errors). */
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
  /**
   * A create that a retry must not repeat: the client sends one `Idempotency-Key` per form attempt
   * and the server answers a repeat with the first answer (see `idempotencyKey`).
   */
  idempotent?: boolean;
}

export function endpoint<
  D extends z.ZodType,
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
>(e: { method: HttpMethod; path: string; summary: string; body?: B; query?: Q; data: D; idempotent?: boolean }): Endpoint<B, Q, D> {
  return e;
}

/**
 * The request header of an idempotent endpoint: one key per form attempt, reused when the same
 * submission is sent again (a double click, a second tab, a retry after a timeout). The same key
 * with the same content answers the first result; with other content it is refused (1001).
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** A client request key (a UUID fits): also the top-up's `idempotency_key` field. */
export const idempotencyKey = z
  .string({ error: '缺少请求编号，请刷新页面后重试' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号格式不正确，请刷新页面后重试' });

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

/** `id` as a number (the database's bigint ids fit: they are far below 2^53). */
export const idNumber = id.transform(Number);

/**
 * What an id input names. Tenant data (orders, batches, accounts …) is only ever found for its
 * owner; `centre`, `category` and the platform's own ids are shared. The kind is written into the
 * OpenAPI document (`x-gemqc-ref`), where the hardening suite finds every id input and calls it
 * with another tenant's real id: an id input without a kind fails that suite.
 */
export const refKinds = [
  'order', 'item', 'batch', 'recording', 'code_binding', 'merchant', 'account', 'role', 'template', 'fee_rule', 'centre_application',
  'centre', 'category', 'shop', 'platform_shop', 'platform_order', 'intercept_request', 'notification',
] as const;
export type RefKind = (typeof refKinds)[number];

/** Marks a schema as naming a resource of this kind (kept through .optional() in the OpenAPI document). */
export function refTo<S extends z.ZodType>(kind: RefKind, schema: S): S {
  return schema.meta({ 'x-gemqc-ref': kind });
}

/**
 * An id input naming a resource of this kind, parsed once here: the web sends digits (a string or
 * a number), the route receives the number its queries take. Ids in answers stay digit strings.
 */
export const ref = (kind: RefKind) => refTo(kind, idNumber);

/** Whether `YYYY-MM-DD` names a real day of the calendar (`2026-02-30` does not), years 1900–9999. */
export function isCalendarDay(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const day = new Date(Date.UTC(2000, mo - 1, d));
  day.setUTCFullYear(y); // Date.UTC reads years 0–99 as 1900–1999
  return y >= 1900 && day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}

/** A calendar day, YYYY-MM-DD: every date field of the API uses this rule (or `calendarDay(label)`). */
export const calendarDay = (label = '日期') =>
  z
    .string({ error: `${label}格式应为YYYY-MM-DD` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}格式应为YYYY-MM-DD` })
    .refine(isCalendarDay, { error: `${label}不存在，请检查年、月、日` });

/** A point in time (ISO 8601 or what Date.parse reads); a leading YYYY-MM-DD must be a real calendar day. */
export const isoTime = z
  .string()
  .trim()
  .refine((s) => !Number.isNaN(Date.parse(s)) && (!/^\d{4}-\d{2}-\d{2}/.test(s) || isCalendarDay(s.slice(0, 10))), { error: '时间格式不正确' });

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

/** The directions of a sorted list: ascending or descending. */
const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/**
 * The sortable columns of one list, declared once: `{ key: 中文列名 }`. `shape` is the list query's
 * `sort_by` (one of the keys; absent: the list's own default order) and `sort_order` (asc | desc,
 * default desc); the server orders by the column its allow-list maps the key to, with the id as the
 * tiebreaker, never by the text it was sent. An unknown key answers 1001 naming the list's columns.
 */
export function listSort<const K extends string>(labels: Record<K, string>) {
  const keys = Object.keys(labels) as [K, ...K[]];
  const names = keys.map((k) => labels[k]).join('、');
  return {
    keys: keys as readonly K[],
    labels,
    shape: {
      sort_by: z.enum(keys, { error: `不能按这一列排序：此列表只能按${names}排序` }).optional(),
      sort_order: z.enum(sortOrders, { error: '排序方向只能是asc（升序）或desc（降序）' }).default('desc'),
    },
  };
}
/** The sort keys of a list's `listSort`. */
export type SortKeyOf<S> = S extends { keys: readonly (infer K)[] } ? K : never;

export function paged<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), page: z.number(), page_size: z.number() });
}

export const emptyData = z.null();

// ---- text a person can type: one rule for every string of every request ----

/**
 * Characters nobody types: C0 controls except tab, newline and carriage return, DEL and the C1
 * controls. NUL in particular is refused by PostgreSQL. The server applies `holdsUntypeableText` to
 * every string (and key) of every parsed body and query before the endpoint's own schema.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const untypeableTextMessage = '内容中含有无法识别的特殊字符（如空字符、控制字符），请删除后重新提交';

/** Whether a string holds a control character or half of a surrogate pair (broken unicode). */
export function hasUntypeableText(s: string): boolean {
  return CONTROL_CHAR.test(s) || LONE_SURROGATE.test(s);
}

/** Whether any string or key of a parsed JSON value (a body, a query) holds untypeable text. */
export function holdsUntypeableText(value: unknown): boolean {
  const stack: unknown[] = [value]; // a loop, not recursion: a deeply nested body must not overflow the stack
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (hasUntypeableText(v)) return true;
    } else if (Array.isArray(v)) {
      for (const item of v as unknown[]) stack.push(item);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (hasUntypeableText(k)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

