import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../test/app';
import { trackRequests } from './drain';
import { checkReady } from './ready';
import { defineRoutes } from './route';
import { LocalFileStorage } from './storage';

describe('/api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers ready while the database and the file store answer, 503 / 1500 while draining', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect([res.statusCode, res.json()]).toEqual([200, { code: 1000, msg: 'success', data: { status: 'ready', db: 'ok', storage: 'ok' } }]);
    t.app.deps.lifecycle.draining = true;
    try {
      const draining = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ code: 1500, msg: '服务正在停止，请求将由其他服务器处理' });
    } finally {
      t.app.deps.lifecycle.draining = false;
    }
  });

  it('is not ready when the file store cannot be written or reached', async () => {
    const broken = new LocalFileStorage('/proc/no-such-folder/files'); // cannot be created
    await expect(checkReady({ db: t.app.deps.db, storage: broken, lifecycle: { draining: false } })).rejects.toMatchObject({ httpStatus: 503, key: 'ready.storage_down' });
    const hanging = Object.assign(Object.create(broken) as LocalFileStorage, { ping: () => new Promise<void>(() => {}) });
    await expect(checkReady({ db: t.app.deps.db, storage: hanging, lifecycle: { draining: false } }, 2000)).rejects.toMatchObject({ key: 'ready.storage_down' });
  });
});

describe('draining on SIGTERM', () => {
  const slowApi = endpoint({ method: 'GET', path: '/test/slow', summary: 'answers when the test lets it', data: z.object({ ok: z.boolean() }) });
  let release: () => void = () => {};

  async function listening() {
    const t = await createTestApp({
      deps: {
        extraRoutes: [
          defineRoutes((r) =>
            r.route(slowApi, { auth: 'public' }, async () => {
              await new Promise<void>((resolve) => (release = resolve));
              return { ok: true };
            }),
          ),
        ],
      },
    });
    const requests = trackRequests(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    return { t, requests, base };
  }

  it('answers 503 on /api/ready during the delay while serving, then refuses new connections and lets the request in flight finish', async () => {
    const { t, requests, base } = await listening();
    try {
      const slow = fetch(`${base}/api/test/slow`);
      await expect.poll(() => requests.inFlight()).toBe(1);
      const drained = requests.drain({ delayMs: 400, timeoutMs: 5000 });

      const ready = await fetch(`${base}/api/ready`);
      expect(ready.status).toBe(503);
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200); // still serving during the delay
      expect(health.headers.get('connection')).toBe('close');

      await new Promise((r) => setTimeout(r, 600)); // past the delay: the port is closed
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();

      release();
      const answer = await slow;
      expect(answer.status).toBe(200);
      expect(await answer.json()).toMatchObject({ code: 1000, data: { ok: true } });
      expect(await drained).toBe(0);
    } finally {
      release();
      await t.database.close();
    }
  });

  it('cuts off a request still running after the timeout and reports it', async () => {
    const { t, requests, base } = await listening();
    try {
      const slow = fetch(`${base}/api/test/slow`).catch((err: unknown) => err);
      await expect.poll(() => requests.inFlight()).toBe(1);
      const started = Date.now();
      expect(await requests.drain({ delayMs: 0, timeoutMs: 300 })).toBe(1);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await slow).toBeInstanceOf(Error); // the connection was closed under it
    } finally {
      release();
      await t.database.close();
    }
  });
});
