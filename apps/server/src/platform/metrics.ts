import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of this server process (prom-client), served by plugins/metrics.ts at
 * GET /metrics behind METRICS_TOKEN, or on METRICS_PORT (README "Metrics"). One registry per
 * process: the parts that count import the functions below.
 */
export const registry = new Registry();
registry.setDefaultLabels({ app: 'gemqc' });
collectDefaultMetrics({ register: registry, prefix: 'gemqc_' });

const requests = new Counter({
  name: 'gemqc_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});
const errors = new Counter({
  name: 'gemqc_http_errors_total',
  help: 'HTTP answers with a 5xx status (server faults), by method and route pattern',
  labelNames: ['method', 'route'] as const,
  registers: [registry],
});
const latency = new Histogram({
  name: 'gemqc_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route pattern',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers: [registry],
});

/** One answered request: `route` is the route's pattern (never the raw URL: ids would explode the series). */
export function recordRequest(method: string, route: string, status: number, seconds: number): void {
  requests.inc({ method, route, status: String(status) });
  latency.observe({ method, route }, seconds);
  if (status >= 500) errors.inc({ method, route });
}

const doudianCalls = new Counter({
  name: 'gemqc_doudian_calls_total',
  help: 'Calls to the Doudian open platform, by method and outcome (ok, or the error kind: timeout, network, rejected, token_expired, …)',
  labelNames: ['method', 'outcome'] as const,
  registers: [registry],
});
export function recordDoudianCall(method: string, outcome: string): void {
  doudianCalls.inc({ method, outcome });
}

const jobFailures = new Counter({
  name: 'gemqc_job_failures_total',
  help: 'Background job runs that failed, by job name',
  labelNames: ['job'] as const,
  registers: [registry],
});
/** A background job run failed (the job queue calls this). */
export function recordJobFailure(job: string): void {
  jobFailures.inc({ job });
}

type DepthSource = () => Promise<Record<string, number>> | Record<string, number>;
let queueDepth: DepthSource | null = null;
new Gauge({
  name: 'gemqc_queue_depth',
  help: 'Jobs waiting in the background queue, by queue name',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    if (!queueDepth) return;
    for (const [queue, n] of Object.entries(await queueDepth())) this.set({ queue }, n);
  },
});
/** The job queue says how to count its waiting jobs (asked at each scrape); null stops asking. */
export function setQueueDepthSource(source: DepthSource | null): void {
  queueDepth = source;
}

type PoolStats = { total: number; idle: number; waiting: number };
let poolStats: (() => PoolStats) | null = null;
new Gauge({
  name: 'gemqc_db_pool_connections',
  help: 'Connections of the PostgreSQL pool of this process: total open, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    if (!poolStats) return;
    const s = poolStats();
    this.set({ state: 'total' }, s.total);
    this.set({ state: 'idle' }, s.idle);
    this.set({ state: 'in_use' }, s.total - s.idle);
    this.set({ state: 'waiting' }, s.waiting);
  },
});
/** The database says how its pool is used (PostgreSQL; the embedded PGlite has no pool). */
export function setPoolStatsSource(source: (() => PoolStats) | null): void {
  poolStats = source;
}

const streams = new Gauge({
  name: 'gemqc_notification_streams_open',
  help: 'Live notification streams (server-sent events) open in this process',
  registers: [registry],
});
export function streamOpened(): void {
  streams.inc();
}
export function streamClosed(): void {
  streams.dec();
}
