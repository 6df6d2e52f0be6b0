import bwipjs from 'bwip-js/browser';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useVt } from '../i18n';
import '../verify.css';

/** The public check address of a verification path (`/verify/V…`) as a buyer's phone needs it: absolute. */
export function absoluteVerifyUrl(path: string, origin: string = window.location.origin): string {
  return new URL(path, origin).href;
}

/**
 * The dark modules of a QR code of `text` (error correction M) as one SVG path, one unit per module
 * with a 4-module quiet zone. bwip-js encodes it: the app's one barcode library, as on the labels.
 */
export function qrPath(text: string): { size: number; d: string } {
  const sym = bwipjs.raw({ bcid: 'qrcode', text, eclevel: 'M' } as Parameters<typeof bwipjs.raw>[0])[0] as { pixs: number[]; pixx: number; pixy: number };
  const n = sym.pixx;
  let d = '';
  for (let r = 0; r < sym.pixy; r++) {
    for (let c = 0; c < n; c++) if (sym.pixs[r * n + c]) d += `M${c + 4} ${r + 4}h1v1h-1z`;
  }
  return { size: n + 8, d };
}

/**
 * 扫码查验: the certificate's public check address as a QR code with the address beside it (copyable),
 * for the printed report and the screen alike.
 */
export function VerifyQr({ path, size = 112 }: { path: string; size?: number }) {
  const t = useVt();
  const url = absoluteVerifyUrl(path);
  const qr = useMemo(() => qrPath(url), [url]);
  return (
    <div className="verify-qr" data-testid="verify-qr">
      <svg width={size} height={size} viewBox={`0 0 ${qr.size} ${qr.size}`} shapeRendering="crispEdges" role="img" aria-label={t('qrLabel', { url })}>
        <rect width={qr.size} height={qr.size} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <div>
        <div className="verify-qr__hint">{t('scanToVerify')}</div>
        <Typography.Text copyable={{ text: url }} className="verify-qr__url">
          {url}
        </Typography.Text>
      </div>
    </div>
  );
}
