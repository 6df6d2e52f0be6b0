import { qrLevelOf, type QrLevel } from '../model/barcode-rules';
import type { BarcodeType, TemplateItem } from '../model/types';
import type { BarcodeResult } from './barcode-map';

export type { BarcodeResult } from './barcode-map';
type Engine = typeof import('./barcode-engine');

let engine: Engine | null = null;
let enginePromise: Promise<Engine> | null = null;

/** Load bwip-js on first need, so pages without barcodes never download it. */
export function loadBarcodeEngine(): Promise<Engine> {
  enginePromise ??= import('./barcode-engine').then((m) => (engine = m));
  return enginePromise;
}

export const barcodeKey = (type: BarcodeType, text: string, showText: boolean, color: string, level?: QrLevel): string =>
  `${type}${level ?? ''}\u0000${showText ? 1 : 0}\u0000${color}\u0000${text}`;

/** Rendered barcodes by type/value/text/colour: each is drawn once, however often it is shown. */
const cache = new Map<string, BarcodeResult>();
export const BARCODE_CACHE_LIMIT = 5000;

function remember(key: string, r: BarcodeResult): BarcodeResult {
  cache.delete(key);
  if (cache.size >= BARCODE_CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, r);
  return r;
}

export function peekBarcode(key: string): BarcodeResult | undefined {
  return cache.get(key);
}

/** Draw now; needs the engine loaded (print paths await loadBarcodeEngine first). */
export function renderBarcodeSync(type: BarcodeType, text: string, showText: boolean, color = '#000000', level?: QrLevel): BarcodeResult {
  const key = barcodeKey(type, text, showText, color, level);
  const hit = cache.get(key);
  if (hit) return hit;
  if (!engine) throw new Error('barcode engine not loaded: await loadBarcodeEngine() first');
  return remember(key, engine.drawBarcode(type, text, showText, color, level));
}

export async function renderBarcode(type: BarcodeType, text: string, showText: boolean, color = '#000000', level?: QrLevel): Promise<BarcodeResult> {
  await loadBarcodeEngine();
  return renderBarcodeSync(type, text, showText, color, level);
}

// Barcodes asked for by the canvas (and drawn ahead for print) are queued and drawn in the
// background: by a small pool of web workers where the page can start them, otherwise on the page
// in time slices of a few milliseconds. bwip-js needs 2–10 ms per symbol, so a template with
// hundreds of barcodes must never draw them in one go on the main thread.

/** `level`: a QR code's error-correction level (qrLevelOf); undefined for the other types. */
export interface BarcodeJob { key: string; type: BarcodeType; text: string; showText: boolean; color: string; level?: QrLevel }

/** The barcode a bar-code item shows for this (bound) text: its type, text under the bars, colour, QR level. */
export function barcodeOf(item: TemplateItem, text: string): Omit<BarcodeJob, 'key'> {
  const type = item.style.codeType ?? 'Code39';
  const job = { type, text, showText: item.style.ShowBarText !== false, color: item.style.FontColor ?? '#000000' };
  return type === 'QRCode' ? { ...job, level: qrLevelOf(item) } : job;
}

/** The cache key of a barcode job. */
const jobKey = (j: Omit<BarcodeJob, 'key'>): string => barcodeKey(j.type, j.text, j.showText, j.color, j.level);
export interface BarcodeReply { key: string; result: BarcodeResult }

/**
 * Jobs waiting, oldest first, read from `head` on: a batch print queues 10,000 at once, and taking
 * them off the front of an array one batch at a time (splice/shift) moved the whole rest each time.
 */
let queue: BarcodeJob[] = [];
let head = 0;
const waiting = (): number => queue.length - head;

function take(n: number): BarcodeJob[] {
  const out = queue.slice(head, head + n);
  head += out.length;
  if (head === queue.length || (head > 4096 && head * 2 > queue.length)) {
    queue = queue.slice(head);
    head = 0;
  }
  return out;
}

/** Keys queued or being drawn. */
const pending = new Set<string>();
const listeners = new Map<string, Set<() => void>>();
const SLICE_MS = 8;

function finish(key: string, r: BarcodeResult): void {
  pending.delete(key);
  if (!cache.has(key)) remember(key, r);
  for (const l of listeners.get(key) ?? []) l();
}

// --- workers --------------------------------------------------------------------------------

