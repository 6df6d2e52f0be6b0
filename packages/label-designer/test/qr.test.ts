// @vitest-environment node
/**
 * QR codes (render/qr.ts, lean-qr): decodable by zbar with Chinese payloads in UTF-8, the
 * template's error-correction level honoured, and the mask chosen by ISO/IEC 18004's penalty rules
 * (computed independently here). The same symbol on the canvas, in browser print and in the PDF.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { correction, generate } from 'lean-qr';
import { afterAll, describe, expect, it } from 'vitest';
import { buildJob } from '../src/lodop';
import { createItem, createTemplate, qrLevelOf, type QrLevel } from '../src/model';
import { recordingLodop } from './fake-lodop';
import { renderBarcode } from '../src/render';
import { barcodeOf } from '../src/render/barcodes';
import { encodeQr, QR_MODES, qrRuns, type QrSymbol } from '../src/render/qr';

const dir = mkdtempSync(join(tmpdir(), 'gq-qr-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The module grid of a QR SVG drawn by the barcode engine (runs stroked 2 units wide: `M x y h w`, 2 units a module). */
function gridOfSvg(svg: string): QrSymbol {
  expect(svg).toMatch(/^<svg viewBox="0 0 \d+ \d+"[^>]*><path stroke="#[0-9a-f]{6}" stroke-width="2" d="(M\d+ \d+h\d+)+"\/><\/svg>$/i);
  const side = Number(/viewBox="0 0 (\d+) /.exec(svg)![1]) / 2;
  const dark = new Uint8Array(side * side);
  for (const m of svg.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    const [x, y, w] = [Number(m[1]) / 2, (Number(m[2]) - 1) / 2, Number(m[3]) / 2];
    dark.fill(1, y * side + x, y * side + x + w);
  }
  return { size: side, dark: (x, y) => dark[y * side + x] === 1 };
}

/** zbarimg's reading of a symbol drawn 6 px a module with a 4-module quiet zone. */
function zbar(sym: QrSymbol, name: string): string {
  const q = 4;
  const s = 6;
  const n = (sym.size + 2 * q) * s;
  const px = Buffer.alloc(n * n, 255);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const mx = Math.floor(x / s) - q;
      const my = Math.floor(y / s) - q;
      if (mx >= 0 && my >= 0 && mx < sym.size && my < sym.size && sym.dark(mx, my)) px[y * n + x] = 0;
    }
  }
  const file = join(dir, `${name}.pgm`);
  writeFileSync(file, Buffer.concat([Buffer.from(`P5\n${n} ${n}\n255\n`), px]));
  return execFileSync('zbarimg', ['-q', '--raw', file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8').replace(/\n$/, '');
}

/** Error-correction level and mask from the symbol's format information (beside the top-left finder). */
function formatOf(sym: QrSymbol): { level: QrLevel; mask: number } {
  const bit = (x: number, y: number): number => (sym.dark(x, y) ? 1 : 0);
  let b = 0;
  for (let x = 0; x <= 5; x++) b = (b << 1) | bit(x, 8);
  b = (b << 1) | bit(7, 8);
  b = (b << 1) | bit(8, 8);
  b = (b << 1) | bit(8, 7);
  for (let y = 5; y >= 0; y--) b = (b << 1) | bit(8, y);
  const v = (b ^ 0b101010000010010) >> 10;
  return { level: (['M', 'L', 'H', 'Q'] as const)[v >> 3]!, mask: v & 7 };
}

/** ISO/IEC 18004 §7.8.3 penalty score: N1 runs of 5+, N2 2×2 blocks, N3 1:1:3:1:1 with 4 light (within the symbol), N4 dark balance. */
function penalty(sym: QrSymbol): number {
  const n = sym.size;
  const g = (x: number, y: number): number => (sym.dark(x, y) ? 1 : 0);
  let p = 0;
  for (const across of [true, false]) {
    for (let i = 0; i < n; i++) {
      const at = (j: number): number => (across ? g(j, i) : g(i, j));
      let run = 1;
      for (let j = 1; j <= n; j++) {
        if (j < n && at(j) === at(j - 1)) run++;
        else {
          if (run >= 5) p += 3 + run - 5;
          run = 1;
        }
      }
      for (let j = 0; j + 11 <= n; j++) {
        const seq = Array.from({ length: 11 }, (_, k) => at(j + k)).join('');
        if (seq === '10111010000' || seq === '00001011101') p += 40;
      }
    }
  }
  for (let y = 0; y < n - 1; y++) for (let x = 0; x < n - 1; x++) if (g(x, y) === g(x + 1, y) && g(x, y) === g(x, y + 1) && g(x, y) === g(x + 1, y + 1)) p += 3;
  let dark = 0;
  for (let y = 0; y < n; y++) for (let x = 0; x < n; x++) dark += g(x, y);
  return p + 10 * Math.floor(Math.abs((dark * 100) / (n * n) - 50) / 5);
}

const PAYLOADS = [
  '宝石检测 GemQC-001',
  '证书号：GQ2025100001 翡翠手镯 A货',
  '和田玉籽料，重 12.35 克；检测结论：天然',
  'https://gemqc.example/v/GQ2025100001',
  '690123456789012345',
  'GEMQC CERT 00042',
];
const LEVELS: QrLevel[] = ['L', 'M', 'Q', 'H'];

describe('QR codes (lean-qr)', () => {
  it.each(PAYLOADS)('“%s” decodes with zbar at every error-correction level, as drawn for the label', async (text) => {
    for (const level of LEVELS) {
      const r = await renderBarcode('QRCode', text, true, '#000000', level);
      if (!('svg' in r)) throw new Error(r.error);
      const sym = gridOfSvg(r.svg);
      expect(zbar(sym, `${level}-${PAYLOADS.indexOf(text)}`)).toBe(text);
      expect(formatOf(sym).level).toBe(level);
    }
  });

  it("the template's QRCodeErrorLevel (lodopStyle, or style as kr keeps it) reaches the symbol; C-Lodop's M otherwise", async () => {
    const qr = (extra: object) => createItem('bar-code', { value: 'GQ2025100001', style: { codeType: 'QRCode' }, ...extra });
    expect(qrLevelOf(qr({}))).toBe('M');
    expect(qrLevelOf(qr({ lodopStyle: { QRCodeErrorLevel: 'H' } }))).toBe('H');
    expect(qrLevelOf(qr({ style: { codeType: 'QRCode', QRCodeErrorLevel: 'q' } }))).toBe('Q');
    expect(qrLevelOf(qr({ lodopStyle: { QRCodeErrorLevel: 'X' } }))).toBe('M');
    const job = barcodeOf(qr({ lodopStyle: { QRCodeErrorLevel: 'H' } }), 'GQ2025100001');
    const r = await renderBarcode(job.type, job.text, job.showText, job.color, job.level);
    expect('svg' in r && formatOf(gridOfSvg(r.svg)).level).toBe('H');
    // the C-Lodop job gets the same level: kr's style key is passed on (lodopStyle goes as it is)
    const lodop = recordingLodop();
    buildJob(lodop, createTemplate({ tempItems: [qr({ style: { codeType: 'QRCode', QRCodeErrorLevel: 'q' } })] }));
    expect(lodop.calls).toContainEqual(['SET_PRINT_STYLEA', 0, 'QRCodeErrorLevel', 'Q']);
    // other types carry no level (their cache keys stay as they were)
    expect(barcodeOf(createItem('bar-code', { style: { codeType: '128Auto' } }), 'x').level).toBeUndefined();
  });

  it("keeps the mask with the lowest ISO 18004 penalty of the eight", () => {
    const texts = [...PAYLOADS, ...Array.from({ length: 18 }, (_, i) => (i % 2 ? `证书 ${i} 翡翠 GQ${i * 7919}` : `https://gemqc.example/v/GQ${2025100000 + i * 104729}`))];
    texts.forEach((text, i) => {
      const level = LEVELS[i % 4]!;
      const chosen = encodeQr(text, level);
      const ec = correction[level];
      const scores = Array.from({ length: 8 }, (_, mask) => {
        const b = generate(text, { modes: QR_MODES, minCorrectionLevel: ec, maxCorrectionLevel: ec, mask: mask as 0 });
        return penalty({ size: b.size, dark: (x, y) => b.get(x, y) });
      });
      expect(scores[formatOf(chosen).mask], text).toBe(Math.min(...scores));
    });
  });

  it('qrRuns covers exactly the dark modules (the vector form for the PDF)', () => {
    const sym = encodeQr('证书号：GQ2025100001', 'Q');
    const seen = new Set<string>();
    for (const [x, y, w, h] of qrRuns(sym)) {
      expect(h).toBe(1);
      for (let i = 0; i < w; i++) seen.add(`${x + i},${y}`);
    }
    for (let y = 0; y < sym.size; y++) for (let x = 0; x < sym.size; x++) expect(seen.has(`${x},${y}`)).toBe(sym.dark(x, y));
  });
});
