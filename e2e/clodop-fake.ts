/**
 * A fake C-Lodop print service for the end-to-end specs: a real HTTP server on 127.0.0.1:8000 (the
 * port C-Lodop listens on, where packages/label-designer/src/lodop/loader.ts looks for
 * `http://localhost:8000/CLodopfuncs.js`) serving a `CLodopfuncs.js` whose `getCLodop()` returns a
 * recording LODOP object:
 *
 * - every upper-case method call (PRINT_INITA, ADD_PRINT_TEXT, SET_PRINT_STYLEA, PREVIEW, …) is
 *   pushed to `window.__lodopCalls` and POSTed back to the fake at `/__record` with a per-page
 *   session id and sequence number, so a spec can assert the job from Node (`waitForJob`);
 * - GET_PRINTER_COUNT / GET_PRINTER_NAME answer the fake's printers; PREVIEW / PRINT answer success;
 * - `CVERSION` / `VERSION` are set above the loader's minimums, and `webskt.readyState` turns 1 a
 *   moment after the script ran, as the real service's websocket does (the loader waits for it).
 *
 * Only one fake can hold the port: specs that need it run serially in one file, and that file takes
 * `lockClodopPort()` for its whole run, so two test runs on one machine take turns instead of
 * seeing each other's fake (a "no C-Lodop" test must not meet another run's fake either).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const CLODOP_PORT = 8000;

export const FAKE_PRINTERS = ['GemQC 标签打印机 TSC-244', 'GemQC 面单打印机 DL-888D'] as const;
export const FAKE_CVERSION = '6.6.0.3';

export interface LodopCall {
  /** Random id of the page that made the call (one per CLodopfuncs.js load). */
  session: string;
  /** Order of the call within its session, from 0. */
  seq: number;
  method: string;
  args: unknown[];
}

export interface ClodopFake {
  url: string;
  /** Every call recorded so far, per session in call order, sessions in order of first arrival. */
  calls(): LodopCall[];
  /** How many times CLodopfuncs.js was served. */
  scriptLoads(): number;
  /** Hide the calls recorded so far (from `calls()` and `waitForJob`). */
  clear(): void;
  /**
   * Waits until a call of `endMethod` (PREVIEW or PRINT) has arrived together with every call the
   * same page made before it, and answers the job: the calls from the last PRINT_INITA (or the
   * SET_LICENSES just before it) up to and including `endMethod`.
   */
  waitForJob(endMethod: 'PREVIEW' | 'PRINT', timeoutMs?: number): Promise<LodopCall[]>;
  stop(): Promise<void>;
}

function script(printers: readonly string[], cversion: string): string {
  // Runs in the page. Kept ES5-ish like the real CLodopfuncs.js; no page globals are assumed.
  return `(function () {
  var RECORD_URL = 'http://localhost:${CLODOP_PORT}/__record';
  var printers = ${JSON.stringify(printers)};
  var session = Math.random().toString(16).slice(2) + Date.now().toString(16);
  var seq = 0;
  window.__lodopCalls = window.__lodopCalls || [];
  function record(method, args) {
    var call = { session: session, seq: seq++, method: method, args: Array.prototype.slice.call(args) };
    window.__lodopCalls.push(call);
    try {
      fetch(RECORD_URL, { method: 'POST', mode: 'no-cors', keepalive: true, headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(call) });
    } catch (e) { /* recording is best effort in the page; the spec waits for it */ }
  }
  var answers = {
    GET_PRINTER_COUNT: function () { return printers.length; },
    GET_PRINTER_NAME: function (i) { var n = printers[Number(i)]; return n === undefined ? '' : n; },
    PREVIEW: function () { return 1; },
    PRINT: function () { return true; },
    SET_PRINTER_INDEX: function (p) { return typeof p === 'number' ? p >= 0 && p < printers.length : printers.indexOf(String(p)) >= 0; }
  };
  var base = { VERSION: '${cversion}', CVERSION: '${cversion}', webskt: { readyState: 0 } };
  setTimeout(function () { base.webskt.readyState = 1; }, 150);
  var lodop = new Proxy(base, {
    get: function (target, prop) {
      if (prop in target) return target[prop];
      if (typeof prop !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(prop)) return undefined;
      return function () {
        record(prop, arguments);
        var answer = answers[prop];
        return answer ? answer.apply(null, arguments) : true;
      };
    }
  });
  window.CLODOP = lodop;
  window.getCLodop = function () { return lodop; };
})();
`;
}

const LOCK_DIR = path.join(os.tmpdir(), `gemqc-e2e-clodop-${CLODOP_PORT}.lock`);

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Machine-wide lock on C-Lodop's port for one spec file (mkdir is atomic; a lock whose process is
 * gone is taken over). Waits up to `timeoutMs` for another run to finish; answers the release.
 */
