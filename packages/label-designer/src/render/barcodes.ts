import type { BarcodeType } from '../model/types';
import { planBarcode } from './barcode-map';

export type BarcodeResult = { svg: string; twoD: boolean } | { error: string };
type Engine = typeof import('./barcode-engine');

let engine: Engine | null = null;
let enginePromise: Promise<Engine> | null = null;

/** Load bwip-js on first need, so pages without barcodes never download it. */
export function loadBarcodeEngine(): Promise<Engine> {
  enginePromise ??= import('./barcode-engine').then((m) => (engine = m));
  return enginePromise;
}

export const barcodeKey = (type: BarcodeType, text: string, showText: boolean, color: string): string => `${type}\u0000${showText ? 1 : 0}\u0000${color}\u0000${text}`;

/** Rendered barcodes by type/value/text/colour: each is drawn once, however often it is shown. */
const cache = new Map<string, BarcodeResult>();
const CACHE_LIMIT = 5000;

function errorText(e: unknown): string {
  const raw = e instanceof Error ? e.message : String(e);
  // bwip errors read "bwipp.ean13badLength#4370: EAN-13 must be 12 or 13 digits"; keep the sentence.
  return raw.replace(/^bwip(p|-js)\.[\w]+#?\d*:\s*/, '');
}

function draw(e: Engine, type: BarcodeType, text: string, showText: boolean, color: string): BarcodeResult {
  if (text === '') return { error: 'empty' };
  const plan = planBarcode(type, text, showText);
  try {
    return { svg: e.drawBarcodeSvg(plan, color.replace('#', '')), twoD: plan.twoD };
  } catch (err) {
    return { error: errorText(err) };
  }
}

function remember(key: string, r: BarcodeResult): BarcodeResult {
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, r);
  return r;
}

export function peekBarcode(key: string): BarcodeResult | undefined {
  return cache.get(key);
}

/** Draw now; needs the engine loaded (print paths await loadBarcodeEngine first). */
export function renderBarcodeSync(type: BarcodeType, text: string, showText: boolean, color = '#000000'): BarcodeResult {
  const key = barcodeKey(type, text, showText, color);
  const hit = cache.get(key);
  if (hit) return hit;
  if (!engine) throw new Error('barcode engine not loaded: await loadBarcodeEngine() first');
  return remember(key, draw(engine, type, text, showText, color));
}

export async function renderBarcode(type: BarcodeType, text: string, showText: boolean, color = '#000000'): Promise<BarcodeResult> {
  await loadBarcodeEngine();
  return renderBarcodeSync(type, text, showText, color);
}

// A queue drawn in time slices, so a template with hundreds of barcodes never blocks the page
// for more than a few milliseconds at a time.
interface Job { key: string; type: BarcodeType; text: string; showText: boolean; color: string }
const queue: Job[] = [];
const queued = new Set<string>();
const listeners = new Map<string, Set<() => void>>();
let scheduled = false;
const SLICE_MS = 8;

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(() => void runSlice(), 0);
}

async function runSlice(): Promise<void> {
  const e = await loadBarcodeEngine();
  const start = performance.now();
  while (queue.length && performance.now() - start < SLICE_MS) {
    const job = queue.shift() as Job;
    queued.delete(job.key);
    if (!cache.has(job.key)) remember(job.key, draw(e, job.type, job.text, job.showText, job.color));
    for (const l of listeners.get(job.key) ?? []) l();
  }
  scheduled = false;
  if (queue.length) schedule();
}

/** Ask for a barcode to be drawn soon; `onDone` runs when it is in the cache. Returns an unsubscribe. */
export function requestBarcode(type: BarcodeType, text: string, showText: boolean, color: string, onDone: () => void): () => void {
  const key = barcodeKey(type, text, showText, color);
  let set = listeners.get(key);
  if (!set) listeners.set(key, (set = new Set()));
  set.add(onDone);
  if (!cache.has(key) && !queued.has(key)) {
    queued.add(key);
    queue.push({ key, type, text, showText, color });
    schedule();
  }
  return () => {
    set.delete(onDone);
    if (set.size === 0) listeners.delete(key);
  };
}

export function isBarcodeEngineLoaded(): boolean {
  return engine !== null;
}
