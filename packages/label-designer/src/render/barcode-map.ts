import type { QrLevel } from '../model/barcode-rules';
import type { BarcodeType } from '../model/types';

/** bwip-js encoder names this package uses (named imports keep the bundle to these only); QR codes are lean-qr's (qr.ts). */
export type EncoderName =
  | 'code128' | 'ean8' | 'ean13' | 'gs1_128' | 'code39' | 'code39ext' | 'interleaved2of5' | 'industrial2of5' | 'matrix2of5'
  | 'upca' | 'upce' | 'ean2' | 'ean5' | 'code93' | 'code93ext' | 'msi' | 'postnet' | 'rationalizedCodabar' | 'qrcode' | 'pdf417';

export type BarcodeResult = { svg: string; twoD: boolean } | { error: string };

export interface EncoderPlan {
  encoder: EncoderName;
  bcid: string;
  text: string;
  /** Options for bwip-js beyond text/bcid. */
  options: { parsefnc?: boolean; includetext?: boolean; includecheck?: boolean; eclevel?: QrLevel };
  /** 2D symbols keep their aspect ratio; 1D bars stretch to the box like C-Lodop does. */
  twoD: boolean;
}

/**
 * Map a spec barcode type (C-Lodop's names) and its data to a bwip-js encoder call.
 * C-Lodop is forgiving about some data forms, so the text is adapted where the meaning is clear:
 * - EAN128A/B/C: GS1 data with "(AI)" goes to gs1-128; plain data is encoded as Code 128 with a
 *   leading FNC1 — which is what a GS1-128 symbol is — because bwip's gs1-128 insists on AIs.
 * - UPC_E0 / UPC_E1: six digits get their number system (0 or 1) in front.
 * - Codabar: start/stop characters A are added when the data has none.
 * - 128A/B/C/Auto: bwip-js chooses code sets itself; the bars encode the same content.
 */
export function planBarcode(type: BarcodeType, text: string, showText: boolean, level?: QrLevel): EncoderPlan {
  const lin = (encoder: EncoderName, bcid: string, t = text, extra: EncoderPlan['options'] = {}): EncoderPlan => ({
    encoder, bcid, text: t, options: { includetext: showText, ...extra }, twoD: false,
  });
  switch (type) {
    case '128A':
    case '128B':
    case '128C':
    case '128Auto':
      return lin('code128', 'code128');
    case 'EAN8':
      return lin('ean8', 'ean8');
    case 'EAN13':
      return lin('ean13', 'ean13');
    case 'EAN128A':
    case 'EAN128B':
    case 'EAN128C':
      return text.trim().startsWith('(') ? lin('gs1_128', 'gs1-128') : lin('code128', 'code128', `^FNC1${text.replace(/\^/g, '^094')}`, { parsefnc: true });
    case 'Code39':
      return lin('code39', 'code39');
    case '39Extended':
      return lin('code39ext', 'code39ext');
    case '2_5interleaved':
      return lin('interleaved2of5', 'interleaved2of5');
    case '2_5industrial':
      return lin('industrial2of5', 'industrial2of5');
    case '2_5matrix':
      return lin('matrix2of5', 'matrix2of5');
    case 'UPC_A':
      return lin('upca', 'upca');
    case 'UPC_E0':
      return lin('upce', 'upce', /^\d{6}$/.test(text) ? `0${text}` : text);
    case 'UPC_E1':
      return lin('upce', 'upce', /^\d{6}$/.test(text) ? `1${text}` : text);
    case 'UPCsupp2':
      return lin('ean2', 'ean2');
    case 'UPCsupp5':
      return lin('ean5', 'ean5');
    // Code 93's two check characters are part of the symbology (readers reject symbols without).
    case 'Code93':
      return lin('code93', 'code93', text, { includecheck: true });
    case '93Extended':
      return lin('code93ext', 'code93ext', text, { includecheck: true });
    // MSI is printed with its mod-10 check digit in practice.
    case 'MSI':
      return lin('msi', 'msi', text, { includecheck: true });
    case 'PostNet':
      return lin('postnet', 'postnet');
    case 'Codabar':
      return lin('rationalizedCodabar', 'rationalizedCodabar', /^[ABCD].*[ABCD]$/i.test(text) ? text : `A${text}A`);
    case 'QRCode':
      return { encoder: 'qrcode', bcid: 'qrcode', text, options: { eclevel: level ?? 'M' }, twoD: true };
    case 'PDF417':
      return { encoder: 'pdf417', bcid: 'pdf417', text, options: {}, twoD: true };
  }
}
