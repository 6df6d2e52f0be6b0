import { Codes, type Envelope } from '@gemqc/contract';

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: Codes.OK, msg, data };
}

export function fail(code: number, msg: string, extra: { key?: string; requestId?: string; data?: unknown } = {}): Envelope<unknown> {
  const env: Envelope<unknown> = { code, msg, data: extra.data ?? null };
  if (extra.key) env.msg_key = extra.key;
  if (extra.requestId) env.request_id = extra.requestId;
  return env;
}
