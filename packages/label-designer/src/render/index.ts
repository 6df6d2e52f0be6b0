export { LabelView, itemBoxStyle, type LabelViewProps } from './LabelView';
export { ItemContent, RenderModeContext, PageNumbersContext, fontCss, fillPageNumbersText, fillPageNumbersHtml, type RenderMode, type ItemContentProps, type PageNumbers } from './ItemContent';
export { planBarcode, type EncoderPlan, type EncoderName } from './barcode-map';
export { loadBarcodeEngine, renderBarcode, renderBarcodeSync, startBarcodeWorkers, type BarcodeResult } from './barcodes';
export {
  buildPrintDocument, writePrintDocument, printInBrowser, renderPdf, downloadPdf, renderLabelsMarkup, layoutLabels, sheetsMarkup, paperOf, printCss,
  type PdfOptions, type BrowserPrintOptions,
} from './print';
export { paginateLabel, measureInDocument, type LabelPage, type PlacedItem, type AnchorSize, type MeasureAnchor } from './pages';
export type { PdfFontSource } from './pdf';
export * from './units';
