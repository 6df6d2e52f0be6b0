import { fenToYuan } from '@gemqc/contract';
import crypto from 'node:crypto';
import { isInteger, isSafeNumber, parse } from 'lossless-json';
import { z } from 'zod';

/**
 * The message push of the Doudian open platform (消息推送): the platform POSTs a JSON array of
 * messages `[{ "tag": "200", "msg_id": "…", "data": "<JSON text>" }]` to the app's push URL with
 * the headers
 *   app-id:      the app key
 *   event-sign:  the signature of the raw body
 *   sign-method: `hmac-sha256` (lower-case hex HMAC-SHA256 keyed by the app secret) or, when absent
 *                or `md5`, lower-case hex MD5 — both over `app_key + body + app_secret`.
 * The receiver answers `{"code":0,"msg":"success"}` once it has the message; any other answer makes
 * the platform push it again later, so a message it cannot act on is still answered success.
 * A message may arrive more than once: `msg_id` is its identity.
 */

export const PUSH_SUCCESS = { code: 0, msg: 'success' } as const;

/** Tags of the after-sale (refund) messages, with the names the console lists them by. */
export const refundTags: Record<string, string> = {
  '200': 'doudian_refund_RefundCreated', // 买家发起售后申请
  '201': 'doudian_refund_RefundAgreed', // 同意退款
  '202': 'doudian_refund_ReturnApplyAgreed', // 同意退货申请
  '203': 'doudian_refund_BuyerReturnGoods', // 买家退货给卖家
  '204': 'doudian_refund_RefundRefused', // 拒绝退款
  '205': 'doudian_refund_ReturnApplyRefused', // 拒绝退货申请
  '206': 'doudian_refund_RefundSuccess', // 退款成功
  '207': 'doudian_refund_RefundClosed', // 售后关闭
};
/** The buyer applied for an after-sale (refund): the message that stops shipping. */
export const REFUND_CREATED_TAG = '200';
/** The after-sale was closed (the buyer withdrew it, or it ended refused): it no longer stops shipping. */
export const REFUND_CLOSED_TAG = '207';

export type SignMethod = 'md5' | 'hmac-sha256';

export function pushSignature(appKey: string, appSecret: string, rawBody: string, method: SignMethod): string {
  const text = `${appKey}${rawBody}${appSecret}`;
  return method === 'hmac-sha256'
    ? crypto.createHmac('sha256', appSecret).update(text, 'utf8').digest('hex')
    : crypto.createHash('md5').update(text, 'utf8').digest('hex');
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
}

