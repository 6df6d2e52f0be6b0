import type { Server } from 'node:http';

/** What drain needs of the app: its HTTP server, its draining flag and its close. */
export interface DrainableApp {
  server: Server;
  deps: { lifecycle: { draining: boolean } };
  close(): PromiseLike<unknown>;
}

export interface DrainOptions {
  /** Keep serving this long after the signal while /api/ready answers 503, so the balancer takes the host out first. */
  delayMs: number;
  /** Requests still running after this long are cut off. */
  timeoutMs: number;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A graceful stop behind a load balancer (SIGTERM, main.ts). `trackRequests` counts the requests
 * in flight from the start; `drain`:
 * 1. marks the host draining: /api/ready answers 503 and every answer says `Connection: close`;
 * 2. keeps serving `delayMs` (DRAIN_SECONDS) while the balancer's checks notice;
 * 3. stops accepting connections and closes the idle keep-alive ones;
 * 4. waits for the requests in flight to finish (at most `timeoutMs`), then closes the app
 *    (its onClose hooks: timers, background jobs), which cuts off whatever is left.
 * Answers how many requests were still running when it gave up waiting (0 when all finished).
 */
export function trackRequests(app: DrainableApp) {
  let inFlight = 0;
  let idle: (() => void)[] = [];
  app.server.on('request', (_req, res) => {
    inFlight++;
    if (app.deps.lifecycle.draining) res.setHeader('connection', 'close');
    res.once('close', () => {
      inFlight--;
      if (inFlight === 0) for (const f of idle.splice(0)) f();
    });
  });
  const finished = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => idle.push(r)));

  return {
    inFlight: () => inFlight,
    async drain(opts: DrainOptions): Promise<number> {
      app.deps.lifecycle.draining = true;
      opts.log?.info({ in_flight: inFlight, delay_ms: opts.delayMs }, 'draining: /api/ready answers 503');
      if (opts.delayMs > 0) await sleep(opts.delayMs);
      const closed = new Promise<void>((r) => app.server.close(() => r())); // no new connections
      app.server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const gaveUp = new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), opts.timeoutMs)));
      const r = await Promise.race([finished().then(() => 'done' as const), gaveUp]);
      clearTimeout(timer);
      const left = r === 'timeout' ? inFlight : 0;
      if (left) opts.log?.warn({ in_flight: left }, 'draining: requests still running after the timeout are cut off');
      idle = [];
      await app.close();
      await Promise.race([closed, sleep(1000)]);
      return left;
    },
  };
}
