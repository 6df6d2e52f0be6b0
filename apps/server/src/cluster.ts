import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from './config';

/**
 * WEB_CONCURRENCY > 1 (PostgreSQL only): one primary process and that many server processes
 * sharing the port (node:cluster hands each new connection to the next worker).
 *
 * The primary prepares what must happen once — migrations and the demo seed, the generated
 * secret, the embedded fake Doudian platform (its OAuth state lives in memory, so every worker
 * must talk to the same one) — then forks the workers with those in their environment. A worker
 * that dies after it listened is replaced; one that dies before it listened stops the server
 * (it would fail again: a bad DATABASE_URL, a port in use). SIGTERM/SIGINT stop the workers first.
 *
 * What the workers share lives in PostgreSQL: sessions (read on every request), rate limits and
 * everything else, the background work too: every worker runs the job queue's workers and
 * schedules, and the queue gives each job and each scheduled slot to one of them (platform/queue.ts).
 */
export const WORKER_INDEX_ENV = 'GEMQC_WORKER_INDEX';
/** Set for the workers when the primary runs the embedded fake Doudian platform (their gateway is its URL). */
export const EMBEDDED_DOUDIAN_ENV = 'GEMQC_EMBEDDED_DOUDIAN';

/** This process's index in a cluster (0 … WEB_CONCURRENCY-1), or null outside one. */
export function workerIndex(): number | null {
  if (!cluster.isWorker) return null;
  return Number(process.env[WORKER_INDEX_ENV] ?? 0);
}

export interface PrimaryOptions {
  config: Config;
  /** Migrations and seed, once, before any worker starts; answers whether it seeded. */
  prepare(): Promise<boolean>;
  /** Stops what prepare or the primary started (the fake Doudian platform). */
  close(): Promise<void>;
  /** When every worker listens: the URL and whether prepare seeded demo data. */
  ready(url: string, seeded: boolean): void;
}

const RESTART_AFTER_MS = 1000;
/** Workers drain first (DRAIN_SECONDS, then up to 10 s for requests in flight: main.ts). */
const STOP_TIMEOUT_MS = 15_000;

export async function runPrimary(opts: PrimaryOptions): Promise<void> {
  const { config } = opts;
  const log = pino({ level: config.logLevel, base: { pid: process.pid, role: 'primary' } });
  const seeded = await opts.prepare();
  const env = {
    SECRET_KEY: config.secretKey,
    DOUDIAN_GATEWAY_URL: config.doudian.gatewayUrl ?? '',
    DOUDIAN_AUTH_URL: config.doudian.authUrl ?? '',
    SEED_DEMO: 'false',
    DEMO_MODE: String(config.demoMode),
    [EMBEDDED_DOUDIAN_ENV]: config.doudian.fake ? '1' : '',
  };
  const indexOf = new Map<Worker, number>();
  const listened = new Set<number>();
  let stopping = false;
  let announced = false;

  const fork = (index: number) => indexOf.set(cluster.fork({ ...env, [WORKER_INDEX_ENV]: String(index) }), index);

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const workers = [...indexOf.keys()].filter((w) => !w.isDead());
    const exited = Promise.all(workers.map((w) => new Promise((resolve) => w.once('exit', resolve))));
    for (const w of workers) w.process.kill('SIGTERM');
    const force = setTimeout(() => workers.forEach((w) => w.process.kill('SIGKILL')), config.drainSeconds * 1000 + STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(force);
    await opts.close().catch(() => {});
    process.exit(code);
  };

  cluster.on('listening', (worker, address) => {
    const index = indexOf.get(worker)!;
    listened.add(index);
    log.debug({ worker: index, worker_pid: worker.process.pid }, 'worker listening');
    if (!announced && listened.size === config.workers) {
      announced = true;
      opts.ready(`http://localhost:${address.port}`, seeded);
    }
  });
  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker)!;
    indexOf.delete(worker);
    if (stopping) return;
    if (!listened.has(index)) {
      log.error({ worker: index, code, signal }, 'a server process stopped before it listened; stopping');
      void stop(1);
      return;
    }
    log.error({ worker: index, code, signal }, `server process exited; starting another in ${RESTART_AFTER_MS} ms`);
    setTimeout(() => !stopping && fork(index), RESTART_AFTER_MS).unref();
  });
  // `on`, not `once`: a signal to the process group also reaches this process again through a
  // launcher (npm start), and a second SIGTERM must not kill it mid-stop (`stopping` ignores it)
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(sig, () => void stop(0));

  for (let i = 0; i < config.workers; i++) fork(i);
}
