/**
 * The browser's pagination of one label, done the way C-Lodop prints it:
 *
 * - the first auto-height item (the anchor) is laid out from its top down to the page bottom less
 *   its BottomMargin; a table that does not fit goes on over as many pages as it needs, each page
 *   starting at the anchor's own top with the table header repeated;
 * - normal items (ItemType 0) whose top is below the anchor's top (under it or beside it) are linked
 *   to it (model/layout-rules.ts, the C-Lodop job's rule too): they follow the anchor's end on its
 *   last page, keeping their distance to its designed bottom (and their left, which C-Lodop takes
 *   relative to the anchor's left — the anchor's left does not move, so it is the same place);
 * - other normal items print on the label's first page only; header/footer, page-number, page-count
 *   and multi-page items (ItemType 1–4) print on every page.
 *
 * Layout needs the heights the browser gives the table's rows, so `measureAnchor` renders the anchor
 * off-screen in the page's document; without a document (tests in Node) everything fits on one page.
 */
import { buildTableHtml, tableRows } from '../model/binding';
import { DESIGNER_DEFAULTS, LABEL_FONT } from '../model/defaults';
import { followsAnchor, linkOffset, printAnchor } from '../model/layout-rules';
import type { DataRow, Template, TemplateItem } from '../model/types';
import { mmToPx } from './units';

/** An item as it lands on one page: where, how tall, and for a table which of its body rows. */
export interface PlacedItem {
  item: TemplateItem;
  top: number;
  left: number;
  height: number;
  /** Table body rows [from, to) shown on this page (auto-height tables only). */
  rows?: [number, number];
}

export interface LabelPage {
  row: DataRow | undefined;
  items: PlacedItem[];
}

/** Heights in px of an anchor as the browser lays it out: table header and body rows, or the whole item. */
export interface AnchorSize {
  header: number;
  rows: number[];
  height: number;
}

export type MeasureAnchor = (item: TemplateItem, row: DataRow | undefined) => AnchorSize | null;

const isNormal = (item: TemplateItem): boolean => (item.style.ItemType ?? 0) === 0;

const place = (item: TemplateItem, top = item.top): PlacedItem => ({ item, top, left: item.left, height: item.height });

/** The pages one data row prints on. */
export function paginateLabel(template: Template, row: DataRow | undefined, measure: MeasureAnchor | undefined): LabelPage[] {
  const items = template.tempItems;
  const anchor = printAnchor(items);
  const size = anchor && measure ? measure(anchor, row) : null;
  if (!anchor || !size) return [{ row, items: items.map((i) => place(i)) }];

  const pageHeight = mmToPx(template.pageHeight);
  const limit = pageHeight - mmToPx(anchor.style.BottomMargin ?? 0);
  const room = Math.max(1, limit - anchor.top);
  // Each page of the anchor: its body rows and the height it takes there.
  const parts: { rows?: [number, number]; height: number }[] = [];
  if (anchor.type === 'braid-table') {
    const n = size.rows.length;
    let from = 0;
    do {
      let h = size.header;
      let to = from;
      while (to < n && h + (size.rows[to] as number) <= room) h += size.rows[to++] as number;
      if (to === from && from < n) h += size.rows[to++] as number; // a row taller than the page still prints
      parts.push({ rows: [from, to], height: h });
      from = to;
    } while (from < size.rows.length);
  } else parts.push({ height: size.height });

  const pages: LabelPage[] = parts.map((p) => ({
    row,
    items: [{ item: anchor, top: anchor.top, left: anchor.left, height: p.height, ...(p.rows ? { rows: p.rows } : {}) }],
  }));
  const anchorEnd = anchor.top + (parts[parts.length - 1] as { height: number }).height;
  for (const item of items) {
    if (item === anchor) continue;
    if (!isNormal(item)) {
      for (const p of pages) p.items.push(place(item));
    } else if (followsAnchor(item, anchor)) {
      // As far from the anchor's actual end as from its designed bottom (beside the table: above its end).
      const gap = linkOffset(item, anchor).top;
      const top = anchorEnd + gap;
      if (top + item.height <= pageHeight) (pages[pages.length - 1] as LabelPage).items.push(place(item, top));
      else {
        // No room left under the anchor: the linked item moves on to a new page, keeping its gap.
        const next: LabelPage = { row, items: items.filter((i) => !isNormal(i)).map((i) => place(i)) };
        next.items.push(place(item, Math.max(0, anchor.top + gap)));
        pages.push(next);
      }
    } else (pages[0] as LabelPage).items.push(place(item));
  }
  // Keep the template's stacking order on every page.
  const order = new Map(items.map((i, n) => [i, n]));
  for (const p of pages) p.items.sort((a, b) => (order.get(a.item) ?? 0) - (order.get(b.item) ?? 0));
  return pages;
}

/** Measure an auto-height anchor in `doc` with the print styles (off-screen, removed again). */
export function measureInDocument(doc: Document): MeasureAnchor {
  return (item, row) => {
    const box = doc.createElement('div');
    box.style.cssText = `position:absolute;left:-100000px;top:0;visibility:hidden;width:${item.width}px;font-family:${LABEL_FONT}`;
    if (item.type === 'braid-table') {
      box.innerHTML = buildTableHtml(item, row, { seqColumnWidth: DESIGNER_DEFAULTS.tableSeqWidthPrint });
    } else return null; // only tables run over pages; other auto-height items keep their box
    doc.body.appendChild(box);
    try {
      const table = box.querySelector('table');
      const head = box.querySelector('thead');
      const bodyRows = Array.from(box.querySelectorAll('tbody > tr'));
      const total = table?.getBoundingClientRect().height ?? 0;
      if (!total && tableRows(item, row).length) return null; // no layout engine (jsdom): one page
      const header = head?.getBoundingClientRect().height ?? 0;
      const rows = bodyRows.map((r) => r.getBoundingClientRect().height);
      // Collapsed borders: the table is a pixel taller than its rows; give it to the header.
      const extra = Math.max(0, total - header - rows.reduce((a, b) => a + b, 0));
      return { header: header + extra, rows, height: total };
    } finally {
      box.remove();
    }
  };
}
