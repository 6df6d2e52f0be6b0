// @vitest-environment node
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createItem, createTableItem, createTemplate, type DataRow, type Template } from '../src/model';
import { LabelView, loadBarcodeEngine, paginateLabel, type AnchorSize, type LabelPage, type PageNumbers } from '../src/render';
import { labelMarkupRenderer, styleAttr } from '../src/render/markup';

/**
 * The reference: React's server rendering of the print view, less the `<link rel="preload">` React 19
 * puts in front of a label with an image (a fetch hint for the <img> right after it, nothing printed).
 */
const react = (template: Template, row: DataRow | undefined, page: LabelPage | undefined, pageNumbers: PageNumbers): string =>
  renderToStaticMarkup(createElement(LabelView, { template, row, mode: 'print', ...(page ? { page } : {}), pageNumbers })).replace(/^(<link rel="preload" as="image" href="[^"]*"\/>)+/, '');

const evil = `<b onclick="x">'&"</b>`;

/** One of every item type, in every form the print view draws it. */
function everything(): Template {
  return createTemplate({
    title: 'markup',
    width: 378,
    height: 302,
    pageWidth: 100,
    pageHeight: 80,
    tempItems: [
      createItem('braid-txt', { left: 0, top: 0, width: 120, height: 20, value: '编号 {no} {missing}', name: 'alt', style: { FontSize: 11, Bold: true, Italic: true, Underline: true, Alignment: 'center', FontColor: '#123456' } }),
      createItem('braid-txt', { left: 10.5, top: 22, width: 80, height: 20, value: '第#页/共&页', style: { ItemType: 2, FontName: '黑体', Angle: 90, zIndex: 3 } }),
      createItem('braid-txt', { left: 0, top: 44, width: 80, height: 20, value: '{empty}' }),
      createItem('braid-txt', { left: 0, top: 66, width: 80, height: 20, value: '{evil}', style: { FontName: 'My Font"<x>' } }),
      createItem('bar-code', { left: 130, top: 0, width: 120, height: 40, value: '{code}', style: { codeType: '128Auto' } }),
      createItem('bar-code', { left: 130, top: 44, width: 50, height: 50, value: 'https://x.example/{code}', style: { codeType: 'QRCode', ShowBarText: false, FontColor: '#ff0000' } }),
      createItem('bar-code', { left: 130, top: 100, width: 120, height: 40, value: '{code}', style: { codeType: 'EAN13' } }),
      createItem('bar-code', { left: 130, top: 140, width: 120, height: 40, value: '{empty}', style: { codeType: 'Code39' } }),
      createItem('braid-html', { left: 260, top: 0, width: 100, height: 40, value: `<p>{evil}</p>${evil}<span tdata='pageNO'>第##页</span>`, style: { FontSize: 8 } }),
      createItem('braid-image', { left: 260, top: 50, width: 40, height: 40, value: '{img}', title: `图 "1" & <2>` }),
      createItem('braid-image', { left: 300, top: 50, width: 40, height: 40, value: '{empty}' }),
      createItem('braid-line', { left: 0, top: 200, width: 200, height: 4, style: { LineWidth: 3, LineStyle: 2 } }),
      createItem('braid-line', { left: 210, top: 180, width: 2, height: 60, style: { FontColor: '#00ff00' } }),
      createItem('braid-rect', { left: 220, top: 180, width: 50, height: 30, style: { LineWidth: 2, LineStyle: 1 } }),
      createTableItem([{ name: '_seq', title: '序号' }, { name: 'g', title: '宝石 <&>' }], ['_seq', 'g'], { left: 0, top: 90, width: 120, height: 40, name: 'list', style: { Alignment: 'right' } }),
    ],
  });
}

const row: DataRow = { no: 0, alt: 'bound', code: '690123456789', evil, img: 'https://img.example/a.png?x=1&y="2"', list: [{ g: '<翡翠>' }, { g: 'ruby' }], empty: '' };

describe('print markup without React', () => {
  it('is the same bytes as React renders, for every item type, before and after the barcode engine loads', async () => {
    const t = everything();
    const label = labelMarkupRenderer(t);
    const cases: [DataRow | undefined, PageNumbers][] = [[row, { no: 2, count: 7 }], [undefined, { no: 1, count: 1 }], [{ code: 'bad' }, { no: 3, count: 3 }]];
    for (const [r, p] of cases) expect(label(r, undefined, p)).toBe(react(t, r, undefined, p));
    await loadBarcodeEngine();
    for (const [r, p] of cases) expect(label(r, undefined, p)).toBe(react(t, r, undefined, p));
    expect(label(row, undefined, { no: 1, count: 1 })).toContain('data-barcode="ok"');
    expect(label({ code: 'bad' }, undefined, { no: 1, count: 1 })).toContain('data-barcode="error"');
  });

  it('is the same bytes for the pages of a table that runs over pages (moved items, row ranges)', async () => {
    await loadBarcodeEngine();
    const table = createTableItem([{ name: '_seq', title: '序号' }, { name: 'g', title: '名称' }], ['_seq', 'g'], { left: 30, top: 40, width: 300, height: 40, name: 'lines', style: { AutoHeight: true, BottomMargin: 8 } });
    const t = createTemplate({
      pageWidth: 100,
      pageHeight: 80,
      width: 378,
      height: 302,
      tempItems: [
        createItem('braid-txt', { left: 10, top: 5, width: 250, height: 20, value: '发货清单 {orderNo}', style: { ItemType: 1 } }),
        table,
        createItem('braid-txt', { left: 30, top: 90, width: 300, height: 20, value: '合计 {total}' }),
        createItem('bar-code', { left: 200, top: 5, width: 100, height: 30, value: '{orderNo}', style: { codeType: '128Auto', ItemType: 1 } }),
        createItem('braid-txt', { left: 250, top: 270, width: 120, height: 20, value: '第#页/共&页', style: { ItemType: 2 } }),
      ],
    });
    const r: DataRow = { orderNo: 'DD001', total: 40, lines: Array.from({ length: 40 }, (_, i) => ({ g: `翡翠${i}` })) };
    const measure = (): AnchorSize => ({ header: 20, rows: Array.from({ length: 40 }, () => 18), height: 20 + 40 * 18 });
    const pages = paginateLabel(t, r, measure);
    expect(pages.length).toBeGreaterThan(2);
    const label = labelMarkupRenderer(t);
    pages.forEach((page, i) => expect(label(r, page, { no: i + 1, count: pages.length })).toBe(react(t, r, page, { no: i + 1, count: pages.length })));
  });

  it('writes styles as React does: px for lengths, none for unitless numbers and zero, empty values left out', () => {
    expect(styleAttr({ left: 0, top: 1.5, zIndex: 2, lineHeight: 1.2, fontSize: 11, color: '', transform: undefined, fontFamily: ' "A",B ' })).toBe(' style="left:0;top:1.5px;z-index:2;line-height:1.2;font-size:11px;font-family:&quot;A&quot;,B"');
    expect(styleAttr({})).toBe('');
  });
});
