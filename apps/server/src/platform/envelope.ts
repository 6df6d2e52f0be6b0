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

/**
 * The server's `clientErrorHandler`: a request Node refuses before Fastify sees it (a URL or
 * headers over Node's 16 KB limit, a broken request line) is answered with the envelope too,
 * then the connection is closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: import('node:stream').Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, body] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', fail(1001, '请求地址或请求头过长，请减少查询条件后重试', { key: 'common.request_too_long' })]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', fail(1001, '请求超时，请重试', { key: 'common.request_timeout' })]
        : [400, 'Bad Request', fail(1001, '请求格式不正确，请刷新页面后重试', { key: 'common.bad_request' })];
  const json = JSON.stringify(body);
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`);
  }
  socket.destroy();
}
