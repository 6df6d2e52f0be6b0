import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEFAULT_IMAGE_MAX_PIXELS } from './platform/upload';

/**
 * Every environment variable of the server, parsed and documented in one place. The defaults make
 * `npm start` work on a fresh machine: embedded PGlite in ./data/db, files in ./data/files,
 * SMS codes printed to the log, port 8080.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const bool = (def: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['1', 'true', 'yes'].includes(v)));
const int = (def: number, min = 0, max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(min).max(max).default(def);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

interface VarDoc {
  name: string;
  default: string;
  meaning: string;
}

/** The variables: name → [zod rule, default shown in docs, meaning]. */
const vars = {
  PORT: [int(8080, 0, 65535), '8080', 'HTTP port to listen on'],
  HOST: [z.string().default('0.0.0.0'), '0.0.0.0', 'Interface to listen on: every interface by default; 127.0.0.1 to keep it local (behind a proxy on the same host)'],
  DATABASE_URL: [optionalString, '(empty)', 'PostgreSQL URL (postgres://user:pass@host:5432/db). Empty: the embedded PGlite database in DATA_DIR/db'],
  DATA_DIR: [z.string().default('./data'), './data', 'Folder of the embedded database (DATA_DIR/db), stored files (DATA_DIR/files) and the generated secret key; relative to the repository root'],
  DB_POOL_SIZE: [int(10, 1, 200), '10', 'Connections in the PostgreSQL pool of each server process (ignored with PGlite)'],
  WEB_CONCURRENCY: [int(1, 1, 64), '1', 'Server processes sharing the port (node:cluster; one per core uses every core); above 1 needs DATABASE_URL, since the embedded PGlite belongs to one process'],
  DEMO_MODE: [bool(true), 'true', 'Demo mode: without DOUDIAN_GATEWAY_URL the embedded fake Doudian platform runs (a warning in the log and on the shop page). Production: false, and then DOUDIAN_GATEWAY_URL is required (the server refuses to start without it)'],
  SEED_DEMO: [bool(true), 'true', 'Seed the demo data of docs/domain.md#demo at start when the database has no accounts'],
  SMS_PROVIDER: [z.enum(['console', 'aliyun']).default('console'), 'console', 'console: codes go to the log and the sms_outbox table; aliyun: Aliyun SMS (SendSms)'],
  ALIYUN_ACCESS_KEY_ID: [optionalString, '(empty)', 'Aliyun AccessKey id (SMS_PROVIDER=aliyun)'],
  ALIYUN_ACCESS_KEY_SECRET: [optionalString, '(empty)', 'Aliyun AccessKey secret (SMS_PROVIDER=aliyun)'],
  ALIYUN_SMS_SIGN_NAME: [optionalString, '(empty)', 'Approved SMS signature name (SignName)'],
  ALIYUN_SMS_TEMPLATE_CODE: [optionalString, '(empty)', 'Approved template code with a ${code} parameter (TemplateCode)'],
  ALIYUN_SMS_ENDPOINT: [z.string().url().default('https://dysmsapi.aliyuncs.com/'), 'https://dysmsapi.aliyuncs.com/', 'SendSms endpoint (tests point it at a local fake)'],
  ALIYUN_REGION_ID: [z.string().default('cn-hangzhou'), 'cn-hangzhou', 'RegionId sent with SendSms'],
  REDIS_URL: [optionalString, '(empty)', 'redis://host:6379 — keep rate-limit counters in Redis instead of PostgreSQL'],
  SESSION_TTL_DAYS: [int(7, 1, 365), '7', 'Days a session lives without use (sliding expiry)'],
  NOTIFICATION_STREAM_SECONDS: [int(300, 1, 3600), '300', 'Seconds a live notification stream (server-sent events) stays open before the browser reconnects, possibly to another host'],
  DRAIN_SECONDS: [int(0, 0, 300), '0', 'On SIGTERM, seconds a host keeps serving while /api/ready answers 503, so the load balancer takes it out before it stops accepting (behind HAProxy: its check interval × fall, e.g. 3); then requests in flight get up to 10 s to finish'],
  LOG_LEVEL: [z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'), 'info', 'Log level (pino); logs are JSON lines with request_id'],
  TRUST_PROXY: [z.string().default(''), '(empty)', 'Addresses or CIDR ranges of the proxies in front of the server, comma-separated (10.0.0.10, 10.0.0.0/24): X-Forwarded-For/-Proto are believed only from them. Empty: the client address is the socket address. `true` and hop counts are refused (any client could then choose its own address)'],
  HEADERS_TIMEOUT_SECONDS: [int(20, 1, 600), '20', 'Seconds a client has to send the request line and headers; slower connections are closed (HTTP 408)'],
  REQUEST_TIMEOUT_SECONDS: [int(30, 1, 3600), '30', 'Seconds a client has to send a whole JSON/form request (headers and body; a body trickling in is cut off). Uploads get UPLOAD_TIMEOUT_SECONDS'],
  UPLOAD_TIMEOUT_SECONDS: [int(1800, 10, 86_400), '1800', 'Seconds an upload (recording, photo, picture) may take from its first byte; a stalled upload is also cut off after UPLOAD_IDLE_SECONDS without data'],
  UPLOAD_IDLE_SECONDS: [int(30, 1, 3600), '30', 'Seconds an upload may send nothing before it is cut off'],
  KEEP_ALIVE_SECONDS: [int(72, 1, 3600), '72', 'Seconds an idle keep-alive connection stays open (above the balancer\'s own idle timeout, e.g. HAProxy timeout http-keep-alive)'],
  IMAGE_MAX_PIXELS: [int(DEFAULT_IMAGE_MAX_PIXELS, 10_000, 500_000_000), '40000000', 'Largest picture accepted (width × height, read from the file header before anything decodes it): inspection photos, signature photos, template pictures'],
  NOTIFICATION_STREAMS_PER_ACCOUNT: [int(5, 1, 100), '5', 'Live notification streams one account may hold (tabs, devices); a new one closes the oldest'],
  NOTIFICATION_STREAMS_TOTAL: [int(2000, 1, 1_000_000), '2000', 'Live notification streams of one server process; above it a new stream is refused with 1029 (the browser retries later)'],
  PREF_KEYS_PER_ACCOUNT: [int(100, 1, 10_000), '100', 'Preference keys one account may keep (/common/v1/Pref/save; column layouts, filters); a new key above it is refused with 1001'],
  METRICS_TOKEN: [optionalString, '(empty)', 'Prometheus metrics at GET /metrics, with header Authorization: Bearer <token> (at least 16 characters). Empty and METRICS_PORT 0: no metrics'],
  METRICS_PORT: [int(0, 0, 65535), '0', 'Serve Prometheus metrics without a token on this port of METRICS_HOST (an internal port, never exposed); 0: off'],
  METRICS_HOST: [z.string().default('127.0.0.1'), '127.0.0.1', 'Interface of METRICS_PORT'],
  WEB_DIST: [optionalString, 'apps/web/dist', 'Folder of the built web app served at / (SPA fallback to index.html)'],
  BODY_LIMIT_BYTES: [int(1_048_576, 1024), '1048576', 'Largest JSON/form request body accepted (HTTP 413 above); uploads set their own limit'],
  STORAGE: [z.enum(['local', 's3']).default('local'), 'local', 'Where uploaded files live: local (DATA_DIR/files on this host) or s3 (an S3-compatible bucket shared by every host: AWS S3, MinIO, Ceph, OSS, COS)'],
  S3_ENDPOINT: [optionalString, '(empty)', 'S3 endpoint URL (http://minio:9000); empty: AWS S3 of S3_REGION'],
  S3_REGION: [z.string().default('us-east-1'), 'us-east-1', 'S3 region (signing region; any value for most S3-compatible servers)'],
  S3_BUCKET: [optionalString, '(empty)', 'Bucket of the uploaded files (STORAGE=s3 needs it); give it a lifecycle rule that aborts incomplete multipart uploads after a day'],
  S3_ACCESS_KEY_ID: [optionalString, '(empty)', 'S3 access key id; empty: the AWS SDK default credentials (environment, instance role)'],
  S3_SECRET_ACCESS_KEY: [optionalString, '(empty)', 'S3 secret access key'],
  S3_FORCE_PATH_STYLE: [bool(false), 'false', 'Path-style S3 URLs (endpoint/bucket/key) — true for MinIO, Ceph and other servers without per-bucket host names'],
  RECORDING_MAX_BYTES: [int(524_288_000, 1024), '524288000', 'Largest recording (video) upload accepted from the warehouse, in bytes (500 MiB); larger uploads are refused and leave nothing behind'],
  PHOTO_MAX_BYTES: [int(10_485_760, 1024), '10485760', 'Largest inspection photo (JPEG, PNG or WebP) upload accepted from the warehouse, in bytes (10 MiB); larger uploads are refused and leave nothing behind'],
  SECRET_KEY: [optionalString, '(generated)', 'Key for encrypting tokens at rest; when empty one is generated once and kept in DATA_DIR/secret.key'],
  RATE_LOGIN_PER_MINUTE: [int(30, 1), '30', 'Sign-in attempts per client address per minute (1029 above)'],
  RATE_SMS_PER_HOUR_PER_IP: [int(20, 1), '20', 'SMS codes per client address per hour and purpose (sign-in/registration, 检测信息), 1029 above; a refused resend does not count, and a manager\'s sign-in code is limited per mobile only, so a shared office address cannot lock the manager out'],
  RATE_SMS_PER_HOUR_PER_MOBILE: [int(5, 1), '5', 'SMS codes per mobile per hour and purpose (1029 above)'],
  SMS_DAILY_LIMIT: [int(10, 1), '10', 'SMS codes per mobile per day'],
  TEMPLATE_IMAGE_FETCH_TIMEOUT_MS: [int(8000, 100, 60_000), '8000', 'Milliseconds a template save or kr import waits for one image on another host (the whole download, redirects included) before it saves with a warning instead'],
  TEMPLATE_IMAGE_FETCH_PRIVATE: [bool(false), 'false', 'Let template image downloads reach loopback and private addresses (tests with a local image server only; never in production: it opens the server to requests into its own network)'],
  CLODOP_LICENSE_COMPANY: [z.string().default(''), '(empty)', 'C-Lodop print licence: company name (read by the label designer)'],
  CLODOP_LICENSE: [z.string().default(''), '(empty)', 'C-Lodop print licence: license'],
  CLODOP_LICENSE_A: [z.string().default(''), '(empty)', 'C-Lodop print licence: licenseA'],
  CLODOP_LICENSE_B: [z.string().default(''), '(empty)', 'C-Lodop print licence: licenseB'],
  DOUDIAN_APP_KEY: [z.string().default('demo-app-key'), 'demo-app-key', 'Doudian open platform app key'],
  DOUDIAN_APP_SECRET: [z.string().default('demo-app-secret'), 'demo-app-secret', 'Doudian open platform app secret'],
  DOUDIAN_GATEWAY_URL: [optionalString, '(embedded fake)', 'Doudian API gateway (https://openapi-fxg.jinritemai.com); empty: the local fake platform, in DEMO_MODE only'],
  DOUDIAN_AUTH_URL: [optionalString, '(embedded fake)', 'Doudian authorise page the merchant is sent to; empty: the local fake'],
  DOUDIAN_CALLS_PER_MINUTE: [int(300, 1, 100_000), '300', 'Calls to the Doudian open platform per minute for the whole app, across all hosts (the platform limits each app); shipment write-backs wait for a free slot'],
  DOUDIAN_TIMEOUT_MS: [int(10_000, 100, 120_000), '10000', 'Milliseconds a call to the Doudian open platform may take before it counts as failed (a write-back is retried)'],
  WRITEBACK_RETRIES: [int(6, 0, 20), '6', 'Retries of a shipment write-back after a passing failure (network, timeout, 5xx, throttling), with doubling delays from WRITEBACK_RETRY_DELAY_SECONDS; then 同步失败 and the merchant and the centre are told'],
  WRITEBACK_RETRY_DELAY_SECONDS: [int(5, 1, 3600), '5', 'Seconds before the first retry of a shipment write-back (doubled each time)'],
  QUEUE_POLL_SECONDS: [int(2, 1, 60), '2', 'Seconds between a host\'s looks for queued jobs (a job queued on the same host starts at once)'],
  DOUDIAN_AFTERSALE_CHECK_MINUTES: [int(10, 1, 60), '10', 'Reconciliation: every this many minutes, shops with orders in transit or at the centre ask afterSale.List for after-sales whose push never came'],
} as const satisfies Record<string, readonly [z.ZodType, string, string]>;

type VarName = keyof typeof vars;
type Parsed = { [K in VarName]: z.output<(typeof vars)[K][0]> };

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  dbDir: string;
  filesDir: string;
  dbPoolSize: number;
  /** Server processes (WEB_CONCURRENCY): main.ts forks this many when above 1. */
  workers: number;
  seedDemo: boolean;
  sms: {
    provider: 'console' | 'aliyun';
    aliyun: { accessKeyId: string; accessKeySecret: string; signName: string; templateCode: string; endpoint: string; regionId: string };
    dailyLimit: number;
    perIpPerHour: number;
    perMobilePerHour: number;
  };
  redisUrl: string | undefined;
  sessionTtlDays: number;
  drainSeconds: number;
  /** How long a notification stream stays open (the client reconnects from its last id). */
  notificationStreamMs: number;
  logLevel: Parsed['LOG_LEVEL'];
  /** Addresses / CIDRs of the proxies whose X-Forwarded-* are believed (empty: none). */
  trustProxy: string[];
  timeouts: { headersMs: number; requestMs: number; uploadMs: number; uploadIdleMs: number; keepAliveMs: number };
  imageMaxPixels: number;
  notificationStreams: { perAccount: number; total: number };
  prefKeysPerAccount: number;
  metrics: { token: string | undefined; port: number; host: string };
  webDist: string;
  bodyLimit: number;
  storage:
    | { kind: 'local' }
    | { kind: 's3'; bucket: string; region: string; endpoint?: string; forcePathStyle: boolean; accessKeyId?: string; secretAccessKey?: string };
  recordingMaxBytes: number;
  photoMaxBytes: number;
  secretKey: string;
  loginPerMinute: number;
  clodop: { companyName: string; license: string; licenseA: string; licenseB: string };
  /** Images on another host that a template names, fetched into storage at save (modules/templates/remote-images.ts). */
  templateImages: { fetchTimeoutMs: number; maxPixels: number; allowPrivateAddresses: boolean };
  demoMode: boolean;
  /** `fake`: the embedded fake platform of the demo answers (DEMO_MODE without DOUDIAN_GATEWAY_URL). */
  doudian: { appKey: string; appSecret: string; gatewayUrl: string | undefined; authUrl: string | undefined; fake: boolean; callsPerMinute: number; timeoutMs: number };
  /** Shipment write-back to the shop platform (modules/platformSync). */
  writeback: { retries: number; retryDelaySeconds: number };
  /** The job queue (platform/queue.ts). */
  queuePollSeconds: number;
  /** Reconciliation of after-sales with afterSale.List, every this many minutes (DOUDIAN_AFTERSALE_CHECK_MINUTES). */
  aftersaleCheckMinutes: number;
}