/** Checks app-id and event-sign of a push against the raw body; null when genuine, else why not. */
export function verifyPush(headers: Record<string, string | string[] | undefined>, rawBody: string, app: { appKey: string; appSecret: string }): string | null {
  const appId = header(headers, 'app-id');
  const given = header(headers, 'event-sign').toLowerCase();
  const m = header(headers, 'sign-method').toLowerCase();
  if (!appId || !given) return 'missing app-id or event-sign';
  if (appId !== app.appKey) return 'app-id is not this app';
  if (m !== '' && m !== 'md5' && m !== 'hmac-sha256') return `unknown sign-method ${m}`;
  const expected = pushSignature(app.appKey, app.appSecret, rawBody, m === 'hmac-sha256' ? 'hmac-sha256' : 'md5');
  if (given.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return 'event-sign does not match';
  return null;
}

/** Doudian ids are 19-digit numbers in the JSON: integers beyond 2^53 are kept as their digits. */
export function parsePlatformJson(text: string): unknown {
  return parse(text, null, (digits) => (isInteger(digits) && !isSafeNumber(digits) ? digits : Number(digits)));
}

const idText = z.union([z.string(), z.number()]).transform((v) => String(v));

export const pushMessage = z.object({
  tag: idText,
  msg_id: idText.pipe(z.string().min(1).max(128)),
  /** The message body: JSON text (the platform sends a string; an object is accepted too). */
  data: z.union([z.string(), z.record(z.string(), z.unknown())]),
});
export type PushMessage = z.output<typeof pushMessage>;
/** A push: an array of 1…100 elements, each read on its own (`readPushElement`). */
export const pushBody = z.array(z.unknown()).min(1).max(100);

/** The data of the after-sale messages (2xx tags) GemQC reads; other fields are kept as received. */
export const refundData = z.looseObject({
  /** The shop order (parent order) id. */
  p_id: idText,
  /** The SKU order id. */
  s_id: idText.optional(),
  shop_id: idText,
  aftersale_id: idText.optional(),
  /** 0 退货退款, 1 已发货仅退款, 2 未发货仅退款, 3 换货 */
  aftersale_type: z.coerce.number().optional(),
  aftersale_status: z.coerce.number().optional(),
  reason_code: z.coerce.number().optional(),
  /** fen */
  refund_amount: z.coerce.number().optional(),
  /** unix seconds */
  apply_time: z.coerce.number().optional(),
});
export type RefundData = z.output<typeof refundData>;

const aftersaleTypeText: Record<number, string> = { 0: '退货退款', 1: '已发货仅退款', 2: '未发货仅退款', 3: '换货' };

/** The platform's reason as one sentence: 抖店买家申请售后：未发货仅退款，退款 ¥1,280.00，售后单 … */
export function refundReasonText(d: RefundData): string {
  const parts: string[] = [];
  if (d.aftersale_type !== undefined) parts.push(aftersaleTypeText[d.aftersale_type] ?? `售后类型 ${d.aftersale_type}`);
  if (d.refund_amount !== undefined) parts.push(`退款 ¥${fenToYuan(d.refund_amount).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
  if (d.aftersale_id) parts.push(`售后单 ${d.aftersale_id}`);
  return `抖店买家申请售后${parts.length ? `：${parts.join('，')}` : ''}`;
}

/** A message's data as an object (its JSON text parsed; null when it is not a JSON object). */
export function messageData(m: PushMessage): Record<string, unknown> | null {
  let v: unknown = m.data;
  if (typeof v === 'string') {
    try {
      v = parsePlatformJson(v);
    } catch {
      return null;
    }
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

// ---------------------------------------------------------------- one message at a time

/** How deep a message's data may nest (a refund message is 1 level; anything near this is not the platform's). */
export const MAX_DATA_DEPTH = 64;
/** The longest data text kept (the platform's after-sale messages are well under 2 KB). */
export const MAX_DATA_CHARS = 64 * 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored in PostgreSQL (text or jsonb), or null. */
function textProblem(s: string, where: string): string | null {
  if (s.includes('\u0000')) return `${where}含有空字符（\\u0000），数据库无法保存`;
  if (LONE_SURROGATE.test(s)) return `${where}含有不成对的 UTF-16 代理字符，不是合法的 Unicode 文本`;
  return null;
}

/** The deepest nesting of brackets in a JSON text (strings skipped), counted without recursion. */
function jsonTextDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  return max;
}

/** Why a parsed value cannot be stored (a key or text with NUL or a lone surrogate; too deep), walked without recursion. */
function valueProblem(root: unknown): string | null {
  const stack: { v: unknown; depth: number }[] = [{ v: root, depth: 0 }];
  while (stack.length) {
    const { v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      const p = textProblem(v, '消息内容');
      if (p) return p;
    } else if (v !== null && typeof v === 'object') {
      if (depth >= MAX_DATA_DEPTH) return `消息内容嵌套超过 ${MAX_DATA_DEPTH} 层，不是抖店的消息格式`;
      for (const [k, child] of Object.entries(v)) {
        const p = Array.isArray(v) ? null : textProblem(k, '消息内容的字段名');
        if (p) return p;
        stack.push({ v: child, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * Why one message of a push cannot be stored as received (null: it can). Checked before anything
 * is written, so a bad message is recorded as rejected instead of failing the whole push.
 */
export function unstorableReason(m: PushMessage): string | null {
  const head = textProblem(m.msg_id, 'msg_id ') ?? textProblem(m.tag, 'tag ');
  if (head) return head;
  if (typeof m.data === 'string') {
    if (m.data.length > MAX_DATA_CHARS) return `消息内容超过 ${MAX_DATA_CHARS} 个字符`;
    const p = textProblem(m.data, '消息内容');
    if (p) return p;
    if (jsonTextDepth(m.data) > MAX_DATA_DEPTH) return `消息内容嵌套超过 ${MAX_DATA_DEPTH} 层，不是抖店的消息格式`;
    let parsed: unknown;
    try {
      parsed = parsePlatformJson(m.data);
    } catch {
      return null; // not JSON: kept as its text (`messageData` is null, the message is ignored)
    }
    return valueProblem(parsed);
  }
  return valueProblem(m.data);
}

/** A text made storable for the record of a rejected message: NUL written as \u0000, lone surrogates as U+FFFD, cut to `max`. */
export function storableText(s: string, max: number): string {
  return s
    .slice(0, max)
    .replaceAll('\u0000', '\\u0000')
    .replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/**
 * One element of a push array: a message, or why it is not one (no msg_id, no tag…) with an
 * identity to record it by — its msg_id when it has a usable one, else a hash of the element, so
 * the platform's repeat of the same element is recognised.
 */
export function readPushElement(el: unknown): { ok: true; message: PushMessage } | { ok: false; msgId: string; tag: string; reason: string; raw: string } {
  const parsed = pushMessage.safeParse(el);
  if (parsed.success) return { ok: true, message: parsed.data };
  const o = el !== null && typeof el === 'object' && !Array.isArray(el) ? (el as Record<string, unknown>) : {};
  const given = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  const raw = JSON.stringify(el) ?? String(el);
  const msgId = given(o.msg_id) ? storableText(given(o.msg_id), 128) : `invalid-${crypto.createHash('sha256').update(raw).digest('hex').slice(0, 32)}`;
  const fields = parsed.error.issues.map((i) => i.path.join('.') || '消息').join('、');
  return { ok: false, msgId, tag: storableText(given(o.tag), 32), reason: `消息格式不正确（${fields}）：应为 {tag, msg_id, data}`, raw };
}

// ---------------------------------------------------------------- sending (the fake platform, scripts)

/** The data text of a 200 (买家发起售后申请) message, ids written as JSON numbers like the platform's. */
export function refundCreatedData(a: { shopId: string; orderId: string; aftersaleId?: string; aftersaleType?: number; refundAmount?: number; applyTime?: number }): string {
  const digits = (s: string, what: string) => {
    if (!/^\d{1,20}$/.test(s)) throw new Error(`${what} must be digits`);
    return s;
  };
  const aftersaleId = a.aftersaleId ?? `7${String(Date.now())}${String(crypto.randomInt(100000, 999999))}`;
  return (
    `{"aftersale_id":${digits(aftersaleId, 'aftersale_id')},"aftersale_status":6,"aftersale_type":${a.aftersaleType ?? 2},` +
    `"apply_time":${a.applyTime ?? Math.floor(Date.now() / 1000)},"p_id":${digits(a.orderId, 'order id')},"reason_code":1,` +
    `"refund_amount":${a.refundAmount ?? 0},"refund_post_amount":0,"refund_voucher_num":0,"s_id":${digits(a.orderId, 'order id')},` +
    `"shop_id":${digits(a.shopId, 'shop id')}}`
  );
}

/** POSTs messages to a push URL signed as the platform signs them; answers the status and the body text. */
export async function sendPush(
  url: string,
  app: { appKey: string; appSecret: string },
  messages: { tag: string; msg_id: string; data: string }[],
  opts: { signMethod?: SignMethod; signature?: string } = {},
): Promise<{ status: number; body: string }> {
  const body = JSON.stringify(messages);
  const method = opts.signMethod ?? 'hmac-sha256';
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'app-id': app.appKey,
      'sign-method': method,
      'event-sign': opts.signature ?? pushSignature(app.appKey, app.appSecret, body, method),
    },
    body,
  });
  return { status: res.status, body: await res.text() };
}

/** A new message id (the platform's are numeric strings). */
export function newMsgId(): string {
  return `${Date.now()}${String(crypto.randomInt(1_000_000, 9_999_999))}`;
}