interface Slot { worker: Worker; inFlight: BarcodeJob[][] }
/** Jobs per message: small enough that results reach the page in a steady stream (~1 ms each now). */
const BATCH = 12;
/** Batches sent ahead per worker, so it keeps drawing while the page renders a step of print markup (~50 ms). */
const AHEAD = 4;
let slots: Slot[] | null = null;
let workersFailed = false;

function poolSize(): number {
  const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
  return Math.max(1, Math.min(4, cores));
}

function startWorkers(): Slot[] | null {
  if (slots || workersFailed) return slots;
  if (typeof Worker === 'undefined' || typeof window === 'undefined') {
    workersFailed = true;
    return null;
  }
  try {
    const made: Slot[] = [];
    for (let i = 0; i < poolSize(); i++) {
      const slot: Slot = { worker: new Worker(new URL('./barcode-worker.ts', import.meta.url), { type: 'module' }), inFlight: [] };
      slot.worker.addEventListener('message', (e: MessageEvent<BarcodeReply[]>) => {
        slot.inFlight.shift();
        for (const r of e.data) finish(r.key, r.result);
        pump();
      });
      slot.worker.addEventListener('error', (e) => {
        e.preventDefault();
        workerFailure();
      });
      made.push(slot);
    }
    slots = made;
  } catch {
    workersFailed = true;
  }
  return slots;
}

/** A worker could not start or crashed: draw everything on the page from now on. */
function workerFailure(): void {
  if (workersFailed) return;
  workersFailed = true;
  for (const s of slots ?? []) {
    for (const batch of s.inFlight) queue = [...batch, ...queue.slice(head)];
    head = 0;
    s.worker.terminate();
  }
  slots = null;
  pump();
}

function pump(): void {
  const pool = workersFailed ? null : startWorkers();
  if (!pool) return schedule();
  for (const s of pool) {
    while (waiting() && s.inFlight.length < AHEAD) {
      const batch = take(BATCH);
      s.inFlight.push(batch);
      s.worker.postMessage(batch);
    }
  }
}

// --- fallback: time slices on the page --------------------------------------------------------

let scheduled = false;

function schedule(): void {
  if (scheduled || !waiting()) return;
  scheduled = true;
  setTimeout(() => void runSlice(), 0);
}

async function runSlice(): Promise<void> {
  const e = await loadBarcodeEngine();
  const start = performance.now();
  while (waiting() && performance.now() - start < SLICE_MS) {
    const job = take(1)[0] as BarcodeJob;
    finish(job.key, cache.get(job.key) ?? e.drawBarcode(job.type, job.text, job.showText, job.color, job.level));
  }
  scheduled = false;
  schedule();
}

function enqueue(job: Omit<BarcodeJob, 'key'>): string {
  const key = jobKey(job);
  if (!cache.has(key) && !pending.has(key)) {
    pending.add(key);
    queue.push({ ...job, key });
  }
  return key;
}

/** Ask for a barcode to be drawn soon; `onDone` runs when it is in the cache. Returns an unsubscribe. */
export function requestBarcode(job: Omit<BarcodeJob, 'key'>, onDone: () => void): () => void {
  const key = jobKey(job);
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(onDone);
  enqueue(job);
  pump();
  return () => {
    set.delete(onDone);
    if (set.size === 0) listeners.delete(key);
  };
}

/**
 * Draw these barcodes in the background (workers when available) and resolve once all are in the
 * cache, so a following synchronous render (print, PDF) finds them there.
 */
export function prefetchBarcodes(wanted: Omit<BarcodeJob, 'key'>[]): Promise<void> {
  const waiting = new Set<string>();
  for (const w of wanted) {
    const key = enqueue(w);
    const hit = cache.get(key);
    // Already drawn: make it the newest entry, so drawing the rest cannot evict it before it is used.
    if (hit) remember(key, hit);
    else waiting.add(key);
  }
  if (!waiting.size) return Promise.resolve();
  return new Promise((resolve) => {
    for (const key of waiting) {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      const done = (): void => {
        set.delete(done);
        if (set.size === 0) listeners.delete(key);
        waiting.delete(key);
        if (!waiting.size) resolve();
      };
      set.add(done);
    }
    pump();
  });
}

/**
 * Start the worker pool now (each worker loads bwip-js while the page does other work), so the first
 * barcodes asked for do not wait for it. Returns false where workers are unavailable: barcodes are
 * then drawn on the page, which needs the engine loaded there.
 */
export function startBarcodeWorkers(): boolean {
  return !workersFailed && startWorkers() !== null;
}

export function isBarcodeEngineLoaded(): boolean {
  return engine !== null;
}
