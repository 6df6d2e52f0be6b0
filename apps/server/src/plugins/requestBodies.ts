import querystring from 'node:querystring';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { Codes } from '@gemqc/contract';
import type { Config } from '../config';
import { fail } from '../platform/envelope';
import { contentLengthOf } from '../platform/upload';

export interface RequestBodiesOptions {
  timeouts: Config['timeouts'];
}

/** A refused body as plugins/errors.ts answers it (its status and code). */
export function bodyError(message: string, statusCode: number, code: string): FastifyError {
  const err = new Error(message) as FastifyError;
  err.statusCode = statusCode;
  err.code = code;
  return err;
}

/**
 * How requests are read: zod validates bodies, queries and params; JSON with an empty body is
 * "no body" and a broken one fails as GEMQC_BAD_JSON (plugins/errors.ts answers it); form posts
 * become plain objects. Media bodies (image/*, video/*, audio/*) have no parser here: the modules
 * taking uploads register plugins/mediaBodies.ts in their own scope, and everywhere else such a body
 * is refused (415) before a byte is read. A body must arrive within REQUEST_TIMEOUT_SECONDS (an upload:
 * no pause above UPLOAD_IDLE_SECONDS); an answer sent before the body was read closes the
 * connection instead of reading the rest.
 */
export default fp<RequestBodiesOptions>(
  async (app, opts) => {
    app.setValidatorCompiler(validatorCompiler);
    // Response schemas document the API; the route helper validates data with zod itself.
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));

    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
      const text = String(body);
      if (!text.trim()) return done(null, undefined);
      try {
        done(null, JSON.parse(text));
      } catch {
        const err = new Error('Malformed JSON') as FastifyError;
        err.statusCode = 400;
        err.code = 'GEMQC_BAD_JSON';
        done(err, undefined);
      }
    });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, { ...querystring.parse(String(body)) });
    });

    const { requestMs, uploadIdleMs } = opts.timeouts;
    app.addHook('onRequest', async (req, reply) => {
      if (req.raw.complete !== false) return; // no body, or all of it already arrived (an injected request has no such flag)
      // no GET of the API takes a body, and a route that answers by streaming (notifications) would
      // otherwise leave one being read after it ends
      if ((req.method === 'GET' || req.method === 'HEAD') && hasBody(req)) throw bodyError('A body on a GET', 400, 'GEMQC_GET_BODY');
      if (req.routeOptions.config.upload) watchUpload(req, reply, uploadIdleMs);
      else watchBody(req, reply, requestMs);
    });
    // an answer before the body was read (refused, too large, not signed in): close the connection
    // rather than read the rest of what the client sends
    app.addHook('onSend', async (req, reply) => {
      if (req.raw.complete === false) reply.header('connection', 'close');
    });
  },
  { name: 'gemqc-request-bodies' },
);

function hasBody(req: FastifyRequest): boolean {
  const length = contentLengthOf(req.headers['content-length']);
  return (length !== undefined && length > 0) || req.headers['transfer-encoding'] !== undefined;
}

/** Cuts a request off: 408 when nothing was answered yet, and the connection closes. */
function cut(reply: FastifyReply) {
  const res = reply.raw;
  const socket = res.socket;
  if (!res.headersSent && socket && !socket.destroyed) {
    res.writeHead(408, { 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    res.end(JSON.stringify(fail(Codes.FAIL, '网络太慢，请求未能按时送达，请检查网络后重试', { key: 'common.request_timeout' })));
  }
  setImmediate(() => socket?.destroy());
}

/** A JSON/form body must be complete within `ms` of the headers. */
function watchBody(req: FastifyRequest, reply: FastifyReply, ms: number) {
  const timer = setTimeout(() => {
    if (!req.raw.complete) cut(reply);
  }, ms);
  const clear = () => clearTimeout(timer);
  req.raw.once('end', clear);
  reply.raw.once('close', clear);
}

/** An upload may take long (UPLOAD_TIMEOUT_SECONDS bounds it: platform/httpServer.ts) but never stall. */
function watchUpload(req: FastifyRequest, reply: FastifyReply, idleMs: number) {
  const socket = req.raw.socket;
  if (typeof socket?.setTimeout !== 'function') return; // an injected request (tests) has no real socket
  const onIdle = () => cut(reply);
  socket.setTimeout(idleMs, onIdle);
  const clear = () => {
    socket.setTimeout(0);
    socket.off('timeout', onIdle);
  };
  req.raw.once('end', clear);
  reply.raw.once('close', clear);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a raw media body (RouteOptions.upload). */
    upload?: { maxBytes: number };
  }
}
