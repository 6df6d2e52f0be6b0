import type { DataRow, Template } from '../model/types';
import { bindText } from '../model/binding';
import { batchBarcodeProblem, PrintJobError } from '../model/barcode-check';
import type { Locale } from '../i18n';
import { BARCODE_CACHE_LIMIT, barcodeOf, loadBarcodeEngine, prefetchBarcodes, startBarcodeWorkers } from './barcodes';
import { labelMarkupRenderer } from './markup';
import type { PdfFontSource } from './pdf';
import { copiesOf, groupBySheet, labelsPerSheet, sheetCellOf } from '../model/sheets';
import { mmToPt } from './units';
import { measureInDocument, paginateLabel, type LabelPage } from './pages';
import type { PrintOffset } from '../lodop/job';

const needsBarcodes = (t: Template): boolean => t.tempItems.some((i) => i.type === 'bar-code');

/** The barcodes a batch of labels shows, to be drawn ahead of the (synchronous) markup render. */
function barcodesOf(template: Template, rows: (DataRow | undefined)[]): Parameters<typeof prefetchBarcodes>[0] {
  const items = template.tempItems.filter((i) => i.type === 'bar-code');
  return rows.flatMap((row) => items.map((i) => barcodeOf(i, bindText(i, row))));
}

/** Labels per step: their barcodes are drawn (in workers) while the previous step's markup renders. */
const CHUNK = 200;
/** Labels in the first step: the first sheet is ready as soon as these few barcodes are drawn. */
const FIRST_STEP = 24;

/** Options of the browser path that match the C-Lodop job's. */
export interface BrowserPrintOptions {
  /** Copies of the whole job; 1 when omitted. */
  copies?: number;
  /** The printer's calibration: everything moves down/right by this much (mm, may be negative). */
  offset?: PrintOffset;
  /** Where tables are measured and the print frame opens; the global document by default. */
  document?: Document;
  /** Language of the refusal message (PrintJobError, as the C-Lodop job's); zh-CN when omitted. */
  locale?: Locale;
}

/** The pages each data row prints on (one list per row; one page of the design itself with no rows). */
export function layoutLabels(template: Template, rows: DataRow[], doc: Document | undefined = globalThis.document): LabelPage[][] {
  const measure = doc?.body ? measureInDocument(doc) : undefined;
  const data: (DataRow | undefined)[] = rows.length ? rows : [undefined];
  return data.map((row) => paginateLabel(template, row, measure));
}

/**
 * The label pages of a batch in steps of up to CHUNK rows (one data row may take several pages),
 * page numbers filled in across the whole job as C-Lodop numbers them. Each step's barcodes are
 * drawn (in the workers) while the step before it is rendered and, when streaming, laid out.
 */
async function* labelSteps(template: Template, rows: DataRow[], opts: BrowserPrintOptions): AsyncGenerator<string[]> {
  // Refused before anything is drawn, as the C-Lodop job refuses it (the same check and sentence).
  const problem = batchBarcodeProblem(template.tempItems, rows, opts.locale);
  if (problem) throw new PrintJobError(problem);
  const barcodes = needsBarcodes(template);
  // With workers, every barcode is drawn there and read from the cache: the page never loads bwip-js.
  if (barcodes && !startBarcodeWorkers()) await loadBarcodeEngine();
  const pages: (DataRow | undefined)[] = rows.length ? rows : [undefined];
  const numbered = template.tempItems.some((i) => i.style.AutoHeight === true);
  const doc = opts.document ?? globalThis.document;
  // Three steps of barcodes (the one being rendered and the two drawn meanwhile) must fit in the
  // barcode cache together, with room to spare for entries drawn earlier, or the markup would miss some.
  const perRow = template.tempItems.filter((i) => i.type === 'bar-code').length;
  const step = Math.max(1, Math.min(CHUNK, Math.floor(BARCODE_CACHE_LIMIT / 4 / Math.max(1, perRow))));
  // Page numbers need the page count of the whole job first, so a template with a table that may
  // run over pages is laid out before anything is drawn; plain labels are one page each.
  const layout = numbered ? layoutLabels(template, rows, doc) : null;
  const count = layout ? layout.reduce((n, l) => n + l.length, 0) : pages.length;
  const label = labelMarkupRenderer(template);
  let no = 0;
  // The first step is small, so the first sheets are in the frame (and laid out) after a few dozen
  // barcodes, not after a full step's; the rest go in full steps while the workers draw ahead.
  const starts: number[] = [];
  for (let at = 0; at < pages.length; at = at === 0 ? Math.min(FIRST_STEP, step) : at + step) starts.push(at);
  const range = (k: number): (DataRow | undefined)[] => (k < starts.length ? pages.slice(starts[k], starts[k + 1] ?? pages.length) : []);
  const drawn = (k: number): Promise<void> => (barcodes ? prefetchBarcodes(barcodesOf(template, range(k))) : Promise.resolve());
  // Two steps queued ahead: the workers go on drawing while the page takes a finished step.
  const ahead = [drawn(0), drawn(1)];
  for (let k = 0; k < starts.length; k++) {
    const at = starts[k] as number;
    await ahead.shift();
    ahead.push(drawn(k + 2));
    const chunk = range(k);
    const out: string[] = [];
    for (const [i, row] of chunk.entries()) {
      const labelPages = layout ? (layout[at + i] as LabelPage[]) : [undefined];
      for (const page of labelPages) {
        no++;
        out.push(label(row, page, { no, count }));
      }
    }
    yield out;
  }
}

