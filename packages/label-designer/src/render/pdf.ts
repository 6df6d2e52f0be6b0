/**
 * 下载 PDF as a real PDF (pdf-lib): the print document the browser print uses is laid out in a
 * hidden frame, then read back element by element — text as text in an embedded Chinese font
 * (Noto Sans SC, subset: only the glyphs used), barcodes and other SVG as vector paths (the barcode
 * module's own SVG, so whatever encoder draws it flows in), borders and backgrounds as rectangles,
 * stored pictures (PNG/JPEG) as images. Every glyph sits where the browser put it, so the PDF is
 * the browser print: the same sheets (sheetPlan), copies, calibration and page numbers.
 *
 * This module and pdf-lib load only when a PDF is asked for (print.ts imports it dynamically).
 */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, concatTransformationMatrix, popGraphicsState, pushGraphicsState, rgb, setCharacterSqueeze, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import unicodeRanges from '@fontsource/noto-sans-sc/unicode.json';
import svgpath from 'svgpath';

/** The font files of Noto Sans SC (@fontsource/noto-sans-sc, one file per unicode-range chunk). */
export interface PdfFontSource {
  /** The bytes of one chunk (a key of the package's unicode.json, e.g. `[117]` or `latin`) at weight 400 or 700. */
  load(chunk: string, weight: 400 | 700): Promise<ArrayBuffer | Uint8Array>;
}

const PT_PER_PX = 72 / 96;
const SVG_NS = 'http://www.w3.org/2000/svg';

type Range = [number, number];
const CHUNKS: [string, Range[]][] = Object.entries(unicodeRanges as Record<string, string>).map(([chunk, list]) => [
  chunk,
  list.split(',').map((part) => {
    const [a, b] = part.trim().replace(/^U\+/i, '').split('-');
    const from = parseInt(a ?? '0', 16);
    return [from, b ? parseInt(b, 16) : from] as Range;
  }),
]);

/** The font chunk that holds a code point (undefined: no glyph in Noto Sans SC). */
export function fontChunkOf(cp: number): string | undefined {
  for (const [chunk, ranges] of CHUNKS) for (const [a, b] of ranges) if (cp >= a && cp <= b) return chunk;
  return undefined;
}

/** One thing to draw on a sheet, worked out once and drawn on the sheet of every copy. */
type Draw = (page: PDFPage) => void;

interface Glyph {
  ch: string;
  x: number;
  /** The advance the browser gave it (pt). */
  w: number;
  baseline: number;
  size: number;
  weight: 400 | 700;
  color: RGB;
}

/** CSS colour → pdf-lib colour and opacity (computed styles are always rgb()/rgba()). */
function colourOf(css: string): { color: RGB; opacity: number } | null {
  const m = /rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:[\s,/]+([\d.]+%?))?/.exec(css);
  if (!m) return null;
  const alpha = m[4] === undefined ? 1 : m[4].endsWith('%') ? parseFloat(m[4]) / 100 : parseFloat(m[4]);
  if (alpha === 0) return null;
  return { color: rgb(Number(m[1]) / 255, Number(m[2]) / 255, Number(m[3]) / 255), opacity: alpha };
}

/** PNG or JPEG by their first bytes: only those are drawn (the template's pictures are stored as such). */
function imageKind(b: Uint8Array): 'png' | 'jpg' | null {
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8) return 'jpg';
  return null;
}

interface SheetReader {
  draws: Draw[];
  glyphs: Glyph[];
  images: Map<string, HTMLImageElement[]>;
  /** Turned or moved parts (an item's Angle, the calibration offset): read untransformed, drawn under their matrix (PDF space). */
  groups: { matrix: [number, number, number, number, number, number]; reader: SheetReader }[];
}

const newReader = (): SheetReader => ({ draws: [], glyphs: [], images: new Map(), groups: [] });

/**
 * Read one laid-out sheet: `box` is its rectangle in the frame (px). Glyphs are collected first
 * (their fonts are embedded once for the whole document); everything else becomes a Draw.
 */
