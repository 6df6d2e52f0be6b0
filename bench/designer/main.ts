/**
 * The bench page. `?mode=designer` mounts <LabelDesigner> with the 1,000-item template and sets
 * `window.__ready` (ms since navigation start) once every item is on the page and painted,
 * barcodes included; `window.__bench` then records a drag. `?mode=print` only offers
 * `__bench.printRender(n)`.
 */
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { LabelDesigner, writePrintDocument } from './label-designer';
import { DESIGNER_ITEMS, designerTemplate, kindOf, labelRows, labelTemplate } from './fixtures';

export interface DragFigures {
  /** Intervals between consecutive animation frames from the first move to the release. */
  frameIntervals: number[];
  /** Per pointermove: event.timeStamp → the task after the next animation frame (≈ paint). */
  moveLatencies: number[];
  downToPaint: number;
  upToPaint: number;
  /** Long tasks from pointer down to 1 s after release: [startTime, duration]. */
  longTasks: [number, number][];
  moves: number;
}

export interface PrintFigures {
  total: number;
  /** Until the whole document is written into the frame (labels parsed and laid out as they come). */
  build: number;
  /** From there: images, fonts, the last style and layout, and the first paint. */
  layoutAndPaint: number;
  /** Until the first sheet is in the frame, laid out (what a print of the first label waits for). */
  first: number;
  sheets: number;
}

interface BenchApi {
  startDrag(): void;
  stopDrag(): DragFigures;
  printRender(rows: number): Promise<PrintFigures>;
  loadLongTasks(): [number, number][];
}

declare global {
  interface Window {
    __ready?: number;
    __bench?: BenchApi;
  }
}

const longTasks: [number, number][] = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
} catch {
  /* no long task timing */
}

/** Resolves in the task after the next animation frame, i.e. after that frame was rendered. */
function afterNextPaint(win: Window = window): Promise<number> {
  return new Promise((resolve) => {
    win.requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve(performance.now());
      ch.port2.postMessage(0);
    });
  });
}

const barcodeCount = Array.from({ length: DESIGNER_ITEMS }, (_, i) => kindOf(i)).filter((k) => k !== 'text').length;

function designerReady(): boolean {
  if (document.querySelectorAll('[data-testid="designer-item"]').length < DESIGNER_ITEMS) return false;
  const drawn = Array.from(document.querySelectorAll('[data-testid="designer-item"] [data-barcode="ok"], [data-testid="designer-item"] [data-barcode="error"]'));
  if (drawn.length < barcodeCount) return false;
  return drawn.every((el) => !(el instanceof HTMLImageElement) || el.complete);
}

function mountDesigner(): void {
  const template = designerTemplate();
  const root = createRoot(document.getElementById('root') as HTMLElement);
  root.render(createElement(LabelDesigner, { template, onSave: () => undefined, style: { height: '100%' } }));
  const poll = (): void => {
    if (designerReady()) void afterNextPaint().then((t) => (window.__ready = t));
    else requestAnimationFrame(poll);
  };
  requestAnimationFrame(poll);
}

let drag: null | {
  frames: number[];
  latencies: number[];
  down: number;
  up: number;
  downPaint: number;
  upPaint: number;
  moves: number;
  stop: () => void;
} = null;

const p = (): NonNullable<typeof drag> => drag as NonNullable<typeof drag>;

window.__bench = {
  startDrag() {
    let on = true;
    const d = { frames: [] as number[], latencies: [] as number[], down: NaN, up: NaN, downPaint: NaN, upPaint: NaN, moves: 0, stop: () => undefined };
    drag = d;
    const frame = (ts: number): void => {
      if (!on) return;
      d.frames.push(ts);
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    const onDown = (e: PointerEvent): void => {
      d.down = e.timeStamp;
      void afterNextPaint().then((t) => (d.downPaint = t));
    };
    const onMove = (e: PointerEvent): void => {
      if (!e.buttons || Number.isNaN(d.down) || !Number.isNaN(d.up)) return;
      d.moves++;
      const ts = e.timeStamp;
      void afterNextPaint().then((t) => d.latencies.push(t - ts));
    };
    const onUp = (e: PointerEvent): void => {
      d.up = e.timeStamp;
      void afterNextPaint().then((t) => (d.upPaint = t));
    };
    // Capture on window: seen before the designer's own handlers, whatever they do.
    window.addEventListener('pointerdown', onDown, true);
    window.addEventListener('pointermove', onMove, true);
    window.addEventListener('pointerup', onUp, true);
    d.stop = () => {
      on = false;
      window.removeEventListener('pointerdown', onDown, true);
      window.removeEventListener('pointermove', onMove, true);
      window.removeEventListener('pointerup', onUp, true);
    };
  },
  stopDrag() {
    const d = p();
    d.stop();
    // Frames of the drag itself: from the first frame after pointer down to the release.
    const frames = d.frames.filter((f) => f >= d.down && f <= d.up + 1);
    const frameIntervals = frames.slice(1).map((f, i) => f - (frames[i] as number));
    return {
      frameIntervals,
      moveLatencies: d.latencies,
      downToPaint: d.downPaint - d.down,
      upToPaint: d.upPaint - d.up,
      longTasks: longTasks.filter(([s, dur]) => s + dur >= d.down && s <= d.up + 1000),
      moves: d.moves,
    };
  },
  loadLongTasks() {
    return longTasks.filter(([s]) => s <= (window.__ready ?? Infinity));
  },
  // What printInBrowser does up to the print dialog: the document written into a hidden frame step by
  // step as the barcodes arrive; then images, fonts, style and layout of the whole document, and (the
  // frame shown) a paint of it, which the print dialog's preview needs too.
  async printRender(n) {
    const t0 = performance.now();
    const frame = document.createElement('iframe');
    frame.style.cssText = 'width:800px;height:600px;border:0;visibility:hidden';
    document.body.appendChild(frame);
    const doc = frame.contentDocument as Document;
    const win = frame.contentWindow as Window;
    const writing = writePrintDocument(doc, labelTemplate(), labelRows(n));
    // writePrintDocument has opened the document before its first await: watch its body fill
    let first = NaN;
    const seen = new MutationObserver(() => {
      if (Number.isNaN(first) && doc.querySelector('.gq-sheet')) first = performance.now() - t0;
    });
    seen.observe(doc.body, { childList: true });
    await writing;
    seen.disconnect();
    const t1 = performance.now();
    frame.style.visibility = 'visible';
    await Promise.all(Array.from(doc.images).map((i) => i.decode().catch(() => undefined)));
    await doc.fonts.ready;
    doc.body.getBoundingClientRect(); // style and layout of the whole document
    const sheets = doc.querySelectorAll('.gq-sheet').length;
    const t2 = await afterNextPaint(win);
    return { total: t2 - t0, build: t1 - t0, layoutAndPaint: t2 - t1, first, sheets };
  },
};

if (new URLSearchParams(location.search).get('mode') !== 'print') mountDesigner();
