import http from 'node:http';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { safeEqual } from '../platform/crypto';
import { recordRequest, registry, setPoolStatsSource } from '../platform/metrics';

export interface MetricsOptions {
  metrics: Config['metrics'];
  database: Database;
}

/**
 * Prometheus metrics (platform/metrics.ts): every answer is counted by its route pattern; the
 * text format is served at GET /metrics with `Authorization: Bearer <METRICS_TOKEN>`, and/or
 * without a token on METRICS_HOST:METRICS_PORT (an internal port). Neither set: no endpoint (404).
 */
export default fp<MetricsOptions>(
  async (app, opts) => {
    const { token, port, host } = opts.metrics;
    if (opts.database.poolStats) setPoolStatsSource(opts.database.poolStats);
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched'; // a pattern such as /api/merchant/v1/Order/detail, never the raw URL
      recordRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });

    if (token) {
      app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
        const given = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
        reply.header('cache-control', 'no-store');
        if (!safeEqual(given, token)) return reply.status(401).header('www-authenticate', 'Bearer').type('text/plain; charset=utf-8').send('metrics need Authorization: Bearer <METRICS_TOKEN>\n');
        return reply.type(registry.contentType).send(await registry.metrics());
      });
    }

    if (port) {
      const server = http.createServer((req, res) => {
        if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
          res.writeHead(404).end();
          return;
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
          () => res.writeHead(500).end(),
        );
      });
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
      app.log.info({ url: `http://${host}:${(server.address() as { port: number }).port}/metrics` }, 'metrics listening');
      app.addHook('onClose', async () => void (await new Promise((r) => server.close(r))));
      app.decorate('metricsServer', server);
    }
  },
  { name: 'gemqc-metrics' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** METRICS_PORT's server, when one listens (tests read its port). */
    metricsServer?: http.Server;
  }
}
