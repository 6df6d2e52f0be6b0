import { describe, expect, it } from 'vitest';
import { buildJob, createItem, createTemplate, parseTemplate, type Template, type TemplateItem } from '../src';
import { recordingLodop, type Call } from './fake-lodop';

const tpl = (items: TemplateItem[], extra: Partial<Template> = {}) =>
  createTemplate({ title: 'label', width: 300, height: 200, pageWidth: 60, pageHeight: 30, tempItems: items, ...extra });
const named = (calls: Call[], name: string) => calls.filter((c) => c[0] === name);
const styles = (calls: Call[], key: string) => calls.filter((c) => c[0] === 'SET_PRINT_STYLEA' && c[2] === key).map((c) => c[3]);

describe('buildJob: lines and rectangles', () => {
  it('a wide line item is ADD_PRINT_LINE through the middle of its box, with its style, width and colour', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('braid-line', { left: 10, top: 20, width: 200, height: 4, style: { LineStyle: 1, LineWidth: 2, FontColor: '#ff0000' } })]));
    expect(lodop.calls.slice(2)).toEqual([
      ['ADD_PRINT_LINE', 22, 10, 22, 210, 1, 2],
      ['SET_PRINT_STYLEA', 0, 'FontColor', '#ff0000'],
    ]);
  });

  it('a tall line item is a vertical ADD_PRINT_LINE', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('braid-line', { left: 10, top: 20, width: 2, height: 100 })]));
    expect(named(lodop.calls, 'ADD_PRINT_LINE')).toEqual([['ADD_PRINT_LINE', 20, 11, 120, 11, 0, 1]]);
  });

  it('a rectangle item is ADD_PRINT_RECT with its box, line style and width', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('braid-rect', { left: 5, top: 6, width: 120, height: 80, style: { LineStyle: 2, LineWidth: 3 } })]));
    expect(named(lodop.calls, 'ADD_PRINT_RECT')).toEqual([['ADD_PRINT_RECT', 6, 5, 120, 80, 2, 3]]);
  });

  it('line and rect items survive parseTemplate with their line style', () => {
    const t = parseTemplate({ ...tpl([]), tempItems: [{ uuid: 'aaaaaaaaaa', type: 'braid-rect', width: 10, height: 10, left: 0, top: 0, style: { LineStyle: '1', LineWidth: 2 } }] });
    expect(t.tempItems[0]).toMatchObject({ type: 'braid-rect', style: { LineStyle: 1, LineWidth: 2 } });
  });
});

describe('buildJob: rotation and font', () => {
  it('Angle goes to SET_PRINT_STYLEA for text, barcode and image; 0 is not sent', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([
      createItem('braid-txt', { value: 'a', style: { Angle: 90 } }),
      createItem('bar-code', { value: '1', style: { Angle: 270 } }),
      createItem('braid-image', { value: 'x.png', style: { Angle: 0 } }),
    ]));
    expect(styles(lodop.calls, 'Angle')).toEqual([90, 270]);
  });

  it('FontName other than C-Lodop’s default 宋体 is sent for text, and becomes font-family CSS in HTML items', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([
      createItem('braid-txt', { value: 'a', style: { FontName: '黑体' } }),
      createItem('braid-txt', { value: 'b', style: { FontName: '宋体' } }),
      createItem('braid-html', { value: '<b>c</b>', style: { FontName: '楷体' } }),
    ]));
    expect(styles(lodop.calls, 'FontName')).toEqual(['黑体']);
    expect(String(named(lodop.calls, 'ADD_PRINT_HTM')[0]?.[5])).toContain("font-family:'KaiTi'");
  });
});

describe('buildJob: copies, calibration and sheets', () => {
  it('copies above 1 are SET_PRINT_COPIES; one copy sends nothing', () => {
    const one = recordingLodop();
    buildJob(one, tpl([createItem('braid-txt')]), [], { copies: 1 });
    expect(named(one.calls, 'SET_PRINT_COPIES')).toEqual([]);
    const three = recordingLodop();
    buildJob(three, tpl([createItem('braid-txt')]), [], { copies: 3 });
    expect(named(three.calls, 'SET_PRINT_COPIES')).toEqual([['SET_PRINT_COPIES', 3]]);
  });

  it("a printer's calibration offset moves the whole job through PRINT_INITA's top and left, in mm", () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('braid-txt', { left: 5, top: 6 })]), [], { offset: { top: 1.5, left: -2 } });
    expect(lodop.calls[0]).toEqual(['PRINT_INITA', '1.5mm', '-2mm', 300, 200, 'label']);
    expect(named(lodop.calls, 'ADD_PRINT_TEXT')[0]?.slice(1, 3)).toEqual([6, 5]);
  });

  it('3 × 8 labels on A4: paper size of the sheet, each label moved to its cell, NEWPAGEA only after 24 labels', () => {
    const lodop = recordingLodop();
    const sheet = { paperWidth: 210, paperHeight: 297, columns: 3, rows: 8, marginLeft: 5, marginTop: 10, gapX: 5, gapY: 4 };
    const rows = Array.from({ length: 25 }, (_, i) => ({ no: i + 1 }));
    buildJob(lodop, tpl([createItem('braid-txt', { left: 0, top: 0, value: '{no}' })], { pageWidth: 63, pageHeight: 30, sheet }), rows);
    expect(named(lodop.calls, 'SET_PRINT_PAGESIZE')).toEqual([['SET_PRINT_PAGESIZE', 1, '210mm', '297mm', '']]);
    const texts = named(lodop.calls, 'ADD_PRINT_TEXT');
    const mm = (v: unknown) => Math.round((Number(v) * 25.4) / 96 * 10) / 10;
    // label 1 at the margin, label 2 one column right (63 + 5 mm), label 4 one row down (30 + 4 mm)
    expect([mm(texts[0]?.[1]), mm(texts[0]?.[2])]).toEqual([10, 5]);
    expect([mm(texts[1]?.[1]), mm(texts[1]?.[2])]).toEqual([10, 73]);
    expect([mm(texts[3]?.[1]), mm(texts[3]?.[2])]).toEqual([44, 5]);
    expect([mm(texts[23]?.[1]), mm(texts[23]?.[2])]).toEqual([248, 141]);
    // the 25th label starts sheet 2 at the first cell
    const newPage = lodop.calls.findIndex((c) => c[0] === 'NEWPAGEA');
    expect(named(lodop.calls, 'NEWPAGEA')).toHaveLength(1);
    expect(lodop.calls[newPage + 1]).toEqual(['ADD_PRINT_TEXT', texts[0]?.[1], texts[0]?.[2], 120, 40, '25']);
  });

  it('a sheet layout survives parseTemplate (numbers from text, defaults for missing keys)', () => {
    const t = parseTemplate({ ...tpl([]), sheet: { paperWidth: '210', paperHeight: 297, columns: 3, rows: 8 } });
    expect(t.sheet).toEqual({ paperWidth: 210, paperHeight: 297, columns: 3, rows: 8, marginLeft: 0, marginTop: 0, gapX: 0, gapY: 0 });
  });
});
