import type { Config } from '../../config';
import { DoudianClient, type DoudianLogger } from './client';

export * from './client';
export * from './errors';

/** The real platform's authorise page, used when DOUDIAN_GATEWAY_URL is set but no DOUDIAN_AUTH_URL. */
export const DEFAULT_AUTH_URL = 'https://fuwu.jinritemai.com/authorize';

/** A client for the configured gateway (cheap: no connection state); null when none is configured. */
export function doudianClient(config: Config, logger?: DoudianLogger): DoudianClient | null {
  const d = config.doudian;
  if (!d.gatewayUrl) return null;
  return new DoudianClient({ gateway: d.gatewayUrl, appKey: d.appKey, appSecret: d.appSecret, timeoutMs: d.timeoutMs, logger });
}

export function doudianAuthUrl(config: Config): string {
  return config.doudian.authUrl ?? DEFAULT_AUTH_URL;
}

/**
 * The embedded demo: in DEMO_MODE without DOUDIAN_GATEWAY_URL (config.doudian.fake), start the
 * local fake platform on 127.0.0.1 (random free port) and point the configuration's gateway and
 * authorise page at it. One http.listen — a few milliseconds; the fake module is loaded only in
 * that case. Answers a function that stops it (or null when a real gateway is configured).
 */
export async function startEmbeddedDoudian(config: Config): Promise<(() => Promise<void>) | null> {
  if (!config.doudian.fake || config.doudian.gatewayUrl) return null; // a cluster worker gets the primary's fake as its gateway
  const { startFakeDoudian } = await import('./fake');
  // simulated buyer refunds (the fake's /fake/refund page) are pushed to this app's push endpoint
  const pushUrl = `http://127.0.0.1:${config.port}/api/publics/v1/Doudian/push`;
  const fake = await startFakeDoudian({ appKey: config.doudian.appKey, appSecret: config.doudian.appSecret, pushUrl });
  config.doudian.gatewayUrl = fake.url;
  config.doudian.authUrl ??= fake.authorizeUrl;
  return fake.close;
}

/** The warning every start with the fake platform logs (main.ts). */
export const FAKE_DOUDIAN_WARNING =
  'DEMO_MODE: shops are authorised and orders pulled from the embedded FAKE Doudian platform, not the real one; in production set DEMO_MODE=false and DOUDIAN_GATEWAY_URL';