/** Static markup of every label page of one copy of a batch (copies are whole sheets: see sheetPlan). */
export async function renderLabelsMarkup(template: Template, rows: DataRow[], opts: BrowserPrintOptions = {}): Promise<string[]> {
  const out: string[] = [];
  for await (const step of labelSteps(template, rows, opts)) for (const l of step) out.push(l);
  return out;
}

/** The paper a page prints on: the sheet's, or the label's own size. */
export function paperOf(template: Template): { width: number; height: number } {
  return template.sheet ? { width: template.sheet.paperWidth, height: template.sheet.paperHeight } : { width: template.pageWidth, height: template.pageHeight };
}

/**
 * One copy's label pages placed on paper: one per page, or `columns` × `rows` per sheet with the
 * sheet's margins and gaps (sheetCellOf: the same cells as the C-Lodop job), moved by the printer's
 * calibration. `labels` starts a sheet.
 */
export function sheetsMarkup(template: Template, labels: string[], offset?: PrintOffset): string[] {
  const shift = offset && (offset.top || offset.left) ? ` style="transform:translate(${offset.left}mm,${offset.top}mm)"` : '';
  const sheets = groupBySheet(template, labels).map((group, g) =>
    group.map((markup, i) => {
      if (!template.sheet) return markup;
      const cell = sheetCellOf(template, g * labelsPerSheet(template) + i);
      return `<div class="gq-cell" style="position:absolute;left:${cell.leftMm}mm;top:${cell.topMm}mm">${markup}</div>`;
    }),
  );
  return sheets.map((cells) => `<div class="gq-paper"${shift}>${cells.join('')}</div>`);
}

export function printCss(template: Template): string {
  const paper = paperOf(template);
  return `@page { size: ${paper.width}mm ${paper.height}mm; margin: 0 }
html, body { margin: 0; padding: 0; background: #fff; }
.gq-sheet { width: ${paper.width}mm; height: ${paper.height}mm; overflow: hidden; position: relative; contain: strict; break-after: page; page-break-after: always; }
.gq-sheet:last-child { break-after: auto; page-break-after: auto; }
.gq-paper { position: relative; width: 100%; height: 100%; }
* { -webkit-print-color-adjust: exact; print-color-adjust: exact; }`;
}

const escapeText = (s: string): string => s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));

