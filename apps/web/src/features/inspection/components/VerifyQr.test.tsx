import { describe, expect, it } from 'vitest';
import { absoluteVerifyUrl, qrPath } from './VerifyQr';

/** The modules qrPath draws, as a set of "column,row" without the quiet zone. */
const modules = (d: string) => new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${Number(m[1]) - 4},${Number(m[2]) - 4}`));

describe('扫码查验 QR code', () => {
  it('makes the verification path absolute for a phone', () => {
    expect(absoluteVerifyUrl('/verify/V25680002Q', 'https://qc.example.com')).toBe('https://qc.example.com/verify/V25680002Q');
  });

  it('draws a whole QR symbol inside a 4-module quiet zone: version size and the three finder patterns', () => {
    const { size, d } = qrPath('https://qc.example.com/verify/V25680002Q');
    const n = size - 8;
    // 21 + 4k modules: a QR version 1..40 symbol
    expect((n - 21) % 4).toBe(0);
    const dark = modules(d);
    // each finder pattern: dark 7×7 ring, light ring inside, dark 3×3 core
    for (const [x0, y0] of [[0, 0], [n - 7, 0], [0, n - 7]] as const) {
      for (let y = 0; y < 7; y++) {
        for (let x = 0; x < 7; x++) {
          const ring = x === 0 || y === 0 || x === 6 || y === 6;
          const core = x >= 2 && x <= 4 && y >= 2 && y <= 4;
          expect(dark.has(`${x0 + x},${y0 + y}`), `finder at ${x0},${y0}: ${x},${y}`).toBe(ring || core);
        }
      }
    }
  });

  it('a longer address needs a larger symbol, and different addresses draw different symbols', () => {
    const short = qrPath('https://qc.example.com/verify/V1');
    const long = qrPath(`https://qc.example.com/verify/${'V'.repeat(120)}`);
    expect(long.size).toBeGreaterThan(short.size);
    expect(qrPath('https://qc.example.com/verify/V2').d).not.toBe(short.d);
  });
});
