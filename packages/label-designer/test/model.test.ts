import { describe, expect, it } from 'vitest';
import {
  BARCODE_TYPES, UUID_RE, bindHtml, compileText, htmlBinder, bindText, buildTableHtml, createItem, createTableItem, createTemplate, fillPlaceholders,
  hasStyle, newUuid, parseTemplate, safeParseTemplate, templateContent, TemplateError,
} from '../src/model';

describe('template defaults and factories', () => {
  it('a new template is demo, 750x550 canvas and 750x550 mm paper with no items', () => {
    expect(createTemplate()).toEqual({ title: 'demo', width: 750, height: 550, pageWidth: 750, pageHeight: 550, imageUrl: '', tempItems: [] });
  });

  it('newUuid gives 10 hex characters, different each time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newUuid()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(UUID_RE);
  });

  it('a text item is 120x40 at left 50, top 0 with "custom text" and font 9 pt black', () => {
    const t = createItem('braid-txt');
    expect(t).toMatchObject({ type: 'braid-txt', width: 120, height: 40, left: 50, top: 0, value: 'custom text', dragable: true, resizable: true });
    expect(t.style).toMatchObject({ FontSize: 9, FontColor: '#000000', Alignment: 'left' });
    expect(t.uuid).toMatch(UUID_RE);
  });

  it('a barcode defaults to 1234567890 as Code39', () => {
    const b = createItem('bar-code');
    expect(b.value).toBe('1234567890');
    expect(b.style.codeType).toBe('Code39');
  });

  it('a table is 240x60 at 50/10 and keeps the chosen columns in order', () => {
    const attr = [{ name: '_seq', title: '序号' }, { name: 'sku', title: 'SKU' }, { name: 'qty', title: '数量' }];
    const t = createTableItem(attr, ['qty', '_seq']);
    expect(t).toMatchObject({ width: 240, height: 60, left: 50, top: 10 });
    expect(t.columns?.map((c) => c.name)).toEqual(['qty', '_seq']);
    expect(t.selectCol).toEqual(['qty', '_seq']);
    expect(t.columnsAttr).toBe(attr);
  });

  it('style support differs by type: barcodes have codeType but no FontSize, images have neither', () => {
    expect(hasStyle(createItem('bar-code'), 'codeType')).toBe(true);
    expect(hasStyle(createItem('bar-code'), 'FontSize')).toBe(false);
    expect(hasStyle(createItem('braid-image'), 'FontSize')).toBe(false);
    expect(hasStyle(createItem('braid-table'), 'BorderColor')).toBe(true);
  });

  it('knows the 26 barcode types of the spec', () => {
    expect(BARCODE_TYPES).toHaveLength(26);
  });
});

describe('parseTemplate', () => {
  it('accepts a template written by another tool: numeric strings, 1/0 flags, unknown keys kept', () => {
    const tpl = parseTemplate({
      title: 'x', width: '300', height: 200, pageWidth: 80, pageHeight: 50, imageUrl: '', printer: 'keep-me',
      tempItems: [
        { uuid: 'abcdef0123', type: 'braid-txt', name: 'sku', left: '5', top: 6, width: 10, height: 10, value: '{sku}', style: { FontSize: '12', Bold: 1, Alignment: 2, custom: 'x' }, extra: 42 },
        { type: 'bar-code', value: '123', style: {} },
      ],
    });
    expect(tpl.width).toBe(300);
    expect(tpl.printer).toBe('keep-me');
    const [a, b] = tpl.tempItems;
    expect(a).toMatchObject({ left: 5, extra: 42, style: { FontSize: 12, Bold: true, Alignment: 'center', custom: 'x' } });
    expect(b?.uuid).toMatch(UUID_RE);
    expect(b?.style.codeType).toBe('Code39');
  });

  it('round-trips a template it produced', () => {
    const t = createTemplate({ tempItems: [createItem('braid-txt'), createItem('bar-code'), createTableItem([{ name: '_seq', title: '#' }], ['_seq'])] });
    expect(parseTemplate(JSON.stringify(t))).toEqual(t);
  });

  it('rejects broken templates with messages naming the path', () => {
    const r = safeParseTemplate({ width: 'wide', tempItems: [{ type: 'circle' }, { type: 'bar-code', style: { codeType: 'Code11' } }, 5] });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.issues).toEqual([
      '模板的模板宽度必须是数字',
      '模板第 1 个组件的类型不正确（应为 braid-txt、bar-code、braid-html、braid-table、braid-image、braid-line 或 braid-rect）',
      '模板第 2 个组件的样式的条码类型不是支持的条码类型（Code11）',
      '模板第 3 个组件必须是对象（包含 uuid、type、width、height、left、top）',
    ]);
    expect(() => parseTemplate('{')).toThrow(TemplateError);
    expect(() => parseTemplate({ tempItems: {} })).toThrow('模板的组件列表必须是列表');
  });

  it('rejects duplicate uuids and negative sizes', () => {
    const r = safeParseTemplate({ tempItems: [{ uuid: 'aaaaaaaaaa', type: 'braid-txt', width: -1 }, { uuid: 'aaaaaaaaaa', type: 'braid-txt' }] });
    expect(r.ok ? [] : r.issues).toEqual(['模板第 1 个组件的宽度不能小于 1', '模板第 2 个组件的编号与第 1 个重复']);
  });
});

