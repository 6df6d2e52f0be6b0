/**
 * QR mask selection, the same as BWIPP's but in plain typed-array code.
 *
 * BWIPP (the PostScript behind bwip-js) spends about two thirds of a QR symbol's time trying the
 * eight mask patterns through its emulated PostScript stack. The worker therefore asks bwip-js for
 * the symbol with one fixed mask (everything else — data, error correction, placement, version
 * information — is bwip-js's), takes that mask off again and runs BWIPP's own evaluation
 * (`evalfull` in barcode.ps: runs of 5+, 1:1:3:1:1 finder-like runs, 2×2 blocks, dark balance) to
 * pick the mask, then writes that mask's format information. The result is the symbol bwip-js draws
 * without a fixed mask, module for module (the tests compare both).
 */

/** Standard QR mask patterns 0–7 (ISO/IEC 18004 table 10); x is the column, y the row. */
const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

const DATA = 0;
const FIXED = 1;
const FORMAT = 2;
const VERSION = 3;
const DARK = 4;

/** The 15 format-information cells, bit 0 first, of both copies: [x, y]. */
function formatCells(n: number): [[number, number][], [number, number][]] {
  const a: [number, number][] = [];
  const b: [number, number][] = [];
  for (let i = 0; i <= 5; i++) a.push([8, i]);
  a.push([8, 7], [8, 8], [7, 8]);
  for (let i = 9; i < 15; i++) a.push([14 - i, 8]);
  for (let i = 0; i < 8; i++) b.push([n - 1 - i, 8]);
  for (let i = 8; i < 15; i++) b.push([8, n - 15 + i]);
  return [a, b];
}

function alignmentCentres(version: number, n: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const out = [6];
  for (let pos = n - 7; out.length < count; pos -= step) out.splice(1, 0, pos);
  return out;
}

interface Layout { kinds: Uint8Array; format: [[number, number][], [number, number][]]; masks: Uint8Array[] }
const layouts = new Map<number, Layout>();

/** What each cell of a full QR symbol of this size is: data, fixed pattern, format, version or the dark module. */
function layoutOf(n: number): Layout | null {
  const version = (n - 17) / 4;
  if (!Number.isInteger(version) || version < 1 || version > 40) return null;
  const cached = layouts.get(n);
  if (cached) return cached;
  const kinds = new Uint8Array(n * n);
  const set = (x: number, y: number, k: number): void => {
    if (x >= 0 && y >= 0 && x < n && y < n) kinds[y * n + x] = k;
  };
  for (let i = 0; i < n; i++) {
    set(6, i, FIXED);
    set(i, 6, FIXED);
  }
  for (const [cx, cy] of [[0, 0], [n - 8, 0], [0, n - 8]] as const) for (let y = 0; y < 8; y++) for (let x = 0; x < 8; x++) set(cx + x, cy + y, FIXED);
  const centres = alignmentCentres(version, n);
  const last = centres.length - 1;
  centres.forEach((cx, i) =>
    centres.forEach((cy, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, FIXED);
    }),
  );
  const format = formatCells(n);
  for (const [x, y] of [...format[0], ...format[1]]) set(x, y, FORMAT);
  set(8, n - 8, DARK);
  if (version >= 7) {
    for (let i = 0; i < 18; i++) {
      const a = n - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, VERSION);
      set(b, a, VERSION);
    }
  }
  const masks = MASKS.map((fn) => {
    const m = new Uint8Array(n * n);
    for (let y = 0, at = 0; y < n; y++) for (let x = 0; x < n; x++, at++) m[at] = fn(x, y) ? 1 : 0;
    return m;
  });
  const layout = { kinds, format, masks };
  layouts.set(n, layout);
  return layout;
}

/** The 15 format bits (BCH code, XOR mask 0x5412) for error-correction bits `ecl` and mask 0–7. */
function formatBits(ecl: number, mask: number): number {
  const data = (ecl << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | (rem & 0x3ff)) ^ 0x5412;
}

