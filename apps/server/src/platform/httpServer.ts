import http from 'node:http';
import type { Config } from '../config';

/**
 * The HTTP server with the slow-client limits of the config (HEADERS_TIMEOUT_SECONDS; every
 * request, uploads included, ends within UPLOAD_TIMEOUT_SECONDS). Node checks these timeouts only
 * every `connectionsCheckingInterval` (30 s by default), so a trickling client could outlive them
 * by that much: the check runs every second here. The shorter limit of a JSON/form body
 * (REQUEST_TIMEOUT_SECONDS) and an upload's idle limit are per route (plugins/requestBodies.ts).
 */
export function createHttpServer(config: Pick<Config, 'timeouts'>, handler: http.RequestListener): http.Server {
  const t = config.timeouts;
  return http.createServer(
    {
      headersTimeout: Math.min(t.headersMs, t.uploadMs),
      requestTimeout: t.uploadMs,
      keepAliveTimeout: t.keepAliveMs,
      connectionsCheckingInterval: Math.min(1000, t.headersMs),
    },
    handler,
  );
}
