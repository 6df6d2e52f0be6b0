import fp from 'fastify-plugin';
import helmet from 'helmet';

export interface SecurityHeadersOptions {
  /** Behind a TLS proxy: send HSTS (config.trustProxy). */
  behindProxy: boolean;
}

/** C-Lodop serves its print scripts from the user's own machine (spec §7: ports 8000 and 18000). */
const clodopOrigins = ['http://localhost:8000', 'http://localhost:18000', 'http://127.0.0.1:8000', 'http://127.0.0.1:18000', 'https://localhost:8443', 'https://localhost:8444'];

/**
 * Security headers (helmet) and the request id on every answer. The middleware is built once:
 * @fastify/helmet built it again for every request, and its CSP parse was a visible part of an
 * order-list request's time.
 */
export default fp<SecurityHeadersOptions>(
  async (app, opts) => {
    const securityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'default-src': ["'self'"],
          'script-src': ["'self'", ...clodopOrigins],
          'style-src': ["'self'", "'unsafe-inline'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'blob:'],
          'font-src': ["'self'", 'data:'],
          'connect-src': ["'self'", ...clodopOrigins, 'ws://localhost:8000', 'ws://localhost:18000', 'ws://127.0.0.1:8000', 'ws://127.0.0.1:18000'],
          'frame-src': ["'self'", ...clodopOrigins],
          'worker-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // HSTS only makes sense behind TLS (a proxy); harmless but misleading on http://localhost
      strictTransportSecurity: opts.behindProxy,
    });
    app.addHook('onRequest', (req, reply, done) => {
      reply.header('x-request-id', req.id);
      securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
    });
  },
  { name: 'gemqc-security-headers' },
);
