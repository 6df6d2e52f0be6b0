import { describe, expect, it } from 'vitest';
import { buildJob, createItem, createTableItem, createTemplate, type TemplateItem } from '../src';
import { recordingLodop } from './fake-lodop';

const tpl = (items: TemplateItem[]) => createTemplate({ title: 'label', width: 300, height: 200, pageWidth: 80, pageHeight: 50, tempItems: items });
const head = [
  ['PRINT_INITA', 0, 0, 300, 200, 'label'],
  ['SET_PRINT_PAGESIZE', 1, '80mm', '50mm', ''],
];

describe('buildJob: one call sequence per item type', () => {
  it('text: ADD_PRINT_TEXT with bound value, then its styles with flags as 1/0 and alignment as 1/2/3', () => {
    const lodop = recordingLodop();
    const item = createItem('braid-txt', { left: 5, top: 6, width: 100, height: 20, value: 'No. {no}', style: { FontSize: 12, Bold: true, Alignment: 'center', FontColor: '#ff0000' } });
    buildJob(lodop, tpl([item]), [{ no: 7 }]);
    expect(lodop.calls).toEqual([
      ...head,
      ['ADD_PRINT_TEXT', 6, 5, 100, 20, 'No. 7'],
      ['SET_PRINT_STYLEA', 0, 'FontSize', 12],
      ['SET_PRINT_STYLEA', 0, 'FontColor', '#ff0000'],
      ['SET_PRINT_STYLEA', 0, 'Bold', 1],
      ['SET_PRINT_STYLEA', 0, 'Italic', 0],
      ['SET_PRINT_STYLEA', 0, 'Underline', 0],
      ['SET_PRINT_STYLEA', 0, 'Alignment', 2],
    ]);
  });

  it('barcode: ADD_PRINT_BARCODE with the code type, then FontColor and ShowBarText', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('bar-code', { left: 1, top: 2, width: 150, height: 50, value: '{code}', style: { codeType: '128Auto', ShowBarText: false } })]), [{ code: 'AB12' }]);
    expect(lodop.calls.slice(2)).toEqual([
      ['ADD_PRINT_BARCODE', 2, 1, 150, 50, '128Auto', 'AB12'],
      ['SET_PRINT_STYLEA', 0, 'FontColor', '#000000'],
      ['SET_PRINT_STYLEA', 0, 'ShowBarText', 0],
    ]);
  });

  it('html: ADD_PRINT_HTM with the font style wrapped around it and data escaped', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('braid-html', { left: 0, top: 0, width: 100, height: 30, value: '<b>{name}</b>' })]), [{ name: '<i>&' }]);
    expect(lodop.calls.slice(2)).toEqual([
      ['ADD_PRINT_HTM', 0, 0, 100, 30, '<div style="font-size:9pt;color:#000000;text-align:left"><b>&lt;i&gt;&amp;</b></div>'],
    ]);
  });

  it('table: ADD_PRINT_TABLE with rows from the list field, _seq numbered, first column 30 wide', () => {
    const lodop = recordingLodop();
    const t = createTableItem([{ name: '_seq', title: '序号' }, { name: 'sku', title: 'SKU' }], ['_seq', 'sku'], { name: 'goods' });
    buildJob(lodop, tpl([t]), [{ goods: [{ sku: 'A' }, { sku: 'B' }] }]);
    const [call] = lodop.calls.slice(2);
    expect(call?.slice(0, 5)).toEqual(['ADD_PRINT_TABLE', 10, 50, 240, 60]);
    const html = String(call?.[5]);
    expect(html).toContain('width:30px">序号</th>');
    expect(html).toMatch(/>1<\/td><td[^>]*>A<\/td>.*>2<\/td><td[^>]*>B<\/td>/);
  });

  it('image: ADD_PRINT_IMAGE with an escaped <img> of the stored picture (absolute) and Stretch 2', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('braid-image', { left: 3, top: 4, width: 50, height: 60, value: '{pic}' })]), [{ pic: '/api/publics/v1/Template/image?key=a&b="2"' }]);
    expect(lodop.calls.slice(2)).toEqual([
      ['ADD_PRINT_IMAGE', 4, 3, 50, 60, `<img border="0" src="${location.origin}/api/publics/v1/Template/image?key=a&amp;b=%222%22"/>`],
      ['SET_PRINT_STYLEA', 0, 'Stretch', 2],
    ]);
  });

  it('image: a picture on another host that was not stored prints nothing (every print path draws stored pictures only)', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('braid-image', { left: 3, top: 4, width: 50, height: 60, value: 'https://elsewhere.example/a.png' })]));
    expect(lodop.calls.slice(2, 3)).toEqual([['ADD_PRINT_IMAGE', 4, 3, 50, 60, '']]);
  });
});

