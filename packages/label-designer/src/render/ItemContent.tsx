import { createContext, memo, useContext, useSyncExternalStore, type CSSProperties, type ReactElement } from 'react';
import { bindHtml, bindText, buildTableHtml } from '../model/binding';
import { DESIGNER_DEFAULTS, fontFamilyCss } from '../model/defaults';
import { printableImageSrc } from '../model/images';
import type { DataRow, ItemStyle, TemplateItem } from '../model/types';
import { barcodeKey, barcodeOf, isBarcodeEngineLoaded, peekBarcode, renderBarcodeSync, requestBarcode, type BarcodeResult } from './barcodes';

/**
 * 'canvas': the designer (barcodes drawn in background slices, table first column 40).
 * 'print': browser print / PDF (everything drawn synchronously, first column 30 like C-Lodop).
 */
export type RenderMode = 'canvas' | 'print';
export const RenderModeContext = createContext<RenderMode>('canvas');

/** The page being printed (1-based) and the job's page count; absent on the canvas. */
export interface PageNumbers {
  no: number;
  count: number;
}
export const PageNumbersContext = createContext<PageNumbers | null>(null);

/**
 * Page numbers the way C-Lodop fills them: in a page-number (ItemType 2) or page-count (3) text item
 * `#` is the page number and `&` the page count ("第#页/共&页"); in HTML and tables, `##` inside an
 * element marked `tdata="pageNO"` or `tdata="pageCount"` ("<span tdata='pageNO'>第##页</span>").
 */
