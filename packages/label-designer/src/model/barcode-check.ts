import { translate, type Locale } from '../i18n';
import { barcodeValueProblem } from './barcode-rules';
import { bindText } from './binding';
import type { DataRow, TemplateItem } from './types';

/*
 * The batch check both print paths run before they start (the C-Lodop job, browser print and PDF).
 * Kept apart from barcode-rules.ts, which the barcode workers load: binding pulls in the HTML sanitiser.
 */

/** Code sets whose values barcodeValueProblem checks. */
const CHECKED = new Set<string>(['128A', '128B', '128C']);

/**
 * The first barcode of a batch that cannot be printed as designed, as the sentence both print paths
 * refuse the job with (`条码组件「证书号」“abc”不能用 128A 编码（…）`), or null. `rows` empty = the design itself.
 */
export function batchBarcodeProblem(items: readonly TemplateItem[], rows: readonly (DataRow | undefined)[], locale?: Locale): string | null {
  const checked = items.filter((i) => i.type === 'bar-code' && CHECKED.has(i.style.codeType ?? ''));
  if (!checked.length) return null;
  for (const row of rows.length ? rows : [undefined]) {
    for (const item of checked) {
      const problem = barcodeValueProblem(item.style.codeType as string, bindText(item, row), locale);
      if (problem) return translate(locale, 'barcode.item', { title: item.title || item.uuid, problem });
    }
  }
  return null;
}

/** A job that cannot be printed as designed (the message is for the user). Both print paths throw it. */
export class PrintJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrintJobError';
  }
}