const documentHead = (template: Template): string =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeText(template.title)}</title><style>${printCss(template)}</style></head><body>`;
const DOCUMENT_TAIL = '</body></html>';
const sheetsHtml = (template: Template, labels: string[], offset: PrintOffset | undefined): string =>
  sheetsMarkup(template, labels, offset).map((l) => `<div class="gq-sheet">${l}</div>`).join('');

/** A complete HTML document: `@page` at the paper size, one sheet per page. */
export async function buildPrintDocument(template: Template, rows: DataRow[], opts: BrowserPrintOptions = {}): Promise<string> {
  const copy = sheetsHtml(template, await renderLabelsMarkup(template, rows, opts), opts.offset);
  return `${documentHead(template)}${copy.repeat(copiesOf(opts.copies))}${DOCUMENT_TAIL}`;
}

/**
 * Write the print document of buildPrintDocument into `doc` (a print frame's), a step of sheets at a
 * time: the browser parses and lays out the labels written so far while the barcode workers draw
 * the next step's barcodes, instead of taking the whole document in one go after the last barcode.
 * The document ends up the same as one written from buildPrintDocument's text.
 */
export async function writePrintDocument(doc: Document, template: Template, rows: DataRow[], opts: BrowserPrintOptions = {}): Promise<void> {
  doc.open();
  doc.write(`${documentHead(template)}${DOCUMENT_TAIL}`);
  doc.close();
  const body = doc.body;
  const perSheet = labelsPerSheet(template);
  let waiting: string[] = [];
  const sheets: string[] = [];
  const write = (labels: string[], last: boolean): void => {
    waiting = waiting.length ? waiting.concat(labels) : labels;
    const whole = last ? waiting.length : waiting.length - (waiting.length % perSheet);
    if (!whole) return;
    const html = sheetsHtml(template, waiting.slice(0, whole), opts.offset);
    body.insertAdjacentHTML('beforeend', html);
    sheets.push(html);
    waiting = waiting.slice(whole);
    // Style and layout of these sheets now, while the workers draw the next barcodes, not all at the end.
    body.getBoundingClientRect();
  };
  for await (const step of labelSteps(template, rows, opts)) write(step, false);
  write([], true);
  // every further copy is the first one's sheets again, from a new sheet (sheetPlan, as C-Lodop prints copies)
  const copy = sheets.join('');
  for (let c = 1; c < copiesOf(opts.copies); c++) body.insertAdjacentHTML('beforeend', copy);
}

function waitForImages(doc: Document): Promise<void> {
  const imgs = Array.from(doc.images).filter((i) => !i.complete);
  return Promise.all(imgs.map((i) => new Promise<void>((r) => {
    i.onload = () => r();
    i.onerror = () => r();
  }))).then(() => undefined);
}

/**
 * Print through the browser's dialog when C-Lodop is absent. Uses a hidden iframe (no popup to
 * be blocked after the async render); resolves when the dialog has been shown.
 */
export async function printInBrowser(template: Template, rows: DataRow[] = [], opts: BrowserPrintOptions = {}): Promise<void> {
  const doc = opts.document ?? document;
  const frame = doc.createElement('iframe');
  frame.setAttribute('data-testid', 'label-print-frame');
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden';
  doc.body.appendChild(frame);
  const fdoc = frame.contentDocument;
  const fwin = frame.contentWindow;
  if (!fdoc || !fwin) {
    frame.remove();
    throw new Error('cannot open a print view');
  }
  try {
    await writePrintDocument(fdoc, template, rows, opts);
  } catch (err) {
    frame.remove();
    throw err;
  }
  await waitForImages(fdoc);
  await fdoc.fonts?.ready;
  // Remove the frame after the dialog closes; afterprint is not fired everywhere, so also time out.
  const cleanup = (): void => void setTimeout(() => frame.remove(), 1000);
  fwin.addEventListener('afterprint', cleanup, { once: true });
  fwin.focus();
  fwin.print();
  setTimeout(() => frame.isConnected && frame.remove(), 60_000);
}

export interface PdfOptions {
  /** Where the Chinese font comes from (the chunks of @fontsource/noto-sans-sc); loaded only for a PDF. */
  fonts: PdfFontSource | (() => Promise<PdfFontSource>);
}

/**
 * A real PDF of a batch (render/pdf.ts: text as text in an embedded Chinese font, barcodes as
 * vectors): the browser print's document — the same sheets, copies, calibration and page numbers
 * — laid out in a hidden frame and read back. pdf-lib loads only now, not with the page.
 */
export async function renderPdf(template: Template, rows: DataRow[], opts: BrowserPrintOptions & PdfOptions): Promise<Blob> {
  const doc = opts.document ?? document;
  const paper = paperOf(template);
  const frame = doc.createElement('iframe');
  // laid out at the paper's size off-screen (a 0-size frame would still lay out, but keep it plain)
  frame.style.cssText = `position:fixed;left:-100000px;top:0;width:${paper.width}mm;height:${paper.height}mm;border:0;visibility:hidden`;
  doc.body.appendChild(frame);
  try {
    const fdoc = frame.contentDocument;
    if (!fdoc) throw new Error('cannot open a PDF view');
    const [{ vectorPdf }, fonts] = await Promise.all([
      import('./pdf'),
      typeof opts.fonts === 'function' ? opts.fonts() : Promise.resolve(opts.fonts),
      // one copy is laid out; vectorPdf repeats its sheets for every copy (sheetPlan)
      writePrintDocument(fdoc, template, rows, { ...opts, copies: 1, document: fdoc }),
    ]);
    await waitForImages(fdoc);
    await fdoc.fonts?.ready;
    const bytes = await vectorPdf({ doc: fdoc, widthPt: mmToPt(paper.width), heightPt: mmToPt(paper.height), copies: copiesOf(opts.copies), title: template.title, fonts });
    return new Blob([bytes as BlobPart], { type: 'application/pdf' });
  } finally {
    frame.remove();
  }
}

export async function downloadPdf(template: Template, rows: DataRow[], opts: BrowserPrintOptions & PdfOptions & { fileName?: string }): Promise<Blob> {
  const blob = await renderPdf(template, rows, opts);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = opts.fileName ?? `${template.title || 'labels'}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return blob;
}
