import type { FastifyError, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Codes } from '@gemqc/contract';
import { fail } from '../platform/envelope';
import { AppError, TooManyError } from '../platform/errors';

/**
 * One error policy for every route: an AppError answers its own code and sentence, invalid input
 * answers 1001 with the first problem, a server fault is logged and answers 500 with the request
 * id (the person reports it, the log has the rest).
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, req, reply) => {
      const err: unknown = error;
      const send = (status: number, body: unknown) => sendJson(reply, status, body);
      if (err instanceof AppError) {
        if (err instanceof TooManyError && err.retryAfter) reply.header('retry-after', String(err.retryAfter));
        if (err.code === Codes.SERVER_ERROR) {
          req.log.error({ err }, 'server error');
          return send(err.httpStatus, fail(err.code, err.message, { key: err.key, requestId: req.id }));
        }
        return send(err.httpStatus, fail(err.code, err.message, { key: err.key, data: err.data }));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        return send(200, fail(Codes.FAIL, validationMessage(err.validation), { key: 'common.invalid_input' }));
      }
      const status = error.statusCode ?? 500;
      if (status === 413) return send(413, fail(Codes.FAIL, '提交的内容过大，请精简后重试', { key: 'common.body_too_large' }));
      if (error.code === 'GEMQC_BAD_JSON' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return send(400, fail(Codes.FAIL, '请求数据格式不正确，请刷新页面后重试', { key: 'common.bad_json' }));
      }
      if (status === 415) return send(415, fail(Codes.FAIL, '不支持的请求格式', { key: 'common.unsupported_media_type' }));
      if (status === 429) return send(429, fail(Codes.TOO_MANY, '操作过于频繁，请稍后再试', { key: 'common.too_many' }));
      if (status >= 400 && status < 500) return send(status, fail(Codes.FAIL, '请求不正确，请检查后重试', { key: 'common.bad_request' }));
      req.log.error({ err }, 'unexpected error');
      return send(500, fail(Codes.SERVER_ERROR, `服务器内部错误，请稍后重试（请求编号 ${req.id}）`, { key: 'common.server_error', requestId: req.id }));
    });
  },
  { name: 'gemqc-errors' },
);

/** An envelope as JSON (the serializer compiler is bypassed: error answers have no schema). */
export function sendJson(reply: FastifyReply, status: number, body: unknown) {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

/** The first validation issue as a sentence a person understands. */
function validationMessage(issues: { message?: string; instancePath?: string }[]): string {
  const first = issues[0];
  const msg = first?.message ?? '';
  if (/[\u4e00-\u9fff]/.test(msg)) return msg;
  const field = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return field ? `参数 ${field} 不正确，请检查后重试` : '请求参数不正确，请检查后重试';
}
