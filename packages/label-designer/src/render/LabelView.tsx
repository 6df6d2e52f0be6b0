import type { CSSProperties, ReactElement } from 'react';
import type { DataRow, Template, TemplateItem } from '../model/types';
import { LABEL_FONT } from '../model/defaults';
import { printableImageSrc } from '../model/images';
import { ItemContent, PageNumbersContext, RenderModeContext, type PageNumbers, type RenderMode } from './ItemContent';
import type { LabelPage } from './pages';


export function itemBoxStyle(item: TemplateItem): CSSProperties {
  const angle = item.style.Angle;
  return {
    position: 'absolute',
    left: item.left,
    top: item.top,
    width: item.width,
    height: item.height,
    zIndex: item.style.zIndex ?? 0,
    boxSizing: 'border-box',
    // C-Lodop's Angle turns counter-clockwise; CSS rotate() turns clockwise. Turned about the box centre.
    ...(typeof angle === 'number' && angle % 360 !== 0 ? { transform: `rotate(${-angle}deg)` } : {}),
  };
}

export interface LabelViewProps {
  template: Template;
  row?: DataRow;
  mode?: RenderMode;
  /** Print pages are the paper size in mm; the canvas is the template size in px. */
  paper?: boolean;
  showBackground?: boolean;
  /** One page of a label laid out by paginateLabel (print only); the template's own layout otherwise. */
  page?: LabelPage;
  pageNumbers?: PageNumbers;
}

/** The label's own box: the paper size in mm for print, the template size in px on the canvas. */
export function labelStyle(template: Template, paper: boolean): CSSProperties {
  const base: CSSProperties = { position: 'relative', overflow: 'hidden', background: '#fff', fontFamily: LABEL_FONT, color: '#000' };
  return paper ? { ...base, width: `${template.pageWidth}mm`, height: `${template.pageHeight}mm` } : { ...base, width: template.width, height: template.height };
}

/**
 * One label. Item coordinates are px at 96 dpi, the same px C-Lodop uses, so a label printed
 * here lines up with one printed by C-Lodop on the same paper.
 */
export function LabelView({ template, row, mode = 'print', paper = mode === 'print', showBackground = mode === 'canvas', page, pageNumbers }: LabelViewProps): ReactElement {
  const pageStyle = labelStyle(template, paper);
  return (
    <RenderModeContext.Provider value={mode}>
      <PageNumbersContext.Provider value={pageNumbers ?? null}>
      <div className="gq-label" style={pageStyle}>
        {showBackground && printableImageSrc(template.imageUrl) ? (
          <img src={printableImageSrc(template.imageUrl)} alt="" style={{ position: 'absolute', left: 0, top: 0, width: template.width, height: template.height, objectFit: 'fill' }} />
        ) : null}
        {page
          ? page.items.map((p) => (
              <div key={p.item.uuid} style={{ ...itemBoxStyle(p.item), top: p.top, left: p.left, height: p.height }} data-uuid={p.item.uuid}>
                <ItemContent item={p.item} row={page.row} {...(p.rows ? { rowRange: p.rows } : {})} />
              </div>
            ))
          : template.tempItems.map((item) => (
              <div key={item.uuid} style={itemBoxStyle(item)} data-uuid={item.uuid}>
                <ItemContent item={item} row={row} />
              </div>
            ))}
      </div>
      </PageNumbersContext.Provider>
    </RenderModeContext.Provider>
  );
}
