/**
 * The print markup of a label as a plain string: byte for byte what `renderToStaticMarkup(<LabelView
 * mode="print">)` gives (test/markup.test.tsx holds the two together), without React.
 *
 * A batch prints the same few items for thousands of rows. Rendering each label through React's
 * server renderer built and walked a component tree per label (~0.1 ms each, plus its garbage);
 * here everything that does not depend on the row — each item's box and content style, its compiled
 * placeholders, a table's header, sanitised HTML — is worked out once per template, and a row only
 * fills in its values.
 */
import type { CSSProperties } from 'react';
import { compileText, htmlBinder, tableHtmlBuilder } from '../model/binding';
import { DESIGNER_DEFAULTS } from '../model/defaults';
import { printableImageSrc } from '../model/images';
import type { DataRow, Template, TemplateItem } from '../model/types';
import { barcodeKey, barcodeOf, isBarcodeEngineLoaded, peekBarcode, renderBarcodeSync } from './barcodes';
import {
  BARCODE_ERROR_STYLE, BARCODE_PENDING_STYLE, fill, fillPageNumbersHtml, fillPageNumbersText, fitSvg, htmlStyle, IMAGE_EMPTY_STYLE, IMAGE_STYLE,
  LINE_BOX_STYLE, lineOf, rectStyle, tableStyle, textStyle, type PageNumbers,
} from './ItemContent';
import { itemBoxStyle, labelStyle } from './LabelView';
import type { LabelPage } from './pages';

// --- React's own serialisation of attributes and styles (react-dom/server) ----------------------

