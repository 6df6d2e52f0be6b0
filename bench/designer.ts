import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { pathToFileURL } from 'node:url';
import type { Plugin, PluginOption } from 'vite';
import { chromium, type Browser, type Page } from 'playwright-core';
import bwipjs from 'bwip-js/node';
import { buildJob } from '../packages/label-designer/src/lodop/job';
import { encodeQr } from '../packages/label-designer/src/render/qr';
import type { Lodop } from '../packages/label-designer/src/lodop/types';
import { designerTemplate, labelRows, labelTemplate, DESIGNER_COLS } from './designer/fixtures';
import type { DragFigures, PrintFigures } from './designer/main';
import type { Benchmark } from './registry';
import type { Figure } from './run';

const root = path.resolve(import.meta.dirname, '..');
const pageDir = path.join(import.meta.dirname, 'designer');
const outDir = path.join(import.meta.dirname, 'out', 'designer-page');

const RUNS = Number(process.env.BENCH_DESIGNER_RUNS ?? 5);
const PRINT_RUNS = Number(process.env.BENCH_DESIGNER_PRINT_RUNS ?? 3);
const MOVES = 60;
/** Item 67 of the grid: a Code128 in the visible part of the canvas. */
const DRAGGED = 3 * DESIGNER_COLS + 7;

/**
 * <LabelDesigner> with 1,000 items (70 % text, 20 % Code128, 10 % QR) in headless Chromium:
 * time to ready, a 60-move drag, plus the C-Lodop job build and the browser render of 5,000 labels.
 */