describe('the template schema (what the API saves)', () => {
  const messages = (input: unknown) => {
    const r = templateContent.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  const page = { title: 't', width: 100, height: 50, pageWidth: 100, pageHeight: 50 };
  const txt = (uuid: string) => ({ uuid, type: 'braid-txt', width: 10, height: 10, left: 0, top: 0 });

  it('refuses two items with one uuid, naming both', () => {
    expect(messages({ ...page, tempItems: [txt('a1'), txt('b2'), txt('a1')] })).toEqual(['模板第 3 个组件的编号与第 1 个重复']);
    expect(messages({ ...page, tempItems: [txt('a1'), txt('b2')] })).toEqual([]);
  });

  it('refuses a sheet that is not the sheet layout, takes numbers written as text', () => {
    expect(messages({ ...page, tempItems: [], sheet: { columns: 'x' } })).toEqual(['模板的拼版设置的列数必须是数字']);
    expect(messages({ ...page, tempItems: [], sheet: 5 })).toEqual([expect.stringContaining('模板的拼版设置必须是对象')]);
    expect(messages({ ...page, tempItems: [], sheet: { rows: 0, gapX: -1 } })).toEqual(['模板的拼版设置的行数不能小于 1', '模板的拼版设置的横向间距不能小于 0']);
    expect(templateContent.parse({ ...page, tempItems: [], sheet: { columns: '2', paperWidth: 210 } })).toMatchObject({ sheet: { columns: 2, paperWidth: 210 } });
    expect(messages({ ...page, tempItems: [], sheet: null })).toEqual([]);
  });

  it('refuses a table column written as text, in words', () => {
    const table = { ...txt('t1'), type: 'braid-table', columns: ['goods'] };
    expect(messages({ ...page, tempItems: [table] })).toEqual(['模板第 1 个组件的已选列第 1 项必须是对象（包含列名 name 和列标题 title）']);
  });
});

describe('data binding', () => {
  it('fills several placeholders, prints 0 as 0 and missing fields as empty', () => {
    const item = { value: '{no}-{qty}/{missing}|{ weight }' };
    expect(bindText(item, { no: 'A1', qty: 0, weight: 1.5 })).toBe('A1-0/|1.5');
    expect(bindText(item)).toBe(item.value);
  });

  it('HTML-escapes data values in HTML but keeps the template markup', () => {
    expect(bindHtml({ value: '<b>{name}</b>' }, { name: '<script>x</script> & "q"' })).toBe('<b>&lt;script&gt;x&lt;/script&gt; &amp; &quot;q&quot;</b>');
    expect(fillPlaceholders('{a.b}', { a: { b: '<i>' } })).toBe('&lt;i&gt;');
  });

  it('builds table rows from the list field with _seq numbering, escaped, the 序号 column 30 wide', () => {
    const item = createTableItem([{ name: '_seq', title: '序号' }, { name: 'sku', title: 'SKU' }], ['_seq', 'sku'], { name: 'goods' });
    const html = buildTableHtml(item, { goods: [{ sku: '<x>' }, { sku: 0 }] });
    expect(html).toContain('width:30px">序号</th>');
    expect(html).toMatch(/<tr><td[^>]*>1<\/td><td[^>]*>&lt;x&gt;<\/td><\/tr><tr><td[^>]*>2<\/td><td[^>]*>0<\/td><\/tr>/);
    expect(buildTableHtml(item, undefined, { seqColumnWidth: 40 })).toContain('width:40px');
  });
});

describe('binding many rows with the template parsed once', () => {
  const rows = [{ name: '<img src=x onerror=alert(1)>', url: 'javascript:alert(1)', qty: 0, a: { b: '&"\'' } }, { name: 'Ruby', url: 'http://x/a.png', qty: 2 }, {}];
  const markups = [
    '<b>{name}</b> × {qty}',
    '<div style="color:#f00">{a.b}</div>{unknown}',
    '<img src="{url}">',
    '<{name}>x</{name}>',
    'a < {name} > b',
    '<script>{name}</script>{qty}',
    '<span tdata="pageNO">第##页</span> {name}',
  ];
  it('htmlBinder gives what bindHtml gives for every row, whatever the markup', () => {
    for (const value of markups) {
      for (const boundName of ['', 'name']) {
        const item = { value, name: boundName };
        const bind = htmlBinder(item);
        for (const row of [...rows, undefined]) expect(bind(row)).toBe(bindHtml(item, row));
      }
    }
  });

  it('compileText fills as fillPlaceholders did: named fields, dotted paths, the bound field for unknown names, 0 as 0', () => {
    const c = compileText('{qty}/{a.b}/{收货人手机}', 'name');
    expect(c.constant).toBe(false);
    expect(c.fill(rows[0], false)).toBe(`0/&"'/<img src=x onerror=alert(1)>`);
    expect(c.fill(rows[0], true)).toBe('0/&amp;&quot;&#39;/&lt;img src=x onerror=alert(1)&gt;');
    // {a.b} is no field of this row either: kr's convention gives it the bound field too
    expect(c.fill(rows[1], false)).toBe('2/Ruby/Ruby');
    expect(compileText('plain').constant).toBe(true);
  });
});