function readSheet(sheet: Element, heightPt: number, root: SheetReader, pictures: Map<HTMLImageElement, { x: number; y: number; w: number; h: number }>): void {
  let out = root;
  const win = sheet.ownerDocument.defaultView as Window;
  const box = sheet.getBoundingClientRect();
  const X = (px: number): number => (px - box.left) * PT_PER_PX;
  const Y = (px: number): number => heightPt - (px - box.top) * PT_PER_PX;
  const range = sheet.ownerDocument.createRange();

  const walk = (el: Element): void => {
    const cs = win.getComputedStyle(el);
    if (cs.display === 'none' || cs.visibility === 'hidden') return;
    if (cs.transform && cs.transform !== 'none' && el.namespaceURI !== SVG_NS) return transformed(el as HTMLElement, cs);
    const r = el.getBoundingClientRect();
    if (el.namespaceURI === SVG_NS) {
      if (el.tagName === 'path' || el.tagName === 'rect' || el.tagName === 'polygon') drawSvgShape(el as SVGGraphicsElement);
      if (el.tagName === 'text') readText(el);
      for (const c of Array.from(el.children)) walk(c);
      return;
    }
    const bg = colourOf(cs.backgroundColor);
    if (bg && r.width > 0 && r.height > 0) out.draws.push((p) => p.drawRectangle({ x: X(r.left), y: Y(r.bottom), width: r.width * PT_PER_PX, height: r.height * PT_PER_PX, color: bg.color, opacity: bg.opacity }));
    borders(cs, r);
    if (el.tagName === 'IMG') {
      const img = el as HTMLImageElement;
      if (img.currentSrc || img.src) {
        const src = img.currentSrc || img.src;
        out.images.set(src, [...(out.images.get(src) ?? []), img]);
        pictures.set(img, { x: X(r.left), y: Y(r.bottom), w: r.width * PT_PER_PX, h: r.height * PT_PER_PX });
      }
      return;
    }
    for (const node of Array.from(el.childNodes)) {
      if (node.nodeType === 3) readTextNode(node as Text, el);
      else if (node.nodeType === 1) walk(node as Element);
    }
  };

  /**
   * An element with a CSS transform (rotate for Angle, translate for the calibration): read with
   * the transform off, so glyphs, borders and paths are upright in its own box, then drawn under
   * the same transform in PDF space: P · F · P⁻¹ (P: frame px → page pt, F: the CSS transform about
   * its transform-origin).
   */
  const transformed = (el: HTMLElement, cs: CSSStyleDeclaration): void => {
    const Matrix = (win as unknown as typeof globalThis).DOMMatrix;
    const css = new Matrix(cs.transform);
    const [ox = 0, oy = 0] = cs.transformOrigin.split(' ').map((v) => parseFloat(v) || 0);
    const saved = el.style.transform;
    el.style.transform = 'none';
    try {
      const r = el.getBoundingClientRect();
      const cx = r.left + ox;
      const cy = r.top + oy;
      const F = new Matrix().translate(cx, cy).multiply(css).translate(-cx, -cy);
      const k = PT_PER_PX;
      const P = new Matrix([k, 0, 0, -k, -box.left * k, heightPt + box.top * k]);
      const G = P.multiply(F).multiply(P.inverse());
      const parent = out;
      out = newReader();
      try {
        walk(el);
      } finally {
        parent.groups.push({ matrix: [G.a, G.b, G.c, G.d, G.e, G.f], reader: out });
        out = parent;
      }
    } finally {
      el.style.transform = saved;
    }
  };

  const borders = (cs: CSSStyleDeclaration, r: DOMRect): void => {
    const sides = [
      ['Top', r.left, r.top, r.width, 'h'],
      ['Bottom', r.left, r.bottom, r.width, 'h'],
      ['Left', r.left, r.top, r.height, 'v'],
      ['Right', r.right, r.top, r.height, 'v'],
    ] as const;
    const collapsed = cs.borderCollapse === 'collapse' && (cs.display === 'table-cell' || cs.display === 'table');
    for (const [side, x, y, len, dir] of sides) {
      const width = parseFloat(cs.getPropertyValue(`border-${side.toLowerCase()}-width`));
      const style = cs.getPropertyValue(`border-${side.toLowerCase()}-style`);
      const c = colourOf(cs.getPropertyValue(`border-${side.toLowerCase()}-color`));
      if (!width || style === 'none' || style === 'hidden' || !c) continue;
      const w = width * PT_PER_PX;
      const L = len * PT_PER_PX;
      // separate borders lie inside the box (top/left from the edge inwards, bottom/right from the
      // edge back); collapsed table borders are centred on the edge, shared by the cells either side
      const inset = collapsed ? w / 2 : 0;
      const x0 = dir === 'h' ? X(x) : side === 'Left' ? X(x) - inset : X(x) - w + inset;
      const y0 = dir === 'v' ? Y(y) - L : side === 'Top' ? Y(y) - w + inset : Y(y) - inset;
      out.draws.push((p) => p.drawRectangle({ x: x0, y: y0, width: dir === 'h' ? L : w, height: dir === 'h' ? w : L, color: c.color, opacity: c.opacity }));
    }
  };

  const drawSvgShape = (el: SVGGraphicsElement): void => {
    const ctm = el.getScreenCTM();
    if (!ctm) return;
    const cs = win.getComputedStyle(el);
    const fill = colourOf(cs.fill.startsWith('rgb') ? cs.fill : el.getAttribute('fill') ?? '');
    const stroke = colourOf(cs.stroke.startsWith('rgb') ? cs.stroke : '');
    let d = '';
    if (el.tagName === 'path') d = el.getAttribute('d') ?? '';
    else if (el.tagName === 'rect') {
      const n = (a: string): number => parseFloat(el.getAttribute(a) ?? '0') || 0;
      d = `M${n('x')} ${n('y')}h${n('width')}v${n('height')}h${-n('width')}Z`;
    } else d = `M${(el.getAttribute('points') ?? '').trim().replace(/\s+/g, ' L')}Z`;
    if (!d || (!fill && !stroke)) return;
    // absolute commands only: pdf-lib's path reader loses the current point on a relative move after Z
    d = svgpath(d).abs().toString();
    const strokeWidth = parseFloat(cs.strokeWidth) || 1;
    // user space → frame px (ctm) → page pt with y up: [k 0 0 -k -left·k H+top·k] · ctm
    const k = PT_PER_PX;
    const m = [ctm.a * k, -ctm.b * k, ctm.c * k, -ctm.d * k, (ctm.e - box.left) * k, heightPt - (ctm.f - box.top) * k] as const;
    out.draws.push((p) => {
      p.pushOperators(pushGraphicsState(), concatTransformationMatrix(...m));
      // drawSvgPath flips y itself (SVG's y goes down): flip back so the matrix above holds
      p.pushOperators(concatTransformationMatrix(1, 0, 0, -1, 0, 0));
      p.drawSvgPath(d, {
        x: 0,
        y: 0,
        ...(fill ? { color: fill.color, opacity: fill.opacity } : {}),
        ...(stroke ? { borderColor: stroke.color, borderWidth: strokeWidth } : {}),
      });
      p.pushOperators(popGraphicsState());
    });
  };

  const readText = (el: Element): void => {
    for (const node of Array.from(el.childNodes)) if (node.nodeType === 3) readTextNode(node as Text, el);
  };

  const readTextNode = (node: Text, parent: Element): void => {
    const text = node.data;
    if (!text.trim()) return;
    const cs = win.getComputedStyle(parent);
    const size = parseFloat(cs.fontSize) * PT_PER_PX;
    const weight = (parseInt(cs.fontWeight, 10) || 400) >= 600 ? 700 : 400;
    const c = colourOf(parent.namespaceURI === SVG_NS ? (cs.fill.startsWith('rgb') ? cs.fill : cs.color) : cs.color);
    if (!c) return;
    let at = 0;
    for (const ch of text) {
      const len = ch.length;
      if (ch.trim()) {
        range.setStart(node, at);
        range.setEnd(node, at + len);
        const rects = range.getClientRects();
        const rc = rects[0];
        if (rc && rc.width > 0) {
          // the glyph's line box: its baseline ~80 % down (Noto Sans SC's ascent share)
          out.glyphs.push({ ch, x: X(rc.left), w: rc.width * PT_PER_PX, baseline: Y(rc.top + rc.height * 0.8), size, weight, color: c.color });
        }
      }
      at += len;
    }
  };

  walk(sheet);
  range.detach();
}