export const designerBenchmark: Benchmark = {
  name: 'designer',
  description: 'label designer: 1,000-item template in headless Chromium, C-Lodop job and browser render of 5,000 labels',
  async run() {
    const load = (): string => `load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
    const figures: Figure[] = [];
    const loadBefore = load();

    const job = jobBuild();
    figures.push({
      name: 'C-Lodop job build, 5,000 rows (median of 7)',
      value: median(job.wall),
      unit: 'ms',
      budget: { max: 500 },
      note: `${job.calls} calls recorded; all: ${list(job.wall)}; CPU ${list(job.cpu)}; ${loadBefore}`,
    });
    figures.push({ name: 'C-Lodop job build, 5,000 rows, builder alone (calls only counted)', value: median(job.builderOnly), unit: 'ms', note: `all: ${list(job.builderOnly)}` });

    const qr = qrEncoders();
    figures.push({
      name: 'QR encode per code: lean-qr (the encoder) relative to bwip-js',
      value: qr.ratio,
      unit: '×',
      budget: { max: 0.5 },
      note: `lean-qr ${qr.lean.toFixed(3)} ms, bwip-js ${qr.bwip.toFixed(3)} ms a code (median of 5 rounds of ${QR_CODES} label URLs, level M, CPU time); ${load()}`,
    });

    await buildPage();
    const server = await serve(outDir);
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    try {
      const readies: number[] = [];
      const loadTasks: number[] = [];
      const drags: DragFigures[] = [];
      for (let i = 0; i < RUNS; i++) {
        const r = await designerRun(browser, server.url);
        readies.push(r.ready);
        loadTasks.push(r.longestLoadTask);
        drags.push(r.drag);
      }
      const traced = await designerRun(browser, server.url, true);
      const loadNow = load();
      const runs = `median of ${RUNS} page loads; ${loadNow}`;
      figures.push({ name: 'designer ready (navigation → 1,000 items painted)', value: median(readies), unit: 'ms', budget: { max: 1000 }, note: `${runs}; all: ${list(readies)}` });
      figures.push({ name: 'longest long task while loading', value: median(loadTasks), unit: 'ms', note: `all: ${list(loadTasks)}` });
      const p95s = drags.map((d) => percentile(d.frameIntervals, 95));
      figures.push({ name: `drag: frame interval p95 (${MOVES} moves)`, value: median(p95s), unit: 'ms', budget: { max: 16.7 }, note: `${runs}; all: ${list(p95s)}` });
      // A missed frame shows as an interval of two vsyncs (~33 ms); 16.7–16.9 ms is the compositor's
      // begin-frame jitter plus the 0.1 ms coarsening of performance.now(), not a dropped frame.
      const missed = drags.map((d) => d.frameIntervals.filter((f) => f > 25).length);
      figures.push({
        name: 'drag: missed frames (interval > 25 ms)',
        value: median(missed),
        unit: 'frames',
        note: `all: ${missed.join(', ')}; longest interval ${list(drags.map((d) => Math.max(0, ...d.frameIntervals)))} ms; intervals ${list([...new Set(drags.flatMap((d) => d.frameIntervals.map((f) => Math.round(f * 10) / 10)))].sort((a, b) => a - b))}`,
      });
      const empty: number[] = [];
      for (let i = 0; i < RUNS; i++) empty.push(percentile(await emptyPageFrames(browser), 95));
      figures.push({ name: 'drag reference: frame interval p95, empty page, same moves', value: median(empty), unit: 'ms', note: `the compositor's own figure in this browser: all: ${list(empty)}` });
      const p50s = drags.map((d) => percentile(d.moveLatencies, 50));
      figures.push({ name: 'drag: pointer-to-paint latency p50', value: median(p50s), unit: 'ms', budget: { max: 16 }, note: `all: ${list(p50s)}` });
      const longest = drags.map((d) => Math.max(0, ...d.longTasks.map(([, dur]) => dur)));
      figures.push({ name: 'drag: longest long task (down, moves, release)', value: median(longest), unit: 'ms', budget: { max: 50 }, note: `all: ${list(longest)}` });
      figures.push({ name: 'drag: pointer down → paint', value: median(drags.map((d) => d.downToPaint)), unit: 'ms', note: `all: ${list(drags.map((d) => d.downToPaint))}` });
      if (traced.cpu) {
        const c = traced.cpu;
        const why = 'renderer main-thread CPU time from a traced extra run: not inflated by waiting for a core';
        figures.push({ name: 'CPU: main thread until designer ready', value: c.readyCpu, unit: 'ms', note: `${why} (that run: ready ${traced.ready.toFixed(0)} ms wall)` });
        figures.push({
          name: 'CPU: barcode workers until designer ready (sum)',
          value: c.readyWorkersCpu.reduce((a, b) => a + b, 0),
          unit: 'ms',
          note: `${c.readyWorkersCpu.length} workers: ${list(c.readyWorkersCpu)}; they run beside the main thread, so on idle cores ready is about the longer of the two paths`,
        });
        figures.push({ name: 'CPU: longest main-thread task, pointer down to 1 s after release', value: c.downUpLongestCpu, unit: 'ms', budget: { max: 50 } });
        figures.push({ name: 'CPU: main thread per frame while dragging', value: c.dragCpuPerFrame, unit: 'ms', budget: { max: 16.7 } });
      }
      figures.push({ name: 'drag: release → paint', value: median(drags.map((d) => d.upToPaint)), unit: 'ms', note: `all: ${list(drags.map((d) => d.upToPaint))}` });

      const prints: PrintFigures[] = [];
      for (let i = 0; i < PRINT_RUNS; i++) prints.push(await printRun(browser, server.url, 5000));
      if (!prints.length) return figures;
      const totals = prints.map((x) => x.total);
      figures.push({
        name: 'browser render of 5,000 labels (text + Code128 + QR)',
        value: median(totals),
        unit: 'ms',
        budget: { max: 5000 },
        note: `median of ${PRINT_RUNS}; written into the frame (markup, parse, layout as barcodes arrive) ${list(prints.map((x) => x.build))}, then images, fonts, layout, paint ${list(prints.map((x) => x.layoutAndPaint))}; ${prints[0]?.sheets} sheets; ${load()}`,
      });
      figures.push({
        name: 'browser print of 5,000 labels: first sheet in the frame',
        value: median(prints.map((x) => x.first)),
        unit: 'ms',
        note: `median of ${PRINT_RUNS}; all: ${list(prints.map((x) => x.first))} (the first step is 24 labels, then 200 a step)`,
      });
      const tracedPrint = await printRun(browser, server.url, 5000, true);
      if (tracedPrint.cpu) {
        const c = tracedPrint.cpu;
        const why = 'thread CPU time from a traced extra run';
        figures.push({ name: 'CPU: print of 5,000 labels, page main thread', value: c.main, unit: 'ms', note: `${why} (that run: ${tracedPrint.total.toFixed(0)} ms wall); of it (inclusive) ${Object.entries(c.kinds).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}` });
        figures.push({
          name: 'CPU: print of 5,000 labels, barcode workers (sum)',
          value: c.workers.reduce((a, b) => a + b, 0),
          unit: 'ms',
          note: `${c.workers.length} workers: ${list(c.workers)}; on idle cores the wall time is about max(main thread, busiest worker)`,
        });
      }
    } finally {
      await browser.close();
      await server.close();
    }
    return figures;
  },
};