export class ConfigError extends Error {}

/** The demo values a production server must never run on (DEMO_MODE=false refuses them). */
export const DEMO_SECRETS = {
  DOUDIAN_APP_KEY: 'demo-app-key',
  DOUDIAN_APP_SECRET: 'demo-app-secret',
  /** The key of the test configuration and of the docs' examples. */
  SECRET_KEY: ['test-secret-key', 'change-me', 'changeme', 'secret', 'demo', 'demo-secret-key'],
} as const;

/** TRUST_PROXY: explicit addresses or CIDR ranges only (IPv4 or IPv6). */
function parseTrustProxy(v: string): string[] {
  const t = v.trim();
  if (!t || t === 'false' || t === '0') return [];
  if (t === 'true' || /^\d+$/.test(t)) {
    throw new ConfigError(
      `TRUST_PROXY=${t} is refused: it would believe X-Forwarded-For from any client, so anyone could choose their own address (and escape the per-address sign-in and SMS limits). Set the addresses or CIDR ranges of your proxies instead, e.g. TRUST_PROXY=10.0.0.10 or TRUST_PROXY=10.0.0.0/24,127.0.0.1`,
    );
  }
  const list = t.split(',').map((s) => s.trim()).filter(Boolean);
  const bad = list.filter((a) => !isAddressOrCidr(a));
  if (bad.length) throw new ConfigError(`TRUST_PROXY: ${bad.join(', ')} is not an IP address or CIDR range (e.g. 10.0.0.10 or 10.0.0.0/24)`);
  return list;
}