/** BWIPP's n1 (runs of 5 or more) and n3 (1:1:3:1:1 next to 4 light) of one run-length line. */
function lineScore(rle: Int32Array, len: number): number {
  let score = 0;
  for (let i = 0; i < len; i++) if ((rle[i] as number) >= 5) score += (rle[i] as number) - 2;
  for (let j = 3; j <= len - 3; j += 2) {
    const r = rle[j] as number;
    if (r % 3 !== 0) continue;
    const f = r / 3;
    if (rle[j - 2] !== f || rle[j - 1] !== f || rle[j + 1] !== f || rle[j + 2] !== f) continue;
    if (j === 3 || j + 4 >= len || (rle[j - 3] as number) >= 4 || (rle[j + 3] as number) >= 4) score += 40;
  }
  return score;
}

/** BWIPP's `evalfull` penalty of a masked symbol (lower is better). */
function penalty(sym: Uint8Array, n: number, rle: Int32Array): number {
  let score = 0;
  let last = new Uint8Array(n);
  let pairs = new Uint8Array(n);
  let dark = 0;
  for (let i = 0; i < n; i++) {
    for (const [start, step] of [[i, n], [i * n, 1]] as const) {
      // Run lengths starting with a (possibly empty) light run.
      let len = 0;
      let count = 0;
      let prev = 0;
      for (let k = 0, at = start; k < n; k++, at += step) {
        const v = sym[at] as number;
        if (v === prev) count++;
        else {
          rle[len++] = count;
          count = 1;
          prev = v;
        }
      }
      rle[len++] = count;
      score += lineScore(rle, len);
    }
    const row = i * n;
    pairs[0] = 1;
    for (let k = 1; k < n; k++) pairs[k] = (sym[row + k - 1] as number) + (sym[row + k] as number);
    if (i > 0) for (let k = 1; k < n; k++) if ((((pairs[k] as number) + (last[k] as number)) & 3) === 0) score += 3;
    [last, pairs] = [pairs, last];
    for (let k = 0; k < n; k++) dark += sym[row + k] as number;
  }
  return score + Math.trunc(Math.abs((dark * 100) / (n * n) - 50) / 5) * 10;
}

/**
 * Given a full QR symbol as bwip-js's raw `pixs` (row by row, `n` × `n`) encoded with any one mask,
 * return the symbol with the mask BWIPP itself would choose. Returns the input unchanged when it
 * is not a full QR symbol this code understands (its format information does not check out).
 */
export function bestQrMask(pixs: ArrayLike<number>, n: number): number[] {
  const input = Array.from(pixs, (v) => (v ? 1 : 0));
  const layout = layoutOf(n);
  if (!layout || input.length !== n * n) return input;
  const { kinds, format, masks } = layout;
  let fmt = 0;
  format[0].forEach(([x, y], i) => (fmt |= (input[y * n + x] as number) << i));
  const data = (fmt ^ 0x5412) >> 10;
  const ecl = data >> 3;
  const used = data & 7;
  if (formatBits(ecl, used) !== fmt) return input;

  const rle = new Int32Array(n + 1);
  const sym = new Uint8Array(n * n);
  let best: Uint8Array | null = null;
  let bestMask = used;
  let bestScore = Infinity;
  const unmask = masks[used] as Uint8Array;
  for (let m = 0; m < 8; m++) {
    const mask = masks[m] as Uint8Array;
    for (let at = 0; at < n * n; at++) {
      const kind = kinds[at];
      const v = input[at] as number;
      // While masks are compared BWIPP has the format cells reserved dark, the version cells and the dark module light.
      sym[at] = kind === DATA ? v ^ (unmask[at] as number) ^ (mask[at] as number) : kind === FORMAT ? 1 : kind === FIXED ? v : 0;
    }
    const score = penalty(sym, n, rle);
    if (score < bestScore) {
      bestScore = score;
      bestMask = m;
      best = sym.slice();
    }
  }
  const out = Array.from(best as Uint8Array);
  for (let at = 0; at < n * n; at++) {
    const kind = kinds[at];
    if (kind === VERSION || kind === FIXED) out[at] = input[at] as number;
    else if (kind === DARK) out[at] = 1;
  }
  const bits = formatBits(ecl, bestMask);
  for (const copy of format) copy.forEach(([x, y], i) => (out[y * n + x] = (bits >> i) & 1));
  return out;
}
