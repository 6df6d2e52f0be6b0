import type { TableColumn, TemplateItem } from './types';

/**
 * kr-print-designer's print layout rules, in one place for the C-Lodop job (lodop/job.ts) and the
 * browser renderer (render/pages.ts, render/markup.ts), so the two paths cannot drift apart.
 * From kr's src/libs/lodop (index.js `_TempParser`, tools.js `tableTempTohtml`).
 */

/**
 * Only the 序号 column (`_seq`, the row number) is set narrow (`<th width="30">` in kr); every other
 * column, first or not, keeps the width the table's layout gives it. Forcing whatever column came
 * first to 30 px squeezed tables that start with a name (kr's demo table: ~90 → ~290 px tall).
 */
export const isSeqColumn = (column: Pick<TableColumn, 'name'>): boolean => column.name === '_seq';

const isNormal = (item: TemplateItem): boolean => (item.style.ItemType ?? 0) === 0;

/** The auto-height item the page is built around (C-Lodop prints it first), if any. */
export const printAnchor = (items: readonly TemplateItem[]): TemplateItem | undefined => items.find((i) => i.style.AutoHeight === true);

/**
 * Whether an item moves with the auto-height item (C-Lodop's LinkedItem): every normal item whose
 * top is below the anchor's top — beside the table as well as under it, as kr links them. Items at
 * the anchor's own top, and header/footer, page-number and multi-page items (ItemType 1–4), stay put.
 */
export function followsAnchor(item: TemplateItem, anchor: TemplateItem): boolean {
  return item !== anchor && isNormal(item) && item.top > anchor.top;
}

/**
 * Where a linked item sits relative to the anchor's designed bottom-left corner: C-Lodop places it
 * that far from where the anchor actually ends, so it moves by exactly as much as the anchor grows
 * (or shrinks). An item beside the table has a negative `top` here.
 */
export function linkOffset(item: TemplateItem, anchor: TemplateItem): { top: number; left: number } {
  return { top: item.top - (anchor.top + anchor.height), left: item.left - anchor.left };
}