// ---------------------------------------------------------------------------------------------
// C-Lodop job build (Node): the package's buildJob against a LODOP that records every call.

const LODOP_METHODS = [
  'PRINT_INITA', 'SET_PRINT_PAGESIZE', 'SET_PRINTER_INDEX', 'SET_LICENSES', 'ADD_PRINT_TEXT', 'ADD_PRINT_BARCODE', 'ADD_PRINT_HTM',
  'ADD_PRINT_TABLE', 'ADD_PRINT_IMAGE', 'ADD_PRINT_LINE', 'ADD_PRINT_RECT', 'SET_PRINT_STYLEA', 'SET_PRINT_COPIES', 'NEWPAGE', 'NEWPAGEA',
  'PREVIEW', 'PRINT',
] as const;

/**
 * A LODOP that keeps every call (name, then its arguments) in one flat list, as C-Lodop's own
 * client queues a task before sending it. One small array per call held across 245,000 calls made
 * the garbage collector, not the job builder, most of the figure (and most of its noise).
 */
function recordingLodop(): Lodop & { calls: unknown[] } {
  const calls: unknown[] = [];
  const lodop: Record<string, unknown> = { calls, GET_PRINTER_COUNT: () => 0, GET_PRINTER_NAME: () => '' };
  for (const name of LODOP_METHODS)
    lodop[name] = (...args: unknown[]): boolean => {
      calls.push(name, args);
      return true;
    };
  return lodop as unknown as Lodop & { calls: unknown[] };
}

/** A LODOP that only counts calls: the job builder's own time. */
function countingLodop(): Lodop & { count: number } {
  const lodop: Record<string, unknown> = { count: 0, GET_PRINTER_COUNT: () => 0, GET_PRINTER_NAME: () => '' };
  for (const name of LODOP_METHODS)
    lodop[name] = (): boolean => {
      (lodop.count as number)++;
      return true;
    };
  return lodop as unknown as Lodop & { count: number };
}

/** The runtime's collector, so each timed build starts without the previous build's garbage. */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

export interface JobFigures {
  /** Wall and CPU time of each build against the recording LODOP, ms. */
  wall: number[];
  cpu: number[];
  /** Wall time of each build against the counting LODOP, ms. */
  builderOnly: number[];
  calls: number;
}

export function jobBuild(runs = 7): JobFigures {
  const template = labelTemplate();
  const rows = labelRows(5000);
  const gc = collector();
  const opts = { licence: { companyName: 'bench', license: 'x' } };
  const out: JobFigures = { wall: [], cpu: [], builderOnly: [], calls: 0 };
  for (let i = 0; i < runs; i++) {
    const lodop = recordingLodop();
    gc();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    buildJob(lodop, template, rows, opts);
    out.wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    out.cpu.push((c.user + c.system) / 1000);
    out.calls = lodop.calls.length / 2;
  }
  for (let i = 0; i < runs; i++) {
    const lodop = countingLodop();
    gc();
    const t0 = performance.now();
    buildJob(lodop, template, rows, opts);
    out.builderOnly.push(performance.now() - t0);
    if (lodop.count !== out.calls) throw new Error(`the job has ${lodop.count} calls, the recorded one ${out.calls}`);
  }
  return out;
}

const QR_CODES = 500;

/**
 * CPU time a QR code costs lean-qr (render/qr.ts, the package's QR encoder) and bwip-js (the one it
 * replaced), for the bench labels' URLs: a ratio, so it holds on a busy machine as well as on a quiet one.
 */
