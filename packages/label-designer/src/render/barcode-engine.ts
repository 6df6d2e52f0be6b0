/**
 * The only module that imports bwip-js. Loaded lazily (see barcodes.ts): the named encoders and
 * drawingSVG keep it to the 20 encoders the 26 spec types need, instead of toSVG's full set.
 */
import {
  code128, code39, code39ext, code93, code93ext, drawingSVG, ean13, ean2, ean5, ean8, gs1_128, industrial2of5, interleaved2of5,
  matrix2of5, msi, pdf417, postnet, qrcode, rationalizedCodabar, upca, upce, type RenderOptions,
} from 'bwip-js/browser';
import type { BarcodeType } from '../model/types';
import { planBarcode, type BarcodeResult, type EncoderName, type EncoderPlan } from './barcode-map';

type Encoder = (opts: RenderOptions, drawing: ReturnType<typeof drawingSVG>) => string;

const ENCODERS: Record<EncoderName, Encoder> = {
  code128, code39, code39ext, code93, code93ext, ean13, ean2, ean5, ean8, gs1_128, industrial2of5, interleaved2of5, matrix2of5,
  msi, pdf417, postnet, qrcode, rationalizedCodabar, upca, upce,
};

/** Draw a planned barcode as an SVG string; throws bwip-js's error for invalid data. */
export function drawBarcodeSvg(plan: EncoderPlan, color = '000000'): string {
  const opts: RenderOptions = { bcid: plan.bcid, text: plan.text, scale: 2, barcolor: color, textcolor: color, ...plan.options };
  // bwip rejects an explicit undefined; 2D symbols size themselves.
  if (!plan.twoD) opts.height = 10;
  return ENCODERS[plan.encoder](opts, drawingSVG());
}

function errorText(e: unknown): string {
  const raw = e instanceof Error ? e.message : String(e);
  // bwip errors read "bwipp.ean13badLength#4370: EAN-13 must be 12 or 13 digits"; keep the sentence.
  return raw.replace(/^bwip(p|-js)\.[\w]+#?\d*:\s*/, '');
}

/** Draw a barcode of a spec type: its SVG, or the reason its data is invalid. Used on the page and in workers. */
export function drawBarcode(type: BarcodeType, text: string, showText: boolean, color: string): BarcodeResult {
  if (text === '') return { error: 'empty' };
  const plan = planBarcode(type, text, showText);
  try {
    return { svg: drawBarcodeSvg(plan, color.replace('#', '')), twoD: plan.twoD };
  } catch (err) {
    return { error: errorText(err) };
  }
}
