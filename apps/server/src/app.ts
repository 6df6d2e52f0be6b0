import crypto from 'node:crypto';
import { createHttpServer } from './platform/httpServer';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { systemClock, type Clock } from './platform/clock';
import type { AppDeps } from './platform/deps';
import { answerClientError } from './platform/envelope';
import { loggableError } from './platform/error-log';
import { PgRateLimiter } from './platform/rate-limit-pg';
import type { RateLimiter } from './platform/rate-limit';
import { createRouter, type RouteModule } from './platform/route';
import { createSmsProvider, type SmsProvider } from './platform/sms';
import type { FileStorage } from './platform/storage';
import { createFileStorage } from './platform/storage-config';
import backgroundJobs from './plugins/backgroundJobs';
import docs from './plugins/docs';
import errors from './plugins/errors';
import metrics from './plugins/metrics';
import requestBodies from './plugins/requestBodies';
import securityHeaders from './plugins/securityHeaders';
import webApp from './plugins/webApp';
import authRoutes from './modules/auth/routes';
import optionsRoutes from './modules/options/routes';
import feedbackRoutes from './modules/feedback/routes';
import healthRoutes from './modules/health/routes';
import templatesRoutes from './modules/templates/routes';
import printersRoutes from './modules/printers/routes';
import catalogueRoutes from './modules/catalogue/routes';
import merchantAuthorisationRoutes from './modules/merchants/authorisation.routes';
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
import photosRoutes from './modules/photos/routes';
import centreApplicationsRoutes from './modules/centreApplications/routes';
import interceptionRoutes from './modules/interception/routes';
import auditRoutes from './modules/audit/routes';
import notificationsRoutes from './modules/notifications/routes';
import platformSyncRoutes from './modules/platformSync/routes';

/** The app's modules, mounted in this order (keep this list; each capability adds its own line). */
const appModules: RouteModule[] = [
  healthRoutes,
  platformSyncRoutes,
  authRoutes,
  optionsRoutes,
  feedbackRoutes,
  templatesRoutes,
  printersRoutes,
  shopsRoutes,
  catalogueRoutes,
  merchantAuthorisationRoutes,
  ordersRoutes,
  feesRoutes,
  codesRoutes,
  recordingsRoutes,
  reportsRoutes,
  merchantsRoutes,
  accountsRoutes,
  feeRulesRoutes,
  warehouseRoutes,
  statementsRoutes,
  inspectionRoutes,
  photosRoutes,
  centreApplicationsRoutes,
  interceptionRoutes,
  auditRoutes,
  notificationsRoutes,
];

export interface BuildDeps {
  database: Database;
  config: Config;
  sms?: SmsProvider;
  limiter?: RateLimiter;
  clock?: Clock;
  storage?: FileStorage;
  /** The modules to mount instead of every module of the app (a test of one module's scope). */
  modules?: RouteModule[];
  /** Extra route modules mounted after the app's own (tests). */
  extraRoutes?: RouteModule[];
  /** Run the job queue's workers and schedules in this process (default true; platform/queue.ts). */
  backgroundJobs?: boolean;
  /** Start the queue after the server is ready instead of before (main.ts: the startup budget). */
  queueInBackground?: boolean;
  /** Where log lines go (default stdout; tests read them). */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance & { deps: AppDeps };

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

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
    // explicit proxy addresses / CIDRs only (config.ts refuses `true` and hop counts)
    trustProxy: config.trustProxy.length ? config.trustProxy : false,
    // slow clients: headers, then the whole request (uploads get their own limits: platform/upload.ts)
    serverFactory: (handler) => createHttpServer(config, handler),
    keepAliveTimeout: config.timeouts.keepAliveMs,
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
    queue: { current: null },
  };
  app.decorate('deps', deps);

  // Cross-cutting parts, one plugin each (plugins/); the order is the order they apply in.
  await app.register(securityHeaders, { behindProxy: config.trustProxy.length > 0 });
  await app.register(requestBodies, { timeouts: config.timeouts });
  await app.register(docs); // before the routes: it collects them as they are added
  await app.register(errors);
  await app.register(metrics, { metrics: config.metrics, database });
  await app.register(webApp, { webDist: config.webDist });
  await app.register(backgroundJobs, { enabled: input.backgroundJobs ?? true, inBackground: input.queueInBackground });

  // Each module in a scope of its own: a plugin it registers (the media body parser) serves it only.
  const mount = (m: RouteModule) =>
    app.register(async (scope) => {
      await m(createRouter(scope, deps));
    });
  for (const m of input.modules ?? appModules) await mount(m);
  for (const m of input.extraRoutes ?? []) await mount(m);

  return app as App;
}


declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
