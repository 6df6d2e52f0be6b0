import { createContext, memo, useContext, useSyncExternalStore, type CSSProperties, type ReactElement } from 'react';
import { bindHtml, bindText, buildTableHtml } from '../model/binding';
import { DESIGNER_DEFAULTS } from '../model/defaults';
import type { DataRow, ItemStyle, TemplateItem } from '../model/types';
import { barcodeKey, isBarcodeEngineLoaded, peekBarcode, renderBarcodeSync, requestBarcode, type BarcodeResult } from './barcodes';

/**
 * 'canvas': the designer (barcodes drawn in background slices, table first column 40).
 * 'print': browser print / PDF (everything drawn synchronously, first column 30 like C-Lodop).
 */
export type RenderMode = 'canvas' | 'print';
export const RenderModeContext = createContext<RenderMode>('canvas');

export function fontCss(style: ItemStyle): CSSProperties {
  return {
    fontSize: `${style.FontSize ?? DESIGNER_DEFAULTS.fontSize}pt`,
    color: style.FontColor ?? '#000000',
    fontWeight: style.Bold ? 'bold' : 'normal',
    fontStyle: style.Italic ? 'italic' : 'normal',
    textDecoration: style.Underline ? 'underline' : 'none',
    textAlign: style.Alignment ?? 'left',
  };
}

const fill: CSSProperties = { width: '100%', height: '100%', overflow: 'hidden', boxSizing: 'border-box' };

function useBarcode(item: TemplateItem, text: string, sync: boolean): BarcodeResult | undefined {
  const type = item.style.codeType ?? 'Code39';
  const show = item.style.ShowBarText !== false;
  const color = item.style.FontColor ?? '#000000';
  const key = barcodeKey(type, text, show, color);
  const subscribe = (cb: () => void) => (sync ? () => {} : requestBarcode(type, text, show, color, cb));
  const snap = () => peekBarcode(key);
  const r = useSyncExternalStore(subscribe, snap, snap);
  if (!r && sync && isBarcodeEngineLoaded()) return renderBarcodeSync(type, text, show, color);
  return r;
}

/** Make bwip's SVG fill the item box: 1D bars stretch like C-Lodop's, 2D symbols keep their ratio. */
function fitSvg(svg: string, twoD: boolean): string {
  return svg.replace('<svg ', `<svg width="100%" height="100%" style="display:block" preserveAspectRatio="${twoD ? 'xMidYMid meet' : 'none'}" `);
}

const BarcodeView = memo(function BarcodeView({ item, text }: { item: TemplateItem; text: string }): ReactElement {
  const mode = useContext(RenderModeContext);
  const r = useBarcode(item, text, mode === 'print');
  if (!r) return <div style={{ ...fill, background: '#f5f5f5' }} data-barcode="pending" />;
  if ('error' in r) {
    return (
      <div role="alert" data-barcode="error" title={r.error} style={{ ...fill, border: '1px dashed #d93025', color: '#d93025', fontSize: 11, lineHeight: 1.2, padding: 2, background: '#fff5f5' }}>
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
}

/** What an item looks like, inside its positioned box (the box itself belongs to the caller). */
export const ItemContent = memo(function ItemContent({ item, row }: ItemContentProps): ReactElement {
  const mode = useContext(RenderModeContext);
  const style = item.style;
  switch (item.type) {
    case 'braid-txt':
      return <div style={{ ...fill, ...fontCss(style), whiteSpace: 'pre-wrap', wordBreak: 'break-all', lineHeight: 1.2 }}>{bindText(item, row)}</div>;
    case 'bar-code':
      return <BarcodeView item={item} text={bindText(item, row)} />;
    case 'braid-html':
      return <div style={{ ...fill, ...fontCss(style) }} dangerouslySetInnerHTML={{ __html: bindHtml(item, row) }} />;
    case 'braid-table': {
      const firstColumnWidth = mode === 'print' ? DESIGNER_DEFAULTS.tableSeqWidthPrint : DESIGNER_DEFAULTS.tableSeqWidthCanvas;
      return <div style={{ width: '100%', height: style.AutoHeight && mode === 'print' ? 'auto' : '100%', overflow: 'hidden' }} dangerouslySetInnerHTML={{ __html: buildTableHtml(item, row, { firstColumnWidth }) }} />;
    }
    case 'braid-image': {
      const src = bindText(item, row);
      if (!src) return <div style={{ ...fill, border: '1px dashed #bbb', color: '#999', fontSize: 12, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>IMG</div>;
      return <img src={src} alt={item.title} draggable={false} style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />;
    }
    default:
      return <div style={fill} />;
  }
});
