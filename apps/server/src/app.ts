import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import querystring from 'node:querystring';
import Fastify, { LogController, type FastifyError, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fastifyStatic from '@fastify/static';
import { hasZodFastifySchemaValidationErrors, jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Codes } from '@gemqc/contract';
import type { Config } from './config';
import type { Database } from './db/client';
import { systemClock, type Clock } from './platform/clock';
import type { AppDeps } from './platform/deps';
import { answerClientError, fail } from './platform/envelope';
import { loggableError } from './platform/error-log';
import { AppError, TooManyError } from './platform/errors';
import { PgRateLimiter } from './platform/rate-limit-pg';
import type { RateLimiter } from './platform/rate-limit';
import { createRouter, type RouteModule } from './platform/route';
import { createSmsProvider, type SmsProvider } from './platform/sms';
import type { FileStorage } from './platform/storage';
import { createFileStorage } from './platform/storage-config';
import authRoutes from './modules/auth/routes';
import optionsRoutes from './modules/options/routes';
import feedbackRoutes from './modules/feedback/routes';
import healthRoutes from './modules/health/routes';
import templatesRoutes from './modules/templates/routes';
import printersRoutes from './modules/printers/routes';
import catalogueRoutes from './modules/catalogue/routes';
import testingRoutes from './modules/testing/routes';
import ordersRoutes from './modules/orders/routes';
import feesRoutes from './modules/fees/routes';
import codesRoutes from './modules/codes/routes';
import recordingsRoutes from './modules/recordings/routes';
import reportsRoutes from './modules/reports/routes';
import merchantsRoutes from './modules/merchants/routes';
import shopsRoutes from './modules/shops/routes';
import accountsRoutes from './modules/accounts/routes';
import feeRulesRoutes from './modules/feeRules/routes';
import warehouseRoutes from './modules/warehouse/routes';
import statementsRoutes from './modules/statements/routes';
import inspectionRoutes from './modules/inspection/routes';
import { sweepUnusedPhotos } from './modules/inspection/photoCleanup';
import { compactOrderCounts, ORDER_COUNT_COMPACTION_MS } from './modules/orders/counts/counts.repo';
import centreApplicationsRoutes from './modules/centreApplications/routes';
import interceptionRoutes from './modules/interception/routes';

export interface BuildDeps {
  database: Database;
  config: Config;
  sms?: SmsProvider;
  limiter?: RateLimiter;
  clock?: Clock;
  storage?: FileStorage;
  /** Extra route modules mounted after the app's own (tests). */
  extraRoutes?: RouteModule[];
  /** Run the housekeeping and order-count timers (default true; one process of a cluster runs them). */
  backgroundJobs?: boolean;
  /** Several hosts on one PostgreSQL: the timers do their work only while this answers true (platform/leader.ts). */
  isLeader?: () => boolean;
  /** Where log lines go (default stdout; tests read them). */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance & { deps: AppDeps };

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** C-Lodop serves its print scripts from the user's own machine (spec §7: ports 8000 and 18000). */
const clodopOrigins = ['http://localhost:8000', 'http://localhost:18000', 'http://127.0.0.1:8000', 'http://127.0.0.1:18000', 'https://localhost:8443', 'https://localhost:8444'];

export async function buildApp(input: BuildDeps): Promise<App> {
  const { config, database } = input;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: { paths: ['req.headers.authorization', 'req.headers.token', 'req.headers.cookie'], censor: '[redacted]' },
      serializers: { err: loggableError }, // a failed statement's name, never its parameters (platform/error-log.ts)
      ...(input.logStream ? { stream: input.logStream } : {}),
    },
    clientErrorHandler: answerClientError,
    bodyLimit: config.bodyLimit,
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'request_id' }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    forceCloseConnections: true,
  });

  const deps: AppDeps = {
    database,
    db: database.db,
    config,
    clock: input.clock ?? systemClock,
    sms: input.sms ?? createSmsProvider(config, database.db, app.log),
    limiter: input.limiter ?? new PgRateLimiter(database.db),
    storage: input.storage ?? (await createFileStorage(config)),
    lifecycle: { draining: false },
  };
  app.decorate('deps', deps);

  // Timers, in one process of a cluster (BuildDeps.backgroundJobs):
  // - housekeeping, hourly: expired rate-limit windows are dropped (the table stays small);
  //   inspection photos that no record lists are deleted once older than a day (inspection/photoCleanup.ts);
  // - order-list totals: fold the count deltas written since the last turn (orders/counts/).
  let sweeping: Promise<void> | null = null;
  let compacting: Promise<unknown> | null = null;
  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, job: () => void) => timers.push(setInterval(() => (input.isLeader?.() ?? true) && job(), ms).unref());
  if (input.backgroundJobs ?? true) {
    every(3600_000, () => {
      const now = deps.clock.now();
      deps.limiter.cleanup?.(now).catch((err: unknown) => app.log.warn({ err }, 'rate counter cleanup failed'));
      sweeping ??= sweepUnusedPhotos(deps.db, deps.storage, now, { log: app.log }) // not while the last one still runs
        .then(
          (r) => {
            if (r.failed) app.log.warn(r, 'unused inspection photos: some could not be deleted');
            else if (r.deleted) app.log.info(r, 'unused inspection photos deleted');
          },
          (err: unknown) => app.log.warn({ err }, 'unused inspection photo sweep failed'),
        )
        .finally(() => (sweeping = null));
    });
    every(ORDER_COUNT_COMPACTION_MS, () => {
      compacting ??= compactOrderCounts(deps.db)
        .catch((err: unknown) => app.log.warn({ err }, 'order count compaction failed'))
        .finally(() => (compacting = null));
    });
  }
  app.addHook('onClose', async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all([sweeping, compacting]); // before the database closes
  });

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas document the API; the route helper validates data with zod itself.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  // JSON: an empty body is "no body"; a broken one answers the envelope (400, 1001).
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

  // Security headers, the middleware built once (@fastify/helmet built helmet's middleware again
  // for every request: its CSP parse was a visible part of an order-list request's time).
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
    strictTransportSecurity: config.trustProxy !== false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    securityHeaders(req.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'GemQC API', version: '0.1.0', description: 'Every answer is the envelope `{code, msg, data}` (DOMAIN.md §8).' },
      servers: [],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          token: { type: 'apiKey', in: 'header', name: 'token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true, validatorUrl: null } });

  app.setErrorHandler((error: FastifyError, req, reply) => {
    const err: unknown = error;
    const send = (status: number, body: unknown) => reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    if (err instanceof AppError) {
      if (err instanceof TooManyError && err.retryAfter) reply.header('retry-after', String(err.retryAfter));
      if (err.code === Codes.SERVER_ERROR) {
        req.log.error({ err }, 'server error');
        return send(err.httpStatus, fail(err.code, err.message, { key: err.key, requestId: req.id }));
      }
      return send(err.httpStatus, fail(err.code, err.message, { key: err.key, data: err.data }));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return send(200, fail(Codes.FAIL, validationMessage(err.validation), { key: 'common.invalid_input' }));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(413, fail(Codes.FAIL, '提交的内容过大，请精简后重试', { key: 'common.body_too_large' }));
    if (error.code === 'GEMQC_BAD_JSON' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return send(400, fail(Codes.FAIL, '请求数据格式不正确，请刷新页面后重试', { key: 'common.bad_json' }));
    }
    if (status === 415) return send(415, fail(Codes.FAIL, '不支持的请求格式', { key: 'common.unsupported_media_type' }));
    if (status === 429) return send(429, fail(Codes.TOO_MANY, '操作过于频繁，请稍后再试', { key: 'common.too_many' }));
    if (status >= 400 && status < 500) return send(status, fail(Codes.FAIL, '请求不正确，请检查后重试', { key: 'common.bad_request' }));
    req.log.error({ err }, 'unexpected error');
    return send(500, fail(Codes.SERVER_ERROR, `服务器内部错误，请稍后重试（请求编号 ${req.id}）`, { key: 'common.server_error', requestId: req.id }));
  });

  // Static web build with SPA fallback; /api/* stays the API's.
  const webIndex = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(webIndex);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: true,
      index: 'index.html',
      setHeaders(res, filePath) {
        const rel = path.relative(config.webDist, filePath).split(path.sep).join('/');
        if (rel.startsWith('assets/') || /\.[0-9a-f]{8,}\.\w+$/i.test(rel)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    const send = (status: number, body: unknown) => reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    if (url === '/api' || url.startsWith('/api/')) return send(404, fail(Codes.NOT_FOUND, '接口不存在', { key: 'common.no_such_api' }));
    if ((req.method === 'GET' || req.method === 'HEAD') && hasWeb && !/\.\w{1,8}$/.test(url)) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    if (!hasWeb && req.method === 'GET' && url === '/') {
      return reply.type('text/plain; charset=utf-8').send('GemQC API is running. The web app is not built yet: run `npm run build` (or `npm start`, which builds it). API docs: /api/docs');
    }
    return send(404, fail(Codes.NOT_FOUND, '页面不存在', { key: 'common.not_found' }));
  });

  const router = createRouter(app, deps);
  const mount = (m: RouteModule) => m(router);
  // ---- modules: one line each (keep this list; each capability adds its own line) ----
  mount(healthRoutes);
  mount(authRoutes);
  mount(optionsRoutes);
  mount(feedbackRoutes);
  mount(templatesRoutes);
  mount(printersRoutes);
  mount(shopsRoutes);
  mount(catalogueRoutes);
  mount(testingRoutes);
  mount(ordersRoutes);
  mount(feesRoutes);
  mount(codesRoutes);
  mount(recordingsRoutes);
  mount(reportsRoutes);
  mount(merchantsRoutes);
  mount(accountsRoutes);
  mount(feeRulesRoutes);
  mount(warehouseRoutes);
  mount(statementsRoutes);
  mount(inspectionRoutes);
  mount(centreApplicationsRoutes);
  mount(interceptionRoutes);
  // ---- end of modules ----
  for (const m of input.extraRoutes ?? []) mount(m);

  return app as App;
}

/** TRUST_PROXY as a hop count: trust that many proxies in front of the server. */
function hopCount(n: number) {
  return (_addr: string, hop: number) => hop < n;
}

/** The first validation issue as a sentence a person understands. */
function validationMessage(issues: { message?: string; instancePath?: string }[]): string {
  const first = issues[0];
  const msg = first?.message ?? '';
  if (/[\u4e00-\u9fff]/.test(msg)) return msg;
  const field = (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return field ? `参数 ${field} 不正确，请检查后重试` : '请求参数不正确，请检查后重试';
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
