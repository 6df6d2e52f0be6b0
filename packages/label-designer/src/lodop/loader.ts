import { translate, type Locale } from '../i18n';
import type { Lodop } from './types';
import { compareVersions } from './version';

/**
 * Spec §8 print-control states. Each non-ready state carries the message to alert and the links
 * the message offers, so the host only renders it.
 */
export type LodopStatus =
  | { state: 'ready'; lodop: Lodop; version: string; url: string }
  | { state: 'loading'; message: string }
  | { state: 'not-installed'; message: string; downloadUrl: string; restartUrl: string }
  | { state: 'not-started'; message: string; restartUrl: string }
  | { state: 'needs-upgrade'; message: string; component: 'service' | 'plugin'; current: string; required: string; downloadUrl: string }
  | { state: 'error'; message: string; error: string };

export interface LodopLoaderOptions {
  /** Script URLs tried together; the first that loads wins. Default from the page's protocol. */
  urls?: string[];
  /** Give up waiting for a script or the service socket after this long. */
  timeoutMs?: number;
  minServiceVersion?: string;
  minPluginVersion?: string;
  downloadUrl?: string;
  /** C-Lodop registers this protocol to start its service again. */
  restartUrl?: string;
  locale?: Locale;
  window?: Window;
  /** Remembers that C-Lodop once loaded here, to tell "not started" from "not installed". */
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

export const CLODOP_HTTP_URLS = ['http://localhost:8000/CLodopfuncs.js', 'http://localhost:18000/CLodopfuncs.js'];
export const CLODOP_HTTPS_URLS = ['https://localhost:8443/CLodopfuncs.js', 'https://localhost:8444/CLodopfuncs.js'];
export const CLODOP_DOWNLOAD_URL = 'https://www.lodop.net/download.html';
export const CLODOP_RESTART_URL = 'CLodop.protocol:setup';
export const CLODOP_SEEN_KEY = 'gemqc.clodop.seen';
export const DEFAULT_MIN_SERVICE_VERSION = '3.0.9.3';
export const DEFAULT_MIN_PLUGIN_VERSION = '6.2.2.6';

type LodopWindow = Window & { getCLodop?: () => Lodop | null | undefined; CLODOP?: Lodop };

export function defaultClodopUrls(win: Window | undefined = globalThis.window): string[] {
  return win?.location?.protocol === 'https:' ? CLODOP_HTTPS_URLS : CLODOP_HTTP_URLS;
}

function injectFirst(win: Window, urls: string[], timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const doc = win.document;
    const scripts: HTMLScriptElement[] = [];
    let pending = urls.length;
    let done = false;
    const finish = (url: string | null): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      // The losing scripts stay harmless if they load later; drop their tags to keep the DOM clean.
      for (const s of scripts) if (s.src !== url && s.dataset.clodop !== url) s.remove();
      resolve(url);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    for (const url of urls) {
      const s = doc.createElement('script');
      s.src = url;
      s.async = true;
      s.dataset.clodop = url;
      s.onload = () => finish(url);
      s.onerror = () => {
        s.remove();
        if (--pending === 0) finish(null);
      };
      scripts.push(s);
      (doc.head ?? doc.documentElement).appendChild(s);
    }
    if (urls.length === 0) finish(null);
  });
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Resolve the status once a script has loaded: wait for getCLodop() and its socket, check versions. */
async function settle(win: LodopWindow, url: string, o: Required<Pick<LodopLoaderOptions, 'timeoutMs' | 'minServiceVersion' | 'minPluginVersion' | 'downloadUrl'>> & { locale?: Locale }): Promise<LodopStatus> {
  const deadline = Date.now() + o.timeoutMs;
  let lodop: Lodop | null | undefined;
  for (;;) {
    try {
      lodop = typeof win.getCLodop === 'function' ? win.getCLodop() : win.CLODOP;
    } catch (e) {
      return { state: 'error', error: String((e as Error)?.message ?? e), message: translate(o.locale, 'lodop.error', { msg: String((e as Error)?.message ?? e) }) };
    }
    // The object exists before its websocket is open; calls made before that are lost.
    const socketReady = !lodop?.webskt || lodop.webskt.readyState === 1;
    if (lodop && socketReady) break;
    if (Date.now() > deadline) return { state: 'loading', message: translate(o.locale, 'lodop.loading') };
    await sleep(50);
  }
  const service = lodop.CVERSION ?? '';
  if (service && compareVersions(service, o.minServiceVersion) < 0) {
    return { state: 'needs-upgrade', component: 'service', current: service, required: o.minServiceVersion, downloadUrl: o.downloadUrl, message: translate(o.locale, 'lodop.upgradeService', { current: service, required: o.minServiceVersion }) };
  }
  const plugin = lodop.VERSION ?? '';
  if (!service && plugin && compareVersions(plugin, o.minPluginVersion) < 0) {
    return { state: 'needs-upgrade', component: 'plugin', current: plugin, required: o.minPluginVersion, downloadUrl: o.downloadUrl, message: translate(o.locale, 'lodop.upgradePlugin', { current: plugin, required: o.minPluginVersion }) };
  }
  return { state: 'ready', lodop, version: service || plugin, url };
}

/**
 * Loads C-Lodop once per window. `status()` answers synchronously ('loading' with the spec's
 * "wait a moment" message while scripts are in flight); `load()` resolves to the final state.
 */
export class LodopLoader {
  private promise: Promise<LodopStatus> | null = null;
  private last: LodopStatus | null = null;
  constructor(private readonly options: LodopLoaderOptions = {}) {}

  status(): LodopStatus {
    return this.last ?? { state: 'loading', message: translate(this.options.locale, 'lodop.loading') };
  }

  load(): Promise<LodopStatus> {
    if (this.promise) return this.promise;
    const o = this.options;
    const win = (o.window ?? globalThis.window) as LodopWindow | undefined;
    const locale = o.locale;
    const downloadUrl = o.downloadUrl ?? CLODOP_DOWNLOAD_URL;
    const restartUrl = o.restartUrl ?? CLODOP_RESTART_URL;
    const storage = o.storage === undefined ? safeLocalStorage(win) : o.storage;
    this.promise = (async (): Promise<LodopStatus> => {
      if (!win) return { state: 'error', error: 'no window', message: translate(locale, 'lodop.error', { msg: 'no window' }) };
      const timeoutMs = o.timeoutMs ?? 8000;
      const url = typeof win.getCLodop === 'function' ? 'preloaded' : await injectFirst(win, o.urls ?? defaultClodopUrls(win), timeoutMs);
      if (url === null) {
        if (storage?.getItem(CLODOP_SEEN_KEY)) return { state: 'not-started', restartUrl, message: translate(locale, 'lodop.notStarted') };
        return { state: 'not-installed', downloadUrl, restartUrl, message: translate(locale, 'lodop.notInstalled') };
      }
      const st = await settle(win, url, { timeoutMs, locale, downloadUrl, minServiceVersion: o.minServiceVersion ?? DEFAULT_MIN_SERVICE_VERSION, minPluginVersion: o.minPluginVersion ?? DEFAULT_MIN_PLUGIN_VERSION });
      if (st.state === 'ready') storage?.setItem(CLODOP_SEEN_KEY, '1');
      return st;
    })().then((st) => {
      this.last = st;
      // A still-loading or failed attempt may be retried later (the user may start the service).
      if (st.state !== 'ready') this.promise = null;
      return st;
    });
    return this.promise;
  }
}

function safeLocalStorage(win: Window | undefined): Storage | null {
  try {
    return win?.localStorage ?? null;
  } catch {
    return null;
  }
}