function isAddressOrCidr(s: string): boolean {
  const [addr, bits, ...rest] = s.split('/');
  if (rest.length || !addr) return false;
  const family = net.isIP(addr);
  if (!family) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Parses the environment. `persistSecret` (main.ts): generate SECRET_KEY into DATA_DIR/secret.key
 * when absent; otherwise (tests) an absent key becomes a random one for this process.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, opts: { persistSecret?: boolean } = {}): Config {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, [rule]] of Object.entries(vars)) {
    const r = (rule as z.ZodType).safeParse(env[name]);
    if (r.success) out[name] = r.data;
    else problems.push(`${name}: ${r.error.issues.map((i) => i.message).join('; ')} (got ${JSON.stringify(env[name])})`);
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const p = out as Parsed;
  const dataDir = path.resolve(repoRoot, p.DATA_DIR);
  if (p.SMS_PROVIDER === 'aliyun') {
    const missing = (['ALIYUN_ACCESS_KEY_ID', 'ALIYUN_ACCESS_KEY_SECRET', 'ALIYUN_SMS_SIGN_NAME', 'ALIYUN_SMS_TEMPLATE_CODE'] as const).filter((k) => !p[k]);
    if (missing.length) throw new ConfigError(`SMS_PROVIDER=aliyun needs ${missing.join(', ')}`);
  }
  if (!p.DEMO_MODE && !p.DOUDIAN_GATEWAY_URL) {
    throw new ConfigError('DEMO_MODE=false needs DOUDIAN_GATEWAY_URL (e.g. https://openapi-fxg.jinritemai.com): outside demo mode the fake Doudian platform never runs. Set the gateway, or DEMO_MODE=true for a demo.');
  }
  if (!p.DEMO_MODE) {
    // a production server never runs on a value anyone can read in this repository
    const demo: string[] = [];
    if (p.DOUDIAN_APP_KEY === DEMO_SECRETS.DOUDIAN_APP_KEY) demo.push('DOUDIAN_APP_KEY (your app key from the Doudian open platform)');
    if (p.DOUDIAN_APP_SECRET === DEMO_SECRETS.DOUDIAN_APP_SECRET) demo.push('DOUDIAN_APP_SECRET (your app secret from the Doudian open platform: it signs the pushes, so the demo value lets anyone forge one)');
    if (p.SECRET_KEY && ((DEMO_SECRETS.SECRET_KEY as readonly string[]).includes(p.SECRET_KEY) || p.SECRET_KEY.length < 32)) {
      demo.push('SECRET_KEY (at least 32 random characters, e.g. `openssl rand -base64 32`; or leave it empty and one is generated into DATA_DIR/secret.key)');
    }
    if (p.SMS_PROVIDER === 'console') demo.push('SMS_PROVIDER=aliyun with ALIYUN_ACCESS_KEY_ID, ALIYUN_ACCESS_KEY_SECRET, ALIYUN_SMS_SIGN_NAME and ALIYUN_SMS_TEMPLATE_CODE (console prints sign-in codes to the log)');
    if (demo.length) throw new ConfigError(`DEMO_MODE=false refuses to start on demo settings. Set:\n  - ${demo.join('\n  - ')}\n(or DEMO_MODE=true for a demo)`);
  }
  if (!p.METRICS_PORT && p.METRICS_TOKEN && p.METRICS_TOKEN.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters (e.g. `openssl rand -hex 16`), or empty for no metrics');
  if (p.WEB_CONCURRENCY > 1 && !p.DATABASE_URL) {
    throw new ConfigError(`WEB_CONCURRENCY=${p.WEB_CONCURRENCY} needs DATABASE_URL: the embedded PGlite database can be opened by one process only (leave WEB_CONCURRENCY at 1, or set DATABASE_URL)`);
  }
  if (p.STORAGE === 's3' && !p.S3_BUCKET) throw new ConfigError('STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for a server other than AWS S3)');
  if (!p.S3_ACCESS_KEY_ID !== !p.S3_SECRET_ACCESS_KEY) throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the AWS SDK default credentials)');
  return {
    port: p.PORT,
    host: p.HOST,
    databaseUrl: p.DATABASE_URL,
    dataDir,
    dbDir: path.join(dataDir, 'db'),
    filesDir: path.join(dataDir, 'files'),
    dbPoolSize: p.DB_POOL_SIZE,
    workers: p.WEB_CONCURRENCY,
    seedDemo: p.SEED_DEMO,
    sms: {
      provider: p.SMS_PROVIDER,
      aliyun: {
        accessKeyId: p.ALIYUN_ACCESS_KEY_ID ?? '',
        accessKeySecret: p.ALIYUN_ACCESS_KEY_SECRET ?? '',
        signName: p.ALIYUN_SMS_SIGN_NAME ?? '',
        templateCode: p.ALIYUN_SMS_TEMPLATE_CODE ?? '',
        endpoint: p.ALIYUN_SMS_ENDPOINT,
        regionId: p.ALIYUN_REGION_ID,
      },
      dailyLimit: p.SMS_DAILY_LIMIT,
      perIpPerHour: p.RATE_SMS_PER_HOUR_PER_IP,
      perMobilePerHour: p.RATE_SMS_PER_HOUR_PER_MOBILE,
    },
    redisUrl: p.REDIS_URL,
    sessionTtlDays: p.SESSION_TTL_DAYS,
    drainSeconds: p.DRAIN_SECONDS,
    notificationStreamMs: p.NOTIFICATION_STREAM_SECONDS * 1000,
    logLevel: p.LOG_LEVEL,
    trustProxy: parseTrustProxy(p.TRUST_PROXY),
    timeouts: {
      headersMs: p.HEADERS_TIMEOUT_SECONDS * 1000,
      requestMs: p.REQUEST_TIMEOUT_SECONDS * 1000,
      uploadMs: p.UPLOAD_TIMEOUT_SECONDS * 1000,
      uploadIdleMs: p.UPLOAD_IDLE_SECONDS * 1000,
      keepAliveMs: p.KEEP_ALIVE_SECONDS * 1000,
    },
    imageMaxPixels: p.IMAGE_MAX_PIXELS,
    notificationStreams: { perAccount: p.NOTIFICATION_STREAMS_PER_ACCOUNT, total: p.NOTIFICATION_STREAMS_TOTAL },
    prefKeysPerAccount: p.PREF_KEYS_PER_ACCOUNT,
    metrics: { token: p.METRICS_TOKEN, port: p.METRICS_PORT, host: p.METRICS_HOST },
    webDist: path.resolve(repoRoot, p.WEB_DIST ?? 'apps/web/dist'),
    bodyLimit: p.BODY_LIMIT_BYTES,
    storage:
      p.STORAGE === 's3'
        ? { kind: 's3', bucket: p.S3_BUCKET!, region: p.S3_REGION, endpoint: p.S3_ENDPOINT, forcePathStyle: p.S3_FORCE_PATH_STYLE, accessKeyId: p.S3_ACCESS_KEY_ID, secretAccessKey: p.S3_SECRET_ACCESS_KEY }
        : { kind: 'local' },
    recordingMaxBytes: p.RECORDING_MAX_BYTES,
    photoMaxBytes: p.PHOTO_MAX_BYTES,
    secretKey: p.SECRET_KEY ?? (opts.persistSecret ? readOrCreateSecret(dataDir) : crypto.randomBytes(32).toString('base64url')),
    loginPerMinute: p.RATE_LOGIN_PER_MINUTE,
    clodop: { companyName: p.CLODOP_LICENSE_COMPANY, license: p.CLODOP_LICENSE, licenseA: p.CLODOP_LICENSE_A, licenseB: p.CLODOP_LICENSE_B },
    templateImages: { fetchTimeoutMs: p.TEMPLATE_IMAGE_FETCH_TIMEOUT_MS, maxPixels: p.IMAGE_MAX_PIXELS, allowPrivateAddresses: p.TEMPLATE_IMAGE_FETCH_PRIVATE },
    demoMode: p.DEMO_MODE,
    doudian: {
      appKey: p.DOUDIAN_APP_KEY,
      appSecret: p.DOUDIAN_APP_SECRET,
      gatewayUrl: p.DOUDIAN_GATEWAY_URL,
      authUrl: p.DOUDIAN_AUTH_URL,
      fake: p.DEMO_MODE && !p.DOUDIAN_GATEWAY_URL,
      callsPerMinute: p.DOUDIAN_CALLS_PER_MINUTE,
      timeoutMs: p.DOUDIAN_TIMEOUT_MS,
    },
    writeback: { retries: p.WRITEBACK_RETRIES, retryDelaySeconds: p.WRITEBACK_RETRY_DELAY_SECONDS },
    queuePollSeconds: p.QUEUE_POLL_SECONDS,
    aftersaleCheckMinutes: p.DOUDIAN_AFTERSALE_CHECK_MINUTES,
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  try {
    const s = fs.readFileSync(file, 'utf8').trim();
    if (s) return s;
  } catch {
    /* not there yet */
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** The table of variables for the README (name, default, meaning). */
export function describeConfig(): VarDoc[] {
  return Object.entries(vars).map(([name, [, def, meaning]]) => ({ name, default: def, meaning }));
}

/** describeConfig() as a Markdown table. */
export function configMarkdownTable(): string {
  const rows = describeConfig().map((v) => `| \`${v.name}\` | ${v.default === '(empty)' ? '' : `\`${v.default}\``} | ${v.meaning} |`);
  return ['| Variable | Default | Meaning |', '|---|---|---|', ...rows].join('\n');
}

/** A configuration for tests: defaults, silent logs, a fixed secret. */
export function testConfig(overrides: Partial<Config> = {}, env: Record<string, string | undefined> = {}): Config {
  // no web build in tests unless a test gives one (apps/web/dist may or may not exist)
  // a notification stream ends after 1 s: tests that read answers whole (inject, the hardening matrix) get them
  return { ...loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: 'test-secret-key', DATA_DIR: '.data-test', WEB_DIST: '.data-test/no-web-build', NOTIFICATION_STREAM_SECONDS: '1', ...env }), ...overrides };
}
