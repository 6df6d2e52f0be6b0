import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildJob, fromKr, normalizeTemplateForms, PrintJobError, readKrFile, sanitizeTemplateHtml, toKr, type DataRow, type Template } from '../src';
import { recordingLodop, type Call } from './fake-lodop';
import { krProblems } from './kr-rules';

const dir = path.join(import.meta.dirname, 'fixtures/kr');
const raw = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
const FIXTURES = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));

/** The fixture's templates as GemQC keeps them (import must succeed). */
function load(name: string): Template[] {
  const r = readKrFile(raw(name));
  expect(r.issues).toEqual([]);
  return r.templates.map((t) => {
    expect(t.issues).toEqual([]);
    return t.template!;
  });
}
const one = (name: string) => load(name)[0]!;

const adds = (calls: Call[]) => calls.filter((c) => c[0].startsWith('ADD_') || c[0] === 'NEWPAGEA' || c[2] === 'LinkedItem');

describe('kr import: value forms normalised once, nothing dropped, every change said', () => {
  it('an old kr file (flags 1/0, Alignment 1|2|3, "#  000000", table sample rows, unknown keys) comes in with notes', () => {
    const r = readKrFile(raw('order-sheet.json'));
    const [imp] = r.templates;
    const t = imp!.template!;
    const [header, phone, handler, table] = t.tempItems;
    expect(header).toMatchObject({ isEdit: true, dragable: true, isEidt: 1, dynamic: false, style: { Bold: true, Italic: false, Alignment: 'center', FontColor: '#000000', ItemType: 1 } });
    expect(phone).toMatchObject({ isEdit: false, style: { Alignment: 'left' } });
    expect(handler!.style.Alignment).toBe('right');
    expect(table).toMatchObject({ tabelHtml: '', defaultValue: [{ productName: '苹果ipone11pro' }, { quantity: 0 }], style: { AutoHeight: true, BottomMargin: 10 } });
    expect(table!.columnsAttr![5]).toMatchObject({ name: 'snCode', type: 'row', trSet: { col: 5 } });
    const notes = imp!.notes.join('\n');
    expect(notes).toContain('第 1 个组件「出库单号」：isEdit 1 → true');
    expect(notes).toContain('Alignment 2 → center');
    expect(notes).toContain('FontColor "#  000000" → #000000');
    expect(notes).toMatch(/isEidt、dynamic 不是 GemQC 使用的字段：原样保留/);
  });

  it("kr's html item prints its defaultValue: that HTML becomes the value, kr's canvas text is kept in krValue", () => {
    const html = one('order-sheet.json').tempItems.find((i) => i.type === 'braid-html')!;
    expect(html.value).toBe('<font><span tdata="pageNO">第##页</span>/<span tdata="pageCount">共##页</span></font>');
    expect(html.krValue).toBe('{第##页/共##页}');
  });

  it("reads kr's save event {pageInfo, tempItems} and a list of templates; numbers as text and number values converted", () => {
    expect(one('certificate-labels.json')).toMatchObject({ title: '证书标签（kr 新版保存事件）', pageWidth: 70, tempItems: [{}, {}, { style: { ShowBarText: true, codeType: '128A' } }, {}, {}, {}, { isUpload: false }] });
    const [list, codes] = load('batch-list.json');
    expect(list).toMatchObject({ width: 794, pageHeight: 297, default: 'true', type: 1, tempItems: [{ resizable: false, style: { FontColor: '#000000', ItemType: 1, AutoHeight: false, zIndex: 0 } }, {}, { style: { Alignment: 'left', Bold: false } }] });
    expect(codes!.tempItems[0]).toMatchObject({ value: '20260001', defaultValue: '20260001' });
  });

  it('unsafe HTML is escaped or dropped, and the import says so', () => {
    const [imp] = readKrFile(raw('unsafe-html.json')).templates;
    const v = imp!.template!.tempItems[0]!.value;
    expect(v).not.toMatch(/<script|onclick|onerror|javascript:|<iframe/i);
    expect(v).toBe('<div style="color:#ff0000;">注意<img src></div>');
    expect(imp!.notes.join('\n')).toContain('第 1 个组件「说明」的 HTML 含有不允许的标记');
  });

  it('refuses what it cannot keep, with the reason, and saves nothing: bad JSON, a colour that is not #rrggbb, a list defaultValue on a text', () => {
    expect(readKrFile('{title:').issues[0]).toMatch(/不是有效的 JSON/);
    const bad = JSON.parse(raw('order-sheet.json'));
    bad.tempItems[1].style.FontColor = 'red;background:url(//evil)';
    bad.tempItems[2].defaultValue = [{ a: 1 }];
    const imp = fromKr(bad);
    expect(imp.template).toBeUndefined();
    expect(imp.issues).toContain('模板第 2 个组件的样式的字体颜色必须是 #rrggbb 形式的颜色，例如 #000000');
    expect(imp.issues).toContain('模板第 3 个组件的默认值必须是文字（只有表格的默认值可以是样例数据列表）');
  });
});