/** Glyphs that print as one drawText: one line, one font chunk, size, weight and colour, each right after the one before. */
function runsOf(glyphs: Glyph[]): { key: string; glyphs: Glyph[] }[] {
  const runs: { key: string; glyphs: Glyph[] }[] = [];
  let cur: { key: string; glyphs: Glyph[] } | undefined;
  for (const g of glyphs) {
    const chunk = fontChunkOf(g.ch.codePointAt(0) as number);
    if (!chunk) {
      cur = undefined;
      continue;
    }
    const key = `${chunk}@${g.weight}`;
    const prev = cur?.glyphs[cur.glyphs.length - 1];
    const follows = prev && cur?.key === key && Math.abs(prev.baseline - g.baseline) < 0.5 && prev.size === g.size && Math.abs(prev.x + prev.w - g.x) < 0.5 && prev.color.red === g.color.red && prev.color.green === g.color.green && prev.color.blue === g.color.blue;
    if (follows) cur!.glyphs.push(g);
    else {
      cur = { key, glyphs: [g] };
      runs.push(cur);
    }
  }
  return runs;
}

export interface VectorPdfInput {
  /** The print document's frame, with one `.gq-sheet` per sheet of one copy, laid out. */
  doc: Document;
  widthPt: number;
  heightPt: number;
  copies: number;
  title: string;
  fonts: PdfFontSource;
}