export function qrEncoders(rounds = 5): { lean: number; bwip: number; ratio: number } {
  const texts = labelRows(QR_CODES).map((r) => String(r.url));
  const cpu = (f: (t: string) => unknown): number => {
    const c0 = process.cpuUsage();
    for (const t of texts) f(t);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / texts.length;
  };
  const lean = (t: string): unknown => encodeQr(t, 'M');
  const bwip = (t: string): unknown => bwipjs.raw({ bcid: 'qrcode', text: t, eclevel: 'M' } as Parameters<typeof bwipjs.raw>[0]);
  cpu(lean); // warm both up
  cpu(bwip);
  const l: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < rounds; i++) {
    l.push(cpu(lean));
    b.push(cpu(bwip));
  }
  const ratios = l.map((x, i) => x / (b[i] as number));
  return { lean: median(l), bwip: median(b), ratio: median(ratios) };
}

// ---------------------------------------------------------------------------------------------
// The page: bundled by Vite (production), served by a small static server.

/** Resolve the page's `./label-designer` declarations to the package itself. */
function packageFacade(): Plugin {
  const entry = path.join(root, 'packages', 'label-designer', 'src', 'index.ts');
  return {
    name: 'bench-label-designer-facade',
    enforce: 'pre',
    resolveId(source, importer) {
      if (importer && path.dirname(importer) === pageDir && /^\.\/label-designer(\.ts)?$/.test(source)) return entry;
      return null;
    },
  };
}

export async function buildPage(): Promise<void> {
  const { build } = await import('vite');
  // @vitejs/plugin-react is installed for apps/web; resolve it from there.
  const requireWeb = createRequire(path.join(root, 'apps', 'web', 'package.json'));
  const pluginUrl = pathToFileURL(requireWeb.resolve('@vitejs/plugin-react')).href;
  const react = ((await import(pluginUrl)) as { default: () => PluginOption }).default;
  // The designer template is built in the page too; this checks the fixture works before bundling.
  if (designerTemplate().tempItems.length !== 1000) throw new Error('fixture is not 1,000 items');
  await build({
    root: pageDir,
    base: './',
    mode: 'production',
    configFile: false,
    logLevel: 'error', // not the bundler's plugin-timing notes
    plugins: [packageFacade(), react()],
    // BENCH_DESIGNER_MINIFY=0 keeps function names readable in CPU profiles.
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000, minify: process.env.BENCH_DESIGNER_MINIFY !== '0' },
  });
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.map': 'application/json' };

