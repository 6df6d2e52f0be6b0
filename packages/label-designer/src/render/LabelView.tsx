import type { CSSProperties, ReactElement } from 'react';
import type { DataRow, Template, TemplateItem } from '../model/types';
import { ItemContent, RenderModeContext, type RenderMode } from './ItemContent';

/** C-Lodop prints with 宋体 (SimSun) unless told otherwise; use it here too so screen, browser print and C-Lodop agree. */
export const LABEL_FONT = '"SimSun","宋体","Songti SC","Noto Serif CJK SC","Source Han Serif SC",serif';

export function itemBoxStyle(item: TemplateItem): CSSProperties {
  return {
    position: 'absolute',
    left: item.left,
    top: item.top,
    width: item.width,
    height: item.height,
    zIndex: item.style.zIndex ?? 0,
    boxSizing: 'border-box',
  };
}

export interface LabelViewProps {
  template: Template;
  row?: DataRow;
  mode?: RenderMode;
  /** Print pages are the paper size in mm; the canvas is the template size in px. */
  paper?: boolean;
  showBackground?: boolean;
}

/**
 * One label. Item coordinates are px at 96 dpi, the same px C-Lodop uses, so a label printed
 * here lines up with one printed by C-Lodop on the same paper.
 */
export function LabelView({ template, row, mode = 'print', paper = mode === 'print', showBackground = mode === 'canvas' }: LabelViewProps): ReactElement {
  const base: CSSProperties = { position: 'relative', overflow: 'hidden', background: '#fff', fontFamily: LABEL_FONT, color: '#000' };
  const page: CSSProperties = paper
    ? { ...base, width: `${template.pageWidth}mm`, height: `${template.pageHeight}mm` }
    : { ...base, width: template.width, height: template.height };
  return (
    <RenderModeContext.Provider value={mode}>
      <div className="gq-label" style={page}>
        {showBackground && template.imageUrl ? (
          <img src={template.imageUrl} alt="" style={{ position: 'absolute', left: 0, top: 0, width: template.width, height: template.height, objectFit: 'fill' }} />
        ) : null}
        {template.tempItems.map((item) => (
          <div key={item.uuid} style={itemBoxStyle(item)} data-uuid={item.uuid}>
            <ItemContent item={item} row={row} />
          </div>
        ))}
      </div>
    </RenderModeContext.Provider>
  );
}
