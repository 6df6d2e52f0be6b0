import querystring from 'node:querystring';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler } from 'fastify-type-provider-zod';

/**
 * How requests are read: zod validates bodies, queries and params; JSON with an empty body is
 * "no body" and a broken one fails as GEMQC_BAD_JSON (plugins/errors.ts answers it); form posts
 * become plain objects.
 */
export default fp(
  async (app) => {
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
  },
  { name: 'gemqc-request-bodies' },
);
