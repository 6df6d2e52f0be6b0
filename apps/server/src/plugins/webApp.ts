import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { Codes } from '@gemqc/contract';
import { fail } from '../platform/envelope';
import { sendJson } from './errors';

export interface WebAppOptions {
  /** The web build (apps/web/dist); absent until `npm run build`. */
  webDist: string;
}

/**
 * The built web app with the single-page fallback: a page path answers index.html, /api/* that
 * no route matched answers the envelope's 404. Hashed assets are cached for a year, the rest is
 * revalidated. The web build writes a .br and a .gz copy beside each text file
 * (apps/web/build/precompress.ts): `preCompressed` sends the one the browser accepts.
 */
export default fp<WebAppOptions>(
  async (app, { webDist }) => {
    const hasWeb = fs.existsSync(path.join(webDist, 'index.html'));
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDist,
        wildcard: true,
        index: 'index.html',
        preCompressed: true,
        setHeaders(res, filePath) {
          const rel = path.relative(webDist, filePath).split(path.sep).join('/');
          if (rel.startsWith('assets/') || /\.[0-9a-f]{8,}\.\w+$/i.test(rel)) res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((req, reply) => {
      const url = req.url.split('?')[0]!;
      if (url === '/api' || url.startsWith('/api/')) return sendJson(reply, 404, fail(Codes.NOT_FOUND, '接口不存在', { key: 'common.no_such_api' }));
      if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb && !/\.\w{1,8}$/.test(url)) {
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html');
      }
      if (!hasWeb && req.method === 'GET' && url === '/') {
        return reply.type('text/plain; charset=utf-8').send('GemQC API is running. The web app is not built yet: run `npm run build` (or `npm start`, which builds it). API docs: /api/docs');
      }
      return sendJson(reply, 404, fail(Codes.NOT_FOUND, '页面不存在', { key: 'common.not_found' }));
    });
  },
  { name: 'gemqc-web-app' },
);