const ESCAPES: Record<string, string> = { '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };
/** Text and attribute values escaped as React escapes them. */
export const escapeReact = (s: string): string => (/["&'<>]/.test(s) ? s.replace(/["&'<>]/g, (c) => ESCAPES[c] as string) : s);

/** Style properties React writes without a px unit when given a number (the ones these styles use). */
const UNITLESS = new Set(['zIndex', 'lineHeight', 'fontWeight', 'opacity', 'flex', 'flexGrow', 'flexShrink', 'order', 'zoom']);
const cssNames = new Map<string, string>();

/** ` style="…"` as React writes a style object (empty when no property has a value). */
export function styleAttr(style: CSSProperties): string {
  let out = '';
  for (const [name, value] of Object.entries(style) as [string, unknown][]) {
    if (value === null || value === undefined || typeof value === 'boolean' || value === '') continue;
    let css = cssNames.get(name);
    if (css === undefined) cssNames.set(name, (css = escapeReact(name.replace(/([A-Z])/g, '-$1').toLowerCase().replace(/^ms-/, '-ms-'))));
    const v = typeof value === 'number' ? (value === 0 || UNITLESS.has(name) ? String(value) : `${value}px`) : escapeReact(String(value).trim());
    out += `${out ? ';' : ''}${css}:${v}`;
  }
  return out ? ` style="${out}"` : '';
}

// --- items ------------------------------------------------------------------------------------

/** One item's content for a row (and, for a table running over pages, its rows on this page). */
type ContentMarkup = (row: DataRow | undefined, p: PageNumbers | null, rowRange: [number, number] | undefined) => string;

function barcodeContent(item: TemplateItem): ContentMarkup {
  const { type, showText: show, color, level } = barcodeOf(item, '');
  const text = compileText(item.value ?? '', item.name ?? '');
  const pending = `<div${styleAttr(BARCODE_PENDING_STYLE)} data-barcode="pending"></div>`;
  const okOpen = `<div data-barcode="ok"${styleAttr(fill)}>`;
  const errorStyle = styleAttr(BARCODE_ERROR_STYLE);
  return (row) => {
    const value = text.fill(row, false);
    const r = peekBarcode(barcodeKey(type, value, show, color, level)) ?? (isBarcodeEngineLoaded() ? renderBarcodeSync(type, value, show, color, level) : undefined);
    if (!r) return pending;
    if ('error' in r) return `<div role="alert" data-barcode="error" title="${escapeReact(r.error)}"${errorStyle}>${escapeReact(type)}: ${escapeReact(r.error)}</div>`;
    return `${okOpen}${fitSvg(r.svg, r.twoD)}</div>`;
  };
}

function contentOf(item: TemplateItem): ContentMarkup {
  const style = item.style;
  switch (item.type) {
    case 'braid-txt': {
      const open = `<div${styleAttr(textStyle(style))}>`;
      const text = compileText(item.value ?? '', item.name ?? '');
      return (row, p) => `${open}${escapeReact(fillPageNumbersText(text.fill(row, false), style.ItemType, p))}</div>`;
    }
    case 'bar-code':
      return barcodeContent(item);
    case 'braid-html': {
      const open = `<div${styleAttr(htmlStyle(style))}>`;
      const html = htmlBinder(item);
      return (row, p) => `${open}${fillPageNumbersHtml(html(row), p)}</div>`;
    }
    case 'braid-table': {
      const open = `<div${styleAttr(tableStyle(style, 'print'))}>`;
      const seqColumnWidth = DESIGNER_DEFAULTS.tableSeqWidthPrint;
      const whole = tableHtmlBuilder(item, { seqColumnWidth });
      return (row, p, rowRange) => `${open}${fillPageNumbersHtml(rowRange ? tableHtmlBuilder(item, { seqColumnWidth, rowRange })(row) : whole(row), p)}</div>`;
    }
    case 'braid-image': {
      const src = compileText(item.value ?? '', item.name ?? '');
      const empty = `<div${styleAttr(IMAGE_EMPTY_STYLE)}>IMG</div>`;
      const rest = `${item.title !== undefined ? ` alt="${escapeReact(item.title)}"` : ''} draggable="false"${styleAttr(IMAGE_STYLE)}/>`;
      return (row) => {
        const s = printableImageSrc(src.fill(row, false));
        return s ? `<img src="${escapeReact(s)}"${rest}` : empty;
      };
    }
    case 'braid-line': {
      const line = lineOf(item);
      const markup = `<div${styleAttr(LINE_BOX_STYLE)}><div data-line="${line.horizontal ? 'h' : 'v'}"${styleAttr(line.style)}></div></div>`;
      return () => markup;
    }
    case 'braid-rect': {
      const markup = `<div data-rect=""${styleAttr(rectStyle(style))}></div>`;
      return () => markup;
    }
    default: {
      const markup = `<div${styleAttr(fill)}></div>`;
      return () => markup;
    }
  }
}

interface CompiledItem {
  content: ContentMarkup;
  /** The item's box at its own place in the template. */
  box: string;
}

/**
 * A label renderer for one template: `label(row, page, pageNumbers)` is the markup of one printed
 * page of that row. Keep it for a batch; it reads the template as it was when made.
 */
export function labelMarkupRenderer(template: Template): (row: DataRow | undefined, page: LabelPage | undefined, pageNumbers: PageNumbers) => string {
  const items = new Map<TemplateItem, CompiledItem>();
  const compiled = (item: TemplateItem): CompiledItem => {
    let c = items.get(item);
    if (!c) items.set(item, (c = { content: contentOf(item), box: `<div${styleAttr(itemBoxStyle(item))} data-uuid="${escapeReact(item.uuid)}">` }));
    return c;
  };
  for (const item of template.tempItems) compiled(item);
  const open = `<div class="gq-label"${styleAttr(labelStyle(template, true))}>`;
  return (row, page, pageNumbers) => {
    let out = open;
    if (page) {
      for (const p of page.items) {
        const c = compiled(p.item);
        const box = p.top === p.item.top && p.left === p.item.left && p.height === p.item.height
          ? c.box
          : `<div${styleAttr({ ...itemBoxStyle(p.item), top: p.top, left: p.left, height: p.height })} data-uuid="${escapeReact(p.item.uuid)}">`;
        out += `${box}${c.content(page.row, pageNumbers, p.rows)}</div>`;
      }
    } else {
      for (const item of template.tempItems) {
        const c = compiled(item);
        out += `${c.box}${c.content(row, pageNumbers, undefined)}</div>`;
      }
    }
    return `${out}</div>`;
  };
}
