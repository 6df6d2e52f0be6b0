import { FilterXSS, type IWhiteList } from 'xss';

/**
 * The safe subset of HTML a `braid-html` item may hold — one rule set for the designer canvas, the
 * browser print, the C-Lodop job (C-Lodop renders HTML without any CSP) and the server, which
 * sanitises when a template is saved (templates are shared across tenants). js-xss works the same
 * in Node and in the browser without a DOM. Markup outside the list is escaped, so it prints as
 * visible text instead of vanishing; `<script>`/`<style>` bodies are dropped; event handlers and `javascript:` URLs never pass, and
 * style attributes keep only whitelisted CSS properties (no url(), no expression()).
 */

const CELL = ['align', 'valign', 'width', 'height', 'colspan', 'rowspan', 'style', 'class', 'bgcolor', 'nowrap'];
const BLOCK = ['style', 'class', 'align', 'title', 'tdata', 'format', 'tindex'];

const allowed: IWhiteList = {
  div: BLOCK, span: BLOCK, p: BLOCK, font: [...BLOCK, 'color', 'face', 'size'], center: BLOCK,
  b: BLOCK, strong: BLOCK, i: BLOCK, em: BLOCK, u: BLOCK, s: BLOCK, strike: BLOCK, sub: BLOCK, sup: BLOCK, small: BLOCK, big: BLOCK,
  br: [], hr: ['style', 'width', 'size', 'color', 'align'], pre: BLOCK, code: BLOCK, blockquote: BLOCK,
  h1: BLOCK, h2: BLOCK, h3: BLOCK, h4: BLOCK, h5: BLOCK, h6: BLOCK,
  ul: BLOCK, ol: BLOCK, li: BLOCK,
  table: ['style', 'class', 'align', 'width', 'height', 'border', 'cellpadding', 'cellspacing', 'bordercolor', 'frame', 'rules', 'bgcolor'],
  caption: BLOCK, colgroup: ['span', 'width', 'style'], col: ['span', 'width', 'style'],
  thead: ['style', 'align', 'valign'], tbody: ['style', 'align', 'valign'], tfoot: ['style', 'align', 'valign'],
  tr: ['style', 'align', 'valign', 'height', 'bgcolor'], th: CELL, td: CELL,
  img: ['src', 'alt', 'title', 'width', 'height', 'style', 'border'],
};

const filter = new FilterXSS({
  whiteList: allowed,
  stripIgnoreTag: false,
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  allowCommentTag: false,
});

/** The safe subset of `html` (see the file comment). */
export function sanitizeHtml(html: string): string {
  return filter.process(html);
}

type Obj = Record<string, unknown>;

export interface SanitizeResult<T> {
  template: T;
  /** Indexes of the items whose HTML changed. */
  changed: number[];
}

/**
 * The template with the HTML of every `braid-html` item (value and text defaultValue) reduced to
 * the safe subset; the server runs it on every save, the import dialog to show what changed.
 */
export function sanitizeTemplateHtml<T extends { tempItems?: unknown }>(template: T): SanitizeResult<T> {
  const items = template.tempItems;
  if (!Array.isArray(items)) return { template, changed: [] };
  const changed: number[] = [];
  const out = items.map((it: unknown, i) => {
    if (typeof it !== 'object' || it === null || (it as Obj).type !== 'braid-html') return it;
    const item = { ...(it as Obj) };
    for (const k of ['value', 'defaultValue']) {
      const v = item[k];
      if (typeof v === 'string') item[k] = sanitizeHtml(v);
    }
    if (item.value !== (it as Obj).value || item.defaultValue !== (it as Obj).defaultValue) changed.push(i);
    return item;
  });
  return { template: { ...template, tempItems: out }, changed };
}