export function fillPageNumbersText(text: string, itemType: number | undefined, p: PageNumbers | null): string {
  if (!p || (itemType !== 2 && itemType !== 3)) return text;
  return text.replace(/#/g, String(p.no)).replace(/&/g, String(p.count));
}

const TDATA = /(<([a-z][\w-]*)\b[^>]*?\btdata\s*=\s*(["']?)(pageNO|pageCount)\3[^>]*>)([\s\S]*?)(<\/\2\s*>)/gi;
export function fillPageNumbersHtml(html: string, p: PageNumbers | null): string {
  if (!p || !/tdata/i.test(html)) return html;
  return html.replace(TDATA, (_m, open: string, _tag, _q, kind: string, inner: string, close: string) =>
    `${open}${inner.replace(/##/g, String(kind.toLowerCase() === 'pageno' ? p.no : p.count))}${close}`);
}

/** Dash patterns of C-Lodop's intLineStyle 0–4 as CSS border styles (the browser has no dash-dot). */
const LINE_CSS = ['solid', 'dashed', 'dotted', 'dashed', 'dotted'] as const;
export const lineCss = (style: ItemStyle): string => LINE_CSS[Math.min(4, Math.max(0, Math.round(style.LineStyle ?? 0)))] as string;

export function fontCss(style: ItemStyle): CSSProperties {
  return {
    fontSize: `${style.FontSize ?? DESIGNER_DEFAULTS.fontSize}pt`,
    color: style.FontColor ?? '#000000',
    fontWeight: style.Bold ? 'bold' : 'normal',
    fontStyle: style.Italic ? 'italic' : 'normal',
    textDecoration: style.Underline ? 'underline' : 'none',
    textAlign: style.Alignment ?? 'left',
    ...(style.FontName ? { fontFamily: fontFamilyCss(style.FontName) } : {}),
  };
}

export const fill: CSSProperties = { width: '100%', height: '100%', overflow: 'hidden', boxSizing: 'border-box' };

// The style of each kind of item content, shared by the React views and the print markup (markup.ts).
export const textStyle = (style: ItemStyle): CSSProperties => ({ ...fill, ...fontCss(style), whiteSpace: 'pre-wrap', wordBreak: 'break-all', lineHeight: 1.2 });
export const htmlStyle = (style: ItemStyle): CSSProperties => ({ ...fill, ...fontCss(style) });
export const tableStyle = (style: ItemStyle, mode: RenderMode): CSSProperties => ({ width: '100%', height: style.AutoHeight && mode === 'print' ? 'auto' : '100%', overflow: 'hidden' });
export const BARCODE_PENDING_STYLE: CSSProperties = { ...fill, background: '#f5f5f5' };
export const BARCODE_ERROR_STYLE: CSSProperties = { ...fill, border: '1px dashed #d93025', color: '#d93025', fontSize: 11, lineHeight: 1.2, padding: 2, background: '#fff5f5' };
export const IMAGE_EMPTY_STYLE: CSSProperties = { ...fill, border: '1px dashed #bbb', color: '#999', fontSize: 12, display: 'flex', alignItems: 'center', justifyContent: 'center' };
export const IMAGE_STYLE: CSSProperties = { width: '100%', height: '100%', objectFit: 'contain', display: 'block' };
export const LINE_BOX_STYLE: CSSProperties = { position: 'relative', width: '100%', height: '100%' };
export const rectStyle = (style: ItemStyle): CSSProperties => ({ ...fill, border: `${Math.max(1, style.LineWidth ?? 1)}px ${lineCss(style)} ${style.FontColor ?? '#000000'}` });

/** A line through the middle of its box, as lineEnds() sends it to C-Lodop. */
export function lineOf(item: TemplateItem): { horizontal: boolean; style: CSSProperties } {
  const style = item.style;
  const color = style.FontColor ?? '#000000';
  const w = Math.max(1, style.LineWidth ?? 1);
  const horizontal = item.width >= item.height;
  return {
    horizontal,
    style: horizontal
      ? { position: 'absolute', left: 0, right: 0, top: `calc(50% - ${w / 2}px)`, borderTop: `${w}px ${lineCss(style)} ${color}` }
      : { position: 'absolute', top: 0, bottom: 0, left: `calc(50% - ${w / 2}px)`, borderLeft: `${w}px ${lineCss(style)} ${color}` },
  };
}

function useBarcode(item: TemplateItem, text: string, sync: boolean): BarcodeResult | undefined {
  const job = barcodeOf(item, text);
  const { type, showText: show, color, level } = job;
  const key = barcodeKey(type, text, show, color, level);
  const subscribe = (cb: () => void) => (sync ? () => {} : requestBarcode(job, cb));
  const snap = () => peekBarcode(key);
  const r = useSyncExternalStore(subscribe, snap, snap);
  if (!r && sync && isBarcodeEngineLoaded()) return renderBarcodeSync(type, text, show, color, level);
  return r;
}

/** Make bwip's SVG fill the item box: 1D bars stretch like C-Lodop's, 2D symbols keep their ratio. */
export function fitSvg(svg: string, twoD: boolean): string {
  return svg.replace('<svg ', `<svg width="100%" height="100%" style="display:block" preserveAspectRatio="${twoD ? 'xMidYMid meet' : 'none'}" `);
}

const BarcodeView = memo(function BarcodeView({ item, text }: { item: TemplateItem; text: string }): ReactElement {
  const mode = useContext(RenderModeContext);
  const r = useBarcode(item, text, mode === 'print');
  if (!r) return <div style={BARCODE_PENDING_STYLE} data-barcode="pending" />;
  if ('error' in r) {
    return (
      <div role="alert" data-barcode="error" title={r.error} style={BARCODE_ERROR_STYLE}>
        {item.style.codeType ?? 'Code39'}: {r.error}
      </div>
    );
  }
  // Inline SVG on the canvas too: the common symbols are one path (barcode-engine.ts), cheap to paint,
  // while an <img> of an SVG data URL costs the page a whole isolated SVG document (~2 ms each).
  return <div data-barcode="ok" style={fill} dangerouslySetInnerHTML={{ __html: fitSvg(r.svg, r.twoD) }} />;
});

export interface ItemContentProps {
  item: TemplateItem;
  /** Data row for `{field}` placeholders; without one the design values are shown. */
  row?: DataRow;
  /** Table body rows [from, to) on this page of a table that runs over pages. */
  rowRange?: [number, number];
}

/** What an item looks like, inside its positioned box (the box itself belongs to the caller). */
export const ItemContent = memo(function ItemContent({ item, row, rowRange }: ItemContentProps): ReactElement {
  const mode = useContext(RenderModeContext);
  const pageNumbers = useContext(PageNumbersContext);
  const style = item.style;
  switch (item.type) {
    case 'braid-txt':
      return <div style={textStyle(style)}>{fillPageNumbersText(bindText(item, row), style.ItemType, pageNumbers)}</div>;
    case 'bar-code':
      return <BarcodeView item={item} text={bindText(item, row)} />;
    case 'braid-html':
      return <div style={htmlStyle(style)} dangerouslySetInnerHTML={{ __html: fillPageNumbersHtml(bindHtml(item, row), pageNumbers) }} />;
    case 'braid-table': {
      const seqColumnWidth = mode === 'print' ? DESIGNER_DEFAULTS.tableSeqWidthPrint : DESIGNER_DEFAULTS.tableSeqWidthCanvas;
      return <div style={tableStyle(style, mode)} dangerouslySetInnerHTML={{ __html: fillPageNumbersHtml(buildTableHtml(item, row, { seqColumnWidth, ...(rowRange ? { rowRange } : {}) }), pageNumbers) }} />;
    }
    case 'braid-image': {
      // only stored pictures (model/images.ts): a link elsewhere prints as the empty box
      const src = printableImageSrc(bindText(item, row));
      if (!src) return <div style={IMAGE_EMPTY_STYLE}>IMG</div>;
      return <img src={src} alt={item.title} draggable={false} style={IMAGE_STYLE} />;
    }
    case 'braid-line': {
      const line = lineOf(item);
      return <div style={LINE_BOX_STYLE}><div data-line={line.horizontal ? 'h' : 'v'} style={line.style} /></div>;
    }
    case 'braid-rect':
      return <div data-rect="" style={rectStyle(style)} />;
    default:
      return <div style={fill} />;
  }
});