describe('kr export: a file kr loads, with everything the import read', () => {
  const unwrap = (v: Record<string, unknown>) => (v.pageInfo ? { ...(v.pageInfo as object), tempItems: v.tempItems } : v);
  for (const name of FIXTURES.filter((f) => f !== 'unsafe-html.json')) {
    it(`${name}: export passes kr's own field rules and holds every key and value of the original (in normalised form)`, () => {
      const originals = [JSON.parse(raw(name))].flat() as Record<string, unknown>[];
      load(name).forEach((t, i) => {
        const out = JSON.parse(JSON.stringify(toKr(t)));
        expect(krProblems(out)).toEqual([]);
        // the original as GemQC reads it: value forms normalised, HTML in the sanitiser's canonical form
        expect(out).toMatchObject(sanitizeTemplateHtml(normalizeTemplateForms(unwrap(originals[i]!)).template as object).template);
      });
    });
  }

  it('a GemQC table without sample rows exports [] and an html item its HTML as defaultValue', () => {
    const t = one('batch-list.json');
    const out = toKr(t) as { tempItems: Record<string, unknown>[] };
    expect(out.tempItems[0]!.defaultValue).toBe(t.tempItems[0]!.value);
  });
});

describe('C-Lodop job from kr templates: kr semantics without its bugs', () => {
  const sheet = () => one('order-sheet.json');
  const row = (n: number): DataRow => ({
    stockoutCode: `CK-${n}`, buyerPhone: `1380000000${n}`, handlerName: '刘夏', warehouseName: '成都仓', totalPrice: n === 2 ? 0 : '129.00',
    details: [{ productName: `商品${n}`, quantity: 0, price: '1.00' }],
  });

  it('single row: page size in mm, the auto-height table first, items below it relative in top AND left and linked to it', () => {
    const lodop = recordingLodop();
    buildJob(lodop, sheet(), [row(1)]);
    expect(lodop.calls.slice(0, 2)).toEqual([
      ['PRINT_INITA', 0, 0, 770, 500, '出库单（kr 旧版存档）'],
      ['SET_PRINT_PAGESIZE', 1, '215mm', '140mm', ''],
    ]);
    expect(adds(lodop.calls).map((c) => c.slice(0, 6).map((v, i) => (i === 5 && c[0] === 'ADD_PRINT_TABLE' ? 'html' : v)))).toEqual([
      ['ADD_PRINT_TABLE', 85, 30, 740, 'BottomMargin:10mm', 'html'],
      ['ADD_PRINT_TEXT', 10, 0, 770, 25, '出库单号：CK-1'],
      ['ADD_PRINT_TEXT', 40, 15, 268, 20, '收货人：13800000001'],
      ['ADD_PRINT_TEXT', 40, 425, 299, 20, '经办人：刘夏（成都仓）'],
      // 370 - (85 + 275) = 10 below the table; 30 - 30 = 0 from its left
      ['ADD_PRINT_TEXT', 10, 0, 400, 20, '合计：129.00'],
      ['SET_PRINT_STYLEA', 0, 'LinkedItem', 1],
      // kr sends 500 here (530 - 30); GemQC used to send 530
      ['ADD_PRINT_TEXT', 30, 500, 200, 20, '客户签收：'],
      ['SET_PRINT_STYLEA', 0, 'LinkedItem', 1],
      // header/footer items (ItemType 1) are not linked
      ['ADD_PRINT_HTM', 470, 600, 160, 20, expect.stringContaining(`<span tdata="pageNO">第##页</span>`)],
    ]);
  });

  it('the seeded kind of order sheet (table at left 30) prints its linked lines at the left the designer shows', () => {
    const lodop = recordingLodop();
    buildJob(lodop, sheet(), [row(1)]);
    const sign = lodop.calls.find((c) => c[5] === '客户签收：')!;
    const table = lodop.calls.find((c) => c[0] === 'ADD_PRINT_TABLE')!;
    // C-Lodop adds the linked item's left to the table's: 30 + 500 = 530, where it was designed
    expect((table[2] as number) + (sign[2] as number)).toBe(530);
  });

  it('batch: one job, NEWPAGEA before each row after the first, LinkedItem numbered per row', () => {
    const lodop = recordingLodop();
    buildJob(lodop, sheet(), [row(1), row(2), row(3)]);
    const a = adds(lodop.calls);
    expect(a.filter((c) => c[0] === 'NEWPAGEA')).toHaveLength(2);
    expect(lodop.calls.some((c) => c[0] === 'NEWPAGE')).toBe(false);
    // 7 items a page: each page's table is item 1, 8, 15 of the job
    expect(a.filter((c) => c[2] === 'LinkedItem').map((c) => c[3])).toEqual([1, 1, 8, 8, 15, 15]);
    const i = lodop.calls.findIndex((c) => c[0] === 'NEWPAGEA');
    expect(lodop.calls[i + 1]?.[0]).toBe('ADD_PRINT_TABLE');
    // row 2 totals 0: it prints 0, not ''
    expect(a.filter((c) => String(c[5]).startsWith('合计')).map((c) => c[5])).toEqual(['合计：129.00', '合计：0', '合计：129.00']);
  });

  it("both placeholder conventions: kr's {收货人手机} takes the bound field, named ones their field; falsy values print '' except 0", () => {
    const lodop = recordingLodop();
    const base = sheet();
    const rows = [null, undefined, false, '', 0].map((v) => ({ ...row(1), buyerPhone: v, warehouseName: v }));
    buildJob(lodop, base, rows);
    const texts = lodop.calls.filter((c) => c[0] === 'ADD_PRINT_TEXT').map((c) => String(c[5]));
    expect(texts.filter((s) => s.startsWith('收货人'))).toEqual(['收货人：', '收货人：', '收货人：', '收货人：', '收货人：0']);
    expect(texts.filter((s) => s.startsWith('经办人'))).toEqual(['经办人：刘夏（）', '经办人：刘夏（）', '经办人：刘夏（）', '经办人：刘夏（）', '经办人：刘夏（0）']);
  });

  it('the table prints the row list (0 as 0); a preview without data prints its kr sample rows', () => {
    const withRow = recordingLodop();
    buildJob(withRow, sheet(), [row(1)]);
    const html = String(withRow.calls.find((c) => c[0] === 'ADD_PRINT_TABLE')![5]);
    expect(html).toMatch(/>商品1<\/td><td[^>]*>0<\/td>/);
    const preview = recordingLodop();
    buildJob(preview, sheet());
    const sample = String(preview.calls.find((c) => c[0] === 'ADD_PRINT_TABLE')![5]);
    expect(sample).toContain('苹果ipone11pro');
    expect(sample).toContain('苹果手机壳');
  });

  it('code sets: 128A/128B/128C go to C-Lodop under their own names when the value fits the set', () => {
    const lodop = recordingLodop();
    buildJob(lodop, one('certificate-labels.json'), [{ centreName: '广州', mass: '1.2g', certificateNo: 'GZ-2026/01', verifyCode: 'ab-12', tagCode: '20260001', verifyUrl: 'https://x/v/1', logoUrl: '/api/publics/v1/Template/image?key=template-images/1/logo.png' }]);
    expect(lodop.calls.filter((c) => c[0] === 'ADD_PRINT_BARCODE').map((c) => [c[5], c[6]])).toEqual([
      ['128A', 'GZ-2026/01'], ['128B', 'ab-12'], ['128C', '20260001'], ['QRCode', 'https://x/v/1'],
    ]);
    // a stored picture, as an absolute address C-Lodop can fetch (model/images.ts)
    expect(lodop.calls).toContainEqual(['ADD_PRINT_IMAGE', 150, 195, 60, 30, `<img border="0" src="${location.origin}/api/publics/v1/Template/image?key=template-images/1/logo.png"/>`]);
  });

  it.each([
    ['128C', { tagCode: 'ABC' }, '128C 只能编码偶数位的数字'],
    ['128C', { tagCode: '123' }, '128C 只能编码偶数位的数字'],
    ['128A', { certificateNo: 'gz-1' }, '128A 只能编码大写字母'],
    ['128B', { verifyCode: '翡翠' }, '128B 只能编码可打印的英文字符'],
  ])('%s with %o is an error the user reads, and no job is started', (_set, bad, msg) => {
    const lodop = recordingLodop();
    const good = { certificateNo: 'GZ1', verifyCode: 'ab', tagCode: '12', verifyUrl: 'u', logoUrl: '' };
    expect(() => buildJob(lodop, one('certificate-labels.json'), [good, { ...good, ...bad }])).toThrow(PrintJobError);
    expect(() => buildJob(lodop, one('certificate-labels.json'), [{ ...good, ...bad }])).toThrow(msg);
    expect(lodop.calls).toEqual([]);
  });

  it('html reaches C-Lodop sanitised, bound values escaped, and no style value leaves its attribute', () => {
    const lodop = recordingLodop();
    const t = one('unsafe-html.json');
    // a template object that skipped the parser (e.g. built in code) still cannot break out
    t.tempItems[0]!.style.FontColor = '#000;background:url(//evil)';
    buildJob(lodop, t, [{ buyerName: '<img src=x onerror=alert(1)>' }]);
    const htm = lodop.calls.filter((c) => c[0] === 'ADD_PRINT_HTM').map((c) => String(c[5]));
    expect(htm[0]).toMatch(/^<div style="font-size:9pt;color:#000000">/);
    expect(htm.join('')).not.toMatch(/<script|<[^>]+\son\w+=|javascript:|<iframe|url\(/i);
    expect(htm[1]).toContain('<b>买家：&lt;img src=x onerror=alert(1)&gt;</b>');
  });
});