export async function lockClodopPort(timeoutMs = 150_000): Promise<() => void> {
  const owner = path.join(LOCK_DIR, 'pid');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      fs.writeFileSync(owner, String(process.pid));
      return () => fs.rmSync(LOCK_DIR, { recursive: true, force: true });
    } catch {
      let pid = NaN;
      try {
        pid = Number(fs.readFileSync(owner, 'utf8'));
      } catch {
        /* being created or removed right now */
      }
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) fs.rmSync(LOCK_DIR, { recursive: true, force: true });
      else if (Date.now() > deadline) {
        throw new Error(`Another test run (pid ${pid}) has held the fake C-Lodop's port ${CLODOP_PORT} for over ${timeoutMs / 1000} s (lock ${LOCK_DIR}).`);
      } else await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** Starts the fake on 127.0.0.1:8000; fails with a clear message when the port is taken. */
export async function startClodopFake(opts: { printers?: readonly string[]; cversion?: string } = {}): Promise<ClodopFake> {
  const printers = opts.printers ?? FAKE_PRINTERS;
  const body = script(printers, opts.cversion ?? FAKE_CVERSION);
  const sessions = new Map<string, LodopCall[]>();
  let loads = 0;
  let changed: (() => void)[] = [];
  const notify = (): void => {
    const waiting = changed;
    changed = [];
    for (const w of waiting) w();
  };

  const server = http.createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type' };
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/CLodopfuncs.js') {
      loads++;
      res.writeHead(200, { ...cors, 'Content-Type': 'application/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(body);
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, cors);
      res.end();
      return;
    }
    if (req.method === 'POST' && path === '/__record') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as LodopCall;
          const list = sessions.get(call.session) ?? [];
          list.push(call);
          list.sort((a, b) => a.seq - b.seq);
          sessions.set(call.session, list);
          notify();
          res.writeHead(204, cors);
        } catch {
          res.writeHead(400, cors);
        }
        res.end();
      });
      return;
    }
    res.writeHead(404, cors);
    res.end();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', (e: NodeJS.ErrnoException) =>
      reject(
        e.code === 'EADDRINUSE'
          ? new Error(`The fake C-Lodop cannot listen on 127.0.0.1:${CLODOP_PORT}: the port is taken (a real C-Lodop, or another fake still running). Free it and run again.`)
          : e,
      ),
    );
    server.listen(CLODOP_PORT, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  // clear() does not drop calls (a job is complete only when every call of its page since the
  // page loaded has arrived); it hides the calls recorded so far, per session.
  const hiddenUpTo = new Map<string, number>();
  const visible = (list: LodopCall[], session: string): LodopCall[] => list.filter((c) => c.seq > (hiddenUpTo.get(session) ?? -1));
  const all = (): LodopCall[] => [...sessions.entries()].flatMap(([session, list]) => visible(list, session));

  /** The job ending at the last visible `endMethod` call of a session whose calls up to it all arrived. */
  const completeJob = (endMethod: string): LodopCall[] | null => {
    for (const [session, list] of [...sessions.entries()].reverse()) {
      const endIdx = list.map((c) => c.method).lastIndexOf(endMethod);
      const end = list[endIdx];
      if (!end || end.seq <= (hiddenUpTo.get(session) ?? -1)) continue;
      // Calls arrive out of order: wait until 0..end.seq are all here.
      if (list.slice(0, endIdx + 1).some((c, i) => c.seq !== i)) return null;
      let start = list.slice(0, endIdx + 1).map((c) => c.method).lastIndexOf('PRINT_INITA');
      if (start < 0) return null;
      if (start > 0 && list[start - 1]?.method === 'SET_LICENSES') start--;
      return visible(list.slice(start, endIdx + 1), session);
    }
    return null;
  };

  return {
    url: `http://localhost:${port}`,
    calls: all,
    scriptLoads: () => loads,
    clear: () => {
      for (const [session, list] of sessions) hiddenUpTo.set(session, list.at(-1)?.seq ?? -1);
    },
    waitForJob(endMethod, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          const job = completeJob(endMethod);
          if (job) {
            clearTimeout(timer);
            resolve(job);
          } else changed.push(check);
        };
        const timer = setTimeout(() => {
          changed = changed.filter((w) => w !== check);
          reject(new Error(`no complete ${endMethod} job reached the fake C-Lodop in ${timeoutMs} ms; calls: ${JSON.stringify(all().map((c) => c.method))}`));
        }, timeoutMs);
        check();
      });
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
