import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { recordDoudianCall, recordJobFailure, setQueueDepthSource } from './metrics';

const TOKEN = 'metrics-token-0123456789';

async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

describe('Prometheus metrics (issue 27)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metrics: { token: TOKEN, port: 0, host: '127.0.0.1' } } });
  });
  afterAll(async () => {
    setQueueDepthSource(null);
    await t.close();
  });
  const scrape = (headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) => t.app.inject({ method: 'GET', url: '/metrics', headers });

  it('answers only with the token, and is not part of the API document', async () => {
    expect((await scrape({})).statusCode).toBe(401);
    expect((await scrape({ authorization: 'Bearer wrong-token-0123456789' })).statusCode).toBe(401);
    const ok = await scrape();
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).some((p) => p.includes('metrics'))).toBe(false);
  });

  it('counts requests, latency and errors by route pattern (never the raw URL), and shows streams, Doudian calls, queue depth and job failures', async () => {
    await t.app.inject({ method: 'GET', url: '/api/ready' });
    await t.app.inject({ method: 'GET', url: '/api/publics/v1/Template/image?key=nope-123' });
    recordDoudianCall('order.searchList', 'timeout');
    recordJobFailure('deadline-notifications');
    setQueueDepthSource(() => ({ 'order-sync': 3 }));
    const text = (await scrape()).body;
    expect(text).toMatch(/gemqc_http_requests_total\{method="GET",route="\/api\/ready",status="200",app="gemqc"\} \d+/);
    expect(text).toMatch(/gemqc_http_request_duration_seconds_count\{[^}]*route="\/api\/ready"[^}]*\} \d+/);
    expect(text).toContain('route="/api/publics/v1/Template/image"');
    expect(text).not.toContain('nope-123');
    expect(text).toContain('# TYPE gemqc_http_errors_total counter');
    expect(text).toMatch(/gemqc_doudian_calls_total\{method="order.searchList",outcome="timeout",app="gemqc"\} [1-9]/);
    expect(text).toMatch(/gemqc_job_failures_total\{job="deadline-notifications",app="gemqc"\} [1-9]/);
    expect(text).toMatch(/gemqc_queue_depth\{queue="order-sync",app="gemqc"\} 3/);
    expect(text).toContain('# TYPE gemqc_notification_streams_open gauge');
    expect(text).toContain('# TYPE gemqc_db_pool_connections gauge');
  });

  it('is off by default (404) and serves without a token on METRICS_PORT, an internal port', async () => {
    const port = await freePort();
    const plain = await createTestApp({ config: { metrics: { token: undefined, port, host: '127.0.0.1' } } });
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE gemqc_http_requests_total counter');
    } finally {
      await plain.close();
    }
  });
});