/** The PDF of a laid-out print document: every copy is the first copy's sheets again. */
export async function vectorPdf(input: VectorPdfInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(input.title || 'labels');
  pdf.setProducer('@gemqc/label-designer');
  pdf.setCreator('GemQC');
  const sheets = Array.from(input.doc.querySelectorAll('.gq-sheet'));
  const read = sheets.map(newReader);
  const pictures = new Map<HTMLImageElement, { x: number; y: number; w: number; h: number }>();
  sheets.forEach((s, i) => readSheet(s, input.heightPt, read[i] as SheetReader, pictures));
  const everyPart = (r: SheetReader): SheetReader[] => [r, ...r.groups.flatMap((g) => everyPart(g.reader))];
  const parts = read.flatMap(everyPart);

  // Fonts: only the chunks (and weights) whose characters appear, each subset to the glyphs used.
  const need = new Map<string, { chunk: string; weight: 400 | 700 }>();
  for (const s of parts) {
    for (const g of s.glyphs) {
      const chunk = fontChunkOf(g.ch.codePointAt(0) as number);
      if (chunk) need.set(`${chunk}@${g.weight}`, { chunk, weight: g.weight });
    }
  }
  const fonts = new Map<string, PDFFont>();
  await Promise.all(
    [...need].map(async ([key, { chunk, weight }]) => {
      const bytes = await input.fonts.load(chunk, weight);
      fonts.set(key, await pdf.embedFont(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes), { subset: true }));
    }),
  );

  // Pictures: fetched once per address (stored template images are same-origin), PNG/JPEG only.
  const embedded = new Map<string, PDFImage | null>();
  const srcs = new Set<string>();
  for (const s of parts) for (const src of s.images.keys()) srcs.add(src);
  await Promise.all(
    [...srcs].map(async (src) => {
      try {
        const bytes = new Uint8Array(await (await fetch(src)).arrayBuffer());
        const kind = imageKind(bytes);
        embedded.set(src, kind === 'png' ? await pdf.embedPng(bytes) : kind === 'jpg' ? await pdf.embedJpg(bytes) : null);
      } catch {
        embedded.set(src, null); // not reachable: the box stays empty, as in the browser print
      }
    }),
  );

  const drawSheet = (page: PDFPage, s: SheetReader): void => {
    for (const d of s.draws) d(page);
    for (const [src, imgs] of s.images) {
      const image = embedded.get(src);
      if (!image) continue;
      for (const img of imgs) {
        const at = pictures.get(img);
        if (at && at.w > 0 && at.h > 0) page.drawImage(image, { x: at.x, y: at.y, width: at.w, height: at.h });
      }
    }
    for (const run of runsOf(s.glyphs)) {
      const font = fonts.get(run.key);
      if (!font) continue;
      const text = run.glyphs.map((g) => g.ch).join('');
      const first = run.glyphs[0] as Glyph;
      const last = run.glyphs[run.glyphs.length - 1] as Glyph;
      // the run spans what the browser gave it (which may have used another font): the embedded
      // font's advances scaled to that width, so runs meet and no gap reads as a space
      const natural = font.widthOfTextAtSize(text, first.size);
      const squeeze = natural > 0 ? Math.round(((last.x + last.w - first.x) / natural) * 10000) / 100 : 100;
      if (squeeze !== 100) page.pushOperators(setCharacterSqueeze(squeeze));
      page.drawText(text, { x: first.x, y: first.baseline, size: first.size, font, color: first.color });
      if (squeeze !== 100) page.pushOperators(setCharacterSqueeze(100));
    }
    for (const g of s.groups) {
      page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...g.matrix));
      drawSheet(page, g.reader);
      page.pushOperators(popGraphicsState());
    }
  };
  for (let c = 0; c < input.copies; c++) {
    for (const s of read) drawSheet(pdf.addPage([input.widthPt, input.heightPt]), s);
  }
  // pages as plain objects (no object streams): simple readers find every page's size
  return pdf.save({ useObjectStreams: false });
}
