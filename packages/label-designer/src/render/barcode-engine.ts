/**
 * The only module that imports bwip-js; it runs in the barcode workers (see barcodes.ts) and on the
 * page only where workers cannot start.
 *
 * QR codes are encoded by lean-qr (qr.ts: ISO 18004's mask choice at ~1/8 of bwip-js's time; one
 * encoder per symbology). The common 1D symbols (Code 128 and the other plain 1D codes) are encoded
 * with bwip-js's low-level `raw` call and drawn here as one compact SVG path: that skips BWIPP's
 * generic renderer (renlinear with its text validation) and bwip-js's glyph-by-glyph text outlines,
 * which cost more than the encoding itself (Code 128: ~2.3 ms → ~0.1 ms). Anything else (EAN/UPC
 * with their guard bars and split text, POSTNET, PDF417) keeps bwip-js's own SVG drawing.
 * Data C-Lodop would refuse is refused here first, with the same sentence (model/barcode-rules.ts).
 */
import bwipjs, {
  code128, code39, code39ext, code93, code93ext, drawingSVG, ean13, ean2, ean5, ean8, gs1_128, industrial2of5, interleaved2of5,
  matrix2of5, msi, pdf417, postnet, rationalizedCodabar, upca, upce, type RenderOptions,
} from 'bwip-js/browser';
import { barcodeValueProblem, type QrLevel } from '../model/barcode-rules';
import type { BarcodeType } from '../model/types';
import { planBarcode, type BarcodeResult, type EncoderName, type EncoderPlan } from './barcode-map';
import { encodeQr, qrSvg } from './qr';

type Encoder = (opts: RenderOptions, drawing: ReturnType<typeof drawingSVG>) => string;

const ENCODERS: Record<Exclude<EncoderName, 'qrcode'>, Encoder> = {
  code128, code39, code39ext, code93, code93ext, ean13, ean2, ean5, ean8, gs1_128, industrial2of5, interleaved2of5, matrix2of5,
  msi, pdf417, postnet, rationalizedCodabar, upca, upce,
};

/** 1D encoders whose symbol is plain bars of one height with at most one line of text under them. */
const PLAIN_1D = new Set<EncoderName>(['code128', 'gs1_128', 'code39', 'code39ext', 'code93', 'code93ext', 'interleaved2of5', 'industrial2of5', 'matrix2of5', 'msi', 'rationalizedCodabar']);

/** Geometry of the compact drawing, in SVG units (the picture is scaled to the item box anyway). */
const MODULE = 2;
const BAR_HEIGHT = 56;
const TEXT_SIZE = 14;
const TEXT_GAP = 2;

interface Linear { sbs: number[]; bhs: number[]; bbs: number[]; txt?: [string, number, number | null, string, number][] }

const escapeXml = (s: string): string => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** Bars as one path of rectangles; null when the symbol is not plain bars (then bwip-js draws it). */
function linearSvg(sym: Linear, showText: boolean, color: string): string | null {
  const { sbs, bhs, bbs } = sym;
  if (!sbs.length || bhs.some((h) => h !== bhs[0]) || bbs.some((b) => b !== 0)) return null;
  const txt = showText ? (sym.txt ?? []) : [];
  if (txt.length > 1 || (txt[0] && txt[0][1] !== 0)) return null;
  let x = 0;
  let d = '';
  for (let i = 0; i < sbs.length; i++) {
    const w = (sbs[i] as number) * MODULE;
    if (i % 2 === 0 && w > 0) d += `M${x} 0h${w}v${BAR_HEIGHT}h${-w}z`;
    x += w;
  }
  const text = txt[0]?.[0] ?? '';
  const height = text ? BAR_HEIGHT + TEXT_GAP + TEXT_SIZE : BAR_HEIGHT;
  const label = text
    ? `<text x="${x / 2}" y="${BAR_HEIGHT + TEXT_GAP + TEXT_SIZE * 0.85}" font-family="OCR-B,Consolas,'DejaVu Sans Mono',monospace" font-size="${TEXT_SIZE}" text-anchor="middle" fill="#${color}">${escapeXml(text)}</text>`
    : '';
  return `<svg viewBox="0 0 ${x} ${height}" xmlns="http://www.w3.org/2000/svg"><path fill="#${color}" d="${d}"/>${label}</svg>`;
}

/** Draw a planned barcode as an SVG string; throws bwip-js's error for invalid data. */
export function drawBarcodeSvg(plan: EncoderPlan, color = '000000'): string {
  if (plan.encoder === 'qrcode') {
    return qrSvg(encodeQr(plan.text, plan.options.eclevel), color);
  }
  if (PLAIN_1D.has(plan.encoder)) {
    const sym = bwipjs.raw({ bcid: plan.bcid, text: plan.text, ...plan.options })[0] as Linear | object | undefined;
    const svg = sym && 'sbs' in sym ? linearSvg(sym, plan.options.includetext === true, color) : null;
    if (svg) return svg;
  }
  const opts: RenderOptions = { bcid: plan.bcid, text: plan.text, scale: 2, barcolor: color, textcolor: color, ...plan.options };
  // bwip rejects an explicit undefined; 2D symbols size themselves.
  if (!plan.twoD) opts.height = 10;
  return ENCODERS[plan.encoder as Exclude<EncoderName, 'qrcode'>](opts, drawingSVG());
}

function errorText(e: unknown): string {
  const raw = e instanceof Error ? e.message : String(e);
  // bwip errors read "bwipp.ean13badLength#4370: EAN-13 must be 12 or 13 digits"; keep the sentence.
  return raw.replace(/^bwip(p|-js)\.[\w]+#?\d*:\s*/, '');
}

/**
 * Draw a barcode of a spec type: its SVG, or the reason its data is invalid. Used on the page and in
 * workers. `level` is a QR code's error-correction level.
 */
export function drawBarcode(type: BarcodeType, text: string, showText: boolean, color: string, level?: QrLevel): BarcodeResult {
  if (text === '') return { error: 'empty' };
  const refused = barcodeValueProblem(type, text);
  if (refused) return { error: refused };
  const plan = planBarcode(type, text, showText, level);
  try {
    return { svg: drawBarcodeSvg(plan, color.replace('#', '')), twoD: plan.twoD };
  } catch (err) {
    return { error: errorText(err) };
  }
}
