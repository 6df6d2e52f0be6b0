import { chinaDateTime, fromChinaDateTime } from '@gemqc/contract';
import crypto from 'node:crypto';

/** A JSON value as the platform's `param_json` carries it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Deep copy with the keys of every object sorted (arrays keep their order). */
export function sortKeysDeep(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const out: { [key: string]: JsonValue } = {};
    for (const k of Object.keys(value).sort()) {
      const v = value[k];
      if (v !== undefined) out[k] = sortKeysDeep(v);
    }
    return out;
  }
  return value;
}

/** `param_json` as the platform signs it: compact JSON, keys sorted recursively, `{}` when empty. */
export function paramJsonOf(params: { [key: string]: JsonValue } | undefined): string {
  return JSON.stringify(sortKeysDeep(params ?? {}));
}

/**
 * The request signature of the Doudian open platform (sign_method hmac-sha256, v 2):
 * lowercase hex of HMAC-SHA256 with key = app_secret over
 * `app_secret + "app_key" + app_key + "method" + method + "param_json" + param_json +
 *  "timestamp" + timestamp + "v" + "2" + app_secret`.
 */
export function signRequest(input: { appKey: string; appSecret: string; method: string; paramJson: string; timestamp: string; v?: string }): string {
  const v = input.v ?? '2';
  const pattern = `app_key${input.appKey}method${input.method}param_json${input.paramJson}timestamp${input.timestamp}v${v}`;
  return crypto.createHmac('sha256', input.appSecret).update(`${input.appSecret}${pattern}${input.appSecret}`, 'utf8').digest('hex');
}

/** The gateway path of a method: `token.create` → `/token/create`. */
export function pathOfMethod(method: string): string {
  return `/${method.split('.').join('/')}`;
}

/** The platform's timestamp format: `yyyy-MM-dd HH:mm:ss` in Beijing time (GMT+8). */
export function platformTimestamp(ms: number): string {
  return chinaDateTime(ms);
}

/** Parses a platform timestamp (`yyyy-MM-dd HH:mm:ss` GMT+8, or unix seconds); NaN when malformed. */
export function parsePlatformTimestamp(ts: string): number {
  if (/^\d{9,11}$/.test(ts)) return Number(ts) * 1000;
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(ts)) return Number.NaN;
  return fromChinaDateTime(ts).getTime();
}
