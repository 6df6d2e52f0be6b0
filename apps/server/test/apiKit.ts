// Helpers for the API tests of every module: urls of contract endpoints and typed answers (not a test file itself).
import type { DataOf, Endpoint } from '@gemqc/contract';
import type { TestApp } from './app';

export interface Answer<T> {
  status: number;
  code: number;
  msg: string;
  data: T;
}

type Input = Record<string, unknown>;

export function urlOf(e: Endpoint, input: Input = {}): string {
  const q = new URLSearchParams(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `/api${e.path}${e.method === 'GET' && q ? `?${q}` : ''}`;
}

/** Calls endpoints as one signed-in account (token may be '' for none). */
export function caller(t: TestApp, token: string) {
  const headers = token ? t.auth(token) : {};
  return {
    /** The session headers, for a request the helpers do not make (a raw upload). */
    headers,
    async call<E extends Endpoint>(e: E, input: Input = {}): Promise<Answer<DataOf<E>>> {
      const res = await t.app.inject({ method: e.method, url: urlOf(e, input), headers, ...(e.method === 'POST' ? { payload: input } : {}) });
      const body = res.json() as { code: number; msg: string; data: DataOf<E> };
      return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data };
    },
    raw(e: Endpoint, input: Input = {}, extra: Record<string, string> = {}) {
      return t.app.inject({ method: 'GET', url: urlOf(e, input), headers: { ...headers, ...extra } });
    },
  };
}
