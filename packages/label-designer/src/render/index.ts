export { LabelView, itemBoxStyle, type LabelViewProps } from './LabelView';
export { ItemContent, RenderModeContext, fontCss, type RenderMode, type ItemContentProps } from './ItemContent';
export { planBarcode, type EncoderPlan, type EncoderName } from './barcode-map';
export { loadBarcodeEngine, renderBarcode, renderBarcodeSync, startBarcodeWorkers, type BarcodeResult } from './barcodes';
export { buildPrintDocument, printInBrowser, renderPdf, downloadPdf, renderLabelsMarkup, printCss, type RasterOptions } from './print';
export { writePdf, type PdfPage, type PdfImage } from './pdf';
export * from './units';
