import { describe, expect, it } from 'vitest';
import qrcode from 'qrcode-generator';
import { absoluteVerifyUrl, qrPath } from './VerifyQr';

describe('扫码查验 QR code', () => {
  it('makes the verification path absolute for a phone', () => {
    expect(absoluteVerifyUrl('/verify/V25680002Q', 'https://qc.example.com')).toBe('https://qc.example.com/verify/V25680002Q');
  });

  it('draws exactly the dark modules of the QR code, inside a 4-module quiet zone', () => {
    const text = 'https://qc.example.com/verify/V25680002Q';
    const { size, d } = qrPath(text);
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    const n = qr.getModuleCount();
    expect(size).toBe(n + 8);
    const drawn = new Set([...d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${Number(m[1]) - 4},${Number(m[2]) - 4}`));
    let dark = 0;
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) { dark++; expect(drawn.has(`${c},${r}`)).toBe(true); }
    expect(drawn.size).toBe(dark);
  });
});