async function serve(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(dir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(dir + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    fs.readFile(file, (err, body) => {
      if (err) res.writeHead(404).end();
      // cross-origin isolated (COOP + COEP), so performance.now() and rAF timestamps have Chromium's
      // 5 µs resolution instead of 100 µs with random jitter, which alone moves a 16.67 ms frame
      // interval to 16.6–16.8 ms
      else
        res
          .writeHead(200, {
            'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
            'cache-control': 'no-store',
            'cross-origin-opener-policy': 'same-origin',
            'cross-origin-embedder-policy': 'require-corp',
          })
          .end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

// ---------------------------------------------------------------------------------------------
// Browser runs

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`   page error: ${e.message}`));
  return page;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

interface CpuFigures { readyCpu: number; readyWorkersCpu: number[]; downUpLongestCpu: number; dragCpuPerFrame: number }

async function designerRun(browser: Browser, url: string, traced = false): Promise<{ ready: number; longestLoadTask: number; drag: DragFigures; cpu?: CpuFigures }> {
  const page = await newPage(browser);
  const tracer = traced ? await startTrace(page) : null;
  try {
    await page.goto(`${url}?mode=designer`);
    await page.waitForFunction(() => window.__ready !== undefined, undefined, { timeout: 60_000, polling: 50 });
    const ready = await page.evaluate(() => window.__ready as number);
    const longestLoadTask = await page.evaluate(() => Math.max(0, ...(window.__bench?.loadLongTasks() ?? []).map(([, d]) => d)));
    await sleep(300); // let the page settle after its first paint
    const dragFrom = tracer ? await page.evaluate(() => performance.timeOrigin + performance.now()) : 0;
    const box = await page.locator('[data-testid="designer-item"]').nth(DRAGGED).boundingBox();
    if (!box) throw new Error('dragged item not visible');
    const x0 = box.x + box.width / 2;
    const y0 = box.y + box.height / 2;
    await page.mouse.move(x0, y0);
    await page.evaluate(() => window.__bench?.startDrag());
    await page.mouse.down();
    // 60 moves at the pace of a 60 Hz mouse.
    for (let i = 1; i <= MOVES; i++) {
      const t = performance.now();
      await page.mouse.move(x0 + i * 4, y0 + i * 2);
      const left = 16 - (performance.now() - t);
      if (left > 0) await sleep(left);
    }
    await page.mouse.up();
    await sleep(1200);
    const drag = await page.evaluate(() => (window.__bench as NonNullable<Window['__bench']>).stopDrag());
    const cpu = tracer ? await tracer.stop(await page.evaluate(() => performance.timeOrigin), ready, dragFrom) : undefined;
    const moved = await page.locator('[data-testid="designer-item"]').nth(DRAGGED).boundingBox();
    if (!moved || Math.abs(moved.x - box.x - MOVES * 4) > 6) throw new Error(`the item did not move as dragged (${box.x} → ${moved?.x})`);
    return { ready, longestLoadTask, drag, cpu };
  } finally {
    await page.context().close();
  }
}

/**
 * rAF intervals on a page with one box following the pointer, for the same 60 moves: what this
 * headless Chromium's frame clock gives with no work at all (60 Hz in 0.1 ms steps: 16.6–16.8 ms).
 */
async function emptyPageFrames(browser: Browser): Promise<number[]> {
  const page = await newPage(browser);
  try {
    await page.setContent(`<div id="box" style="width:100px;height:100px;background:#c00"></div><script>
      window.frames_ = []; (function loop(t) { window.frames_.push(t); requestAnimationFrame(loop); })(0);
      addEventListener('pointermove', function (e) { document.getElementById('box').style.transform = 'translate(' + e.clientX + 'px, 0)'; });
    </script>`);
    await page.mouse.move(10, 10);
    await page.mouse.down();
    const from = (await page.evaluate('performance.now()')) as number;
    for (let i = 1; i <= MOVES; i++) {
      const t = performance.now();
      await page.mouse.move(10 + i * 4, 10 + i * 2);
      const left = 16 - (performance.now() - t);
      if (left > 0) await sleep(left);
    }
    await page.mouse.up();
    const to = (await page.evaluate('performance.now()')) as number;
    const frames = ((await page.evaluate('window.frames_')) as number[]).filter((f) => f >= from && f <= to);
    return frames.slice(1).map((f, i) => f - (frames[i] as number));
  } finally {
    await page.context().close();
  }
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; tid: number; pid: number }

/**
 * Chromium's own timeline for one page load, to read thread CPU time (tdur): on a machine shared
 * with other work, wall-clock figures include time the renderer waited for a core; CPU time does not.
 */
async function startTrace(page: Page): Promise<{ stop(timeOrigin: number, ready: number, dragFrom: number): Promise<CpuFigures> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: (TraceEvent & { args?: { name?: string } })[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', '__metadata'] }, transferMode: 'ReportEvents' });
  return {
    async stop(timeOrigin, ready, dragFrom) {
      const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
      await cdp.send('Tracing.end');
      await done;
      // The page's main thread: the one that ran the most script.
      const calls = new Map<string, number>();
      for (const e of events) if (e.name === 'FunctionCall') calls.set(`${e.pid}:${e.tid}`, (calls.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
      const main = [...calls].sort((a, b) => b[1] - a[1])[0]?.[0];
      // Trace timestamps are µs on the monotonic clock; the page's timeOrigin is ms since the epoch.
      const nav = events.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === main);
      const tasks = events.filter((e) => `${e.pid}:${e.tid}` === main && e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined);
      const t0 = nav ? nav.ts : (tasks[0]?.ts ?? 0);
      const readyAt = t0 + ready * 1000;
      const dragAt = t0 + (dragFrom - timeOrigin) * 1000;
      const cpu = (e: TraceEvent): number => (e.tdur ?? 0) / 1000;
      const readyCpu = tasks.filter((e) => e.ts < readyAt).reduce((a, e) => a + cpu(e), 0);
      // The page's barcode workers: dedicated workers of the same renderer process.
      const pid = main?.split(':')[0];
      const workerThreads = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && `${e.pid}` === pid && /DedicatedWorker/.test(e.args?.name ?? '')).map((e) => e.tid));
      const perWorker = new Map<number, number>();
      for (const e of events)
        if (workerThreads.has(e.tid) && `${e.pid}` === pid && e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X' && e.ts < readyAt) perWorker.set(e.tid, (perWorker.get(e.tid) ?? 0) + cpu(e));
      const dragTasks = tasks.filter((e) => e.ts >= dragAt);
      const frames = events.filter((e) => `${e.pid}:${e.tid}` === main && e.name === 'Layerize' && e.ts >= dragAt).length || 1;
      await cdp.detach();
      return {
        readyCpu,
        readyWorkersCpu: [...perWorker.values()],
        downUpLongestCpu: Math.max(0, ...dragTasks.map(cpu)),
        dragCpuPerFrame: dragTasks.reduce((a, e) => a + cpu(e), 0) / frames,
      };
    },
  };
}

/**
 * Thread CPU of a print: the page's main thread and each dedicated worker of its renderer, from a
 * trace started after the page loaded and stopped once the labels are painted.
 */
const MAIN_KINDS = new Set(['FunctionCall', 'ParseHTML', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'MinorGC', 'MajorGC']);

async function tracePrint(page: Page): Promise<{ stop(): Promise<PrintCpu> }> {
  const cdp = await page.context().newCDPSession(page);
  const events: (TraceEvent & { args?: { name?: string } })[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as typeof events)));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', '__metadata'] }, transferMode: 'ReportEvents' });
  return {
    async stop() {
      const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
      await cdp.send('Tracing.end');
      await done;
      await cdp.detach();
      const names = new Map<string, string>();
      for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
      const cpu = new Map<string, number>();
      // The top-level task of every thread (main, workers) in this Chromium's 'toplevel' category.
      for (const e of events) if (e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X') cpu.set(`${e.pid}:${e.tid}`, (cpu.get(`${e.pid}:${e.tid}`) ?? 0) + (e.tdur ?? 0) / 1000);
      const mains = [...cpu].filter(([k]) => names.get(k) === 'CrRendererMain').sort((a, b) => b[1] - a[1]);
      const main = mains[0];
      if (!main) return { main: NaN, workers: [], kinds: {} };
      const pid = main[0].split(':')[0];
      const workers = [...cpu].filter(([k]) => k.startsWith(`${pid}:`) && /DedicatedWorker/.test(names.get(k) ?? '')).map(([, v]) => v);
      // Where the main thread's CPU went: the timeline's own kinds of work (script includes the
      // parse and layout it forces: insertAdjacentHTML, getBoundingClientRect).
      const kinds = new Map<string, number>();
      for (const e of events) if (`${e.pid}:${e.tid}` === main[0] && e.ph === 'X' && MAIN_KINDS.has(e.name)) kinds.set(e.name, (kinds.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
      return { main: main[1], workers, kinds: Object.fromEntries(kinds) };
    },
  };
}

interface PrintCpu { main: number; workers: number[]; kinds: Record<string, number> }

async function printRun(browser: Browser, url: string, rows: number, traced = false): Promise<PrintFigures & { cpu?: PrintCpu }> {
  const page = await newPage(browser);
  try {
    await page.goto(`${url}?mode=print`);
    await page.waitForFunction(() => window.__bench !== undefined);
    const tracer = traced ? await tracePrint(page) : null;
    const r = await page.evaluate((n) => (window.__bench as NonNullable<Window['__bench']>).printRender(n), rows);
    if (r.sheets !== rows) throw new Error(`print document has ${r.sheets} labels, expected ${rows}`);
    return tracer ? { ...r, cpu: await tracer.stop() } : r;
  } finally {
    await page.context().close();
  }
}

// ---------------------------------------------------------------------------------------------

function median(xs: number[]): number {
  return percentile(xs, 50);
}

function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const rank = (p / 100) * (s.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return (s[lo] as number) + ((s[hi] as number) - (s[lo] as number)) * (rank - lo);
}

const list = (xs: number[]): string => xs.map((x) => (Number.isFinite(x) ? x.toFixed(x >= 100 ? 0 : 1) : String(x))).join(', ');
