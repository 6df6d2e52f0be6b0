/**
 * A worker that draws barcodes with bwip-js off the page's main thread (see barcodes.ts). It takes
 * a batch of jobs and answers with their results in the same order.
 */
import { drawBarcode } from './barcode-engine';
import type { BarcodeJob, BarcodeReply } from './barcodes';

addEventListener('message', (e: MessageEvent<BarcodeJob[]>) => {
  const reply: BarcodeReply[] = e.data.map((j) => ({ key: j.key, result: drawBarcode(j.type, j.text, j.showText, j.color, j.level) }));
  postMessage(reply);
});
