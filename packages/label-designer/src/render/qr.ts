/**
 * QR codes, the one encoder for them (canvas, browser print and PDF): lean-qr, which builds the
 * symbol by ISO/IEC 18004 — it tries all eight masks and keeps the one with the lowest penalty
 * (N1 runs, N2 blocks, N3 finder-like patterns, N4 dark balance) — at ~1/8 of bwip-js's time per code.
 * The other symbologies stay with bwip-js (barcode-engine.ts).
 *
 * Text goes in as numeric / alphanumeric / ASCII segments where they are shorter, anything else as
 * UTF-8 bytes without an ECI header, as bwip-js did: phones and zbar read Chinese that way, while
 * an ECI 26 header or Kanji mode (what lean-qr's defaults would pick) trip up some readers.
 */
import { correction, generate, mode, type ModeFactory } from 'lean-qr';
import type { QrLevel } from '../model/barcode-rules';

const utf8 = new TextEncoder();
const utf8Bytes: ModeFactory = Object.assign((value: string) => mode.bytes(utf8.encode(value)), {
  test: () => true,
  est: (value: string, version: number) => 12 + (version > 9 ? 8 : 0) + 8 * utf8.encode(value).length,
});
/** The segment modes a QR code may use (lean-qr's `modes`): numeric, alphanumeric, ASCII bytes, UTF-8 bytes. */
export const QR_MODES = [mode.numeric, mode.alphaNumeric, mode.ascii, utf8Bytes];

/** A QR symbol: `size` × `size` modules, no quiet zone. */
export interface QrSymbol {
  size: number;
  dark(x: number, y: number): boolean;
}

/** Encode `text` at exactly this error-correction level (C-Lodop's QRCodeErrorLevel; M by default). Throws when it does not fit. */
export function encodeQr(text: string, level: QrLevel = 'M'): QrSymbol {
  const ec = correction[level];
  const bits = generate(text, { modes: QR_MODES, minCorrectionLevel: ec, maxCorrectionLevel: ec });
  return { size: bits.size, dark: (x, y) => bits.get(x, y) };
}

/**
 * The dark modules as rectangles [x, y, width, height] in module units, one per horizontal run —
 * the vector form of a QR code for a PDF (`drawRectangle` each) or an SVG path (qrSvgPath).
 */
export function qrRuns(sym: QrSymbol): [number, number, number, number][] {
  const runs: [number, number, number, number][] = [];
  for (let y = 0; y < sym.size; y++) {
    for (let x = 0; x < sym.size; x++) {
      if (!sym.dark(x, y)) continue;
      let end = x + 1;
      while (end < sym.size && sym.dark(end, y)) end++;
      runs.push([x, y, end - x, 1]);
      x = end;
    }
  }
  return runs;
}

/**
 * A QR code as a compact SVG for the page (canvas, browser print): each run of dark modules one
 * stroked line (`M x y h w`, 2 units a module), about a third of the text of filled rectangles, so
 * 5,000 labels cost the page less to parse, style and lay out. No quiet zone; colour `rrggbb`.
 */
export function qrSvg(sym: QrSymbol, color: string): string {
  let d = '';
  for (const [x, y, w] of qrRuns(sym)) d += `M${x * 2} ${y * 2 + 1}h${w * 2}`;
  const side = sym.size * 2;
  return `<svg viewBox="0 0 ${side} ${side}" xmlns="http://www.w3.org/2000/svg" shape-rendering="crispEdges"><path stroke="#${color}" stroke-width="2" d="${d}"/></svg>`;
}
