import bwipjs from 'bwip-js/node';
import { describe, expect, it } from 'vitest';
import { bestQrMask } from '../src/render/qr-mask';

type Sym = { pixs: number[]; pixx: number };
const qr = (text: string, opts: Record<string, unknown> = {}): Sym => bwipjs.raw({ bcid: 'qrcode', text, ...opts } as Parameters<typeof bwipjs.raw>[0])[0] as unknown as Sym;

describe('QR mask selection (qr-mask.ts)', () => {
  // Versions 1 to 25 or so: short links, CJK text, long text (version information from version 7), every EC level.
  const texts: [string, Record<string, unknown>][] = [
    ['A', {}],
    ['https://gemqc.example/c/GQ2025100001', {}],
    ['宝石检测 GemQC-001', {}],
    ['GemQC '.repeat(40), {}],
    ['0'.repeat(700), {}],
    ['https://gemqc.example/c/GQ2025100042', { eclevel: 'L' }],
    ['https://gemqc.example/c/GQ2025100042', { eclevel: 'Q' }],
    ['https://gemqc.example/c/GQ2025100042', { eclevel: 'H' }],
    ...Array.from({ length: 24 }, (_, i): [string, Record<string, unknown>] => [`https://gemqc.example/c/GQ${2025100000 + i * 41}`, {}]),
  ];

  it.each(texts)('from any fixed mask gives the symbol bwip-js chooses itself: %s', (text, opts) => {
    const auto = qr(text, opts);
    for (let mask = 1; mask <= 8; mask++) {
      const fixed = qr(text, { ...opts, mask });
      expect(fixed.pixx).toBe(auto.pixx);
      if (mask > 1) expect(fixed.pixs.join('')).not.toBe(qr(text, { ...opts, mask: mask - 1 }).pixs.join(''));
      const got = bestQrMask(fixed.pixs, fixed.pixx);
      expect(got.join('')).toBe(auto.pixs.join(''));
    }
  });

  it('leaves anything that is not a full QR symbol unchanged', () => {
    const bogus = Array.from({ length: 21 * 21 }, (_, i) => i % 2);
    expect(bestQrMask(bogus, 21)).toEqual(bogus);
    expect(bestQrMask([1, 0, 1, 0], 2)).toEqual([1, 0, 1, 0]);
  });
});