describe('buildJob: licence, printer, styles', () => {
  it('applies the licence first and the chosen printer before the page size', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([]), [], { licence: { companyName: 'ACME', license: 'L', licenseA: 'A', licenseB: 'B' }, printer: 'Zebra ZD420' });
    expect(lodop.calls).toEqual([
      ['SET_LICENSES', 'ACME', 'L', 'A', 'B'],
      ['PRINT_INITA', 0, 0, 300, 200, 'label'],
      ['SET_PRINTER_INDEX', 'Zebra ZD420'],
      ['SET_PRINT_PAGESIZE', 1, '80mm', '50mm', ''],
    ]);
  });

  it('passes lodopStyle keys through after the item styles (booleans as 1/0) and sets a non-normal ItemType', () => {
    const lodop = recordingLodop();
    const item = createItem('braid-image', { value: 'x.png', style: { ItemType: 1 }, lodopStyle: { Stretch: 1, ReadOnly: true, Angle: '90' } });
    buildJob(lodop, tpl([item]));
    expect(lodop.calls.slice(3)).toEqual([
      ['SET_PRINT_STYLEA', 0, 'Stretch', 2],
      ['SET_PRINT_STYLEA', 0, 'ItemType', 1],
      ['SET_PRINT_STYLEA', 0, 'Stretch', 1],
      ['SET_PRINT_STYLEA', 0, 'ReadOnly', 1],
      ['SET_PRINT_STYLEA', 0, 'Angle', '90'],
    ]);
  });

  it('never sends our non-C-Lodop keys (zIndex, BorderColor, codeType, AutoHeight, BottomMargin) as styles', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('braid-txt'), createItem('bar-code'), createItem('braid-table'), createItem('braid-html')]));
    const keys = lodop.calls.filter((c) => c[0] === 'SET_PRINT_STYLEA').map((c) => c[2]);
    for (const k of ['zIndex', 'BorderColor', 'codeType', 'AutoHeight', 'BottomMargin']) expect(keys).not.toContain(k);
  });
});

describe('buildJob: auto height and LinkedItem', () => {
  const items = () => [
    createItem('braid-txt', { uuid: 'aaaaaaaaaa', top: 0, height: 20, value: 'title' }),
    createItem('braid-table', { uuid: 'bbbbbbbbbb', top: 30, height: 60, style: { AutoHeight: true, BottomMargin: 5 } }),
    createItem('braid-txt', { uuid: 'cccccccccc', top: 100, height: 20, value: 'total', style: { FontSize: undefined } }),
    createItem('braid-txt', { uuid: 'dddddddddd', top: 120, height: 20, value: 'footer', style: { ItemType: 1 } }),
  ];
  const adds = (calls: unknown[][]) => calls.filter((c) => String(c[0]).startsWith('ADD_') || c[2] === 'LinkedItem' || c[0] === 'NEWPAGEA');

  it('moves the auto-height item first, gives it a BottomMargin height, and links later normal items below it', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl(items()));
    expect(adds(lodop.calls)).toEqual([
      ['ADD_PRINT_TABLE', 30, 50, 240, 'BottomMargin:5mm', expect.any(String)],
      ['ADD_PRINT_TEXT', 0, 50, 120, 20, 'title'],
      // 100 - (30 + 60): the gap below the auto-height item; 50 - 50 from its left.
      ['ADD_PRINT_TEXT', 10, 0, 120, 20, 'total'],
      ['SET_PRINT_STYLEA', 0, 'LinkedItem', 1],
      // a header/footer item is not linked
      ['ADD_PRINT_TEXT', 120, 50, 120, 20, 'footer'],
    ]);
  });

  it('numbers LinkedItem per page when a batch prints several rows in one job', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl(items()), [{}, {}, {}]);
    const linked = lodop.calls.filter((c) => c[2] === 'LinkedItem').map((c) => c[3]);
    expect(linked).toEqual([1, 5, 9]);
    expect(lodop.calls.filter((c) => c[0] === 'NEWPAGEA')).toHaveLength(2);
    // each page starts with its auto-height item, right after NEWPAGEA
    const i = lodop.calls.findIndex((c) => c[0] === 'NEWPAGEA');
    expect(lodop.calls[i + 1]?.[0]).toBe('ADD_PRINT_TABLE');
  });

  it('shifts an explicit LinkedItem onto each page of a batch', () => {
    const lodop = recordingLodop();
    const a = createItem('braid-txt', { value: 'a' });
    const b = createItem('braid-txt', { value: 'b', style: { LinkedItem: 1 } });
    buildJob(lodop, tpl([a, b]), [{}, {}]);
    expect(lodop.calls.filter((c) => c[2] === 'LinkedItem').map((c) => c[3])).toEqual([1, 3]);
  });

  it('binds each row on its own page: several placeholders, 0, missing', () => {
    const lodop = recordingLodop();
    buildJob(lodop, tpl([createItem('braid-txt', { value: '{a}/{b}/{c}' })]), [{ a: 'x', b: 0 }, { a: 'y', b: 1, c: 'z' }]);
    expect(lodop.calls.filter((c) => c[0] === 'ADD_PRINT_TEXT').map((c) => c[5])).toEqual(['x/0/', 'y/1/z']);
  });
});
