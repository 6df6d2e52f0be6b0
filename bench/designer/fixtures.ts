/**
 * Templates and data rows of the designer benchmark. Plain model code (no JSX), shared by the
 * browser page (bundled by Vite) and the Node side (the C-Lodop job build).
 */
import { createItem, createTemplate } from '../../packages/label-designer/src/model/defaults';
import type { DataRow, Template, TemplateItem } from '../../packages/label-designer/src/model/types';

export const DESIGNER_ITEMS = 1000;
export const DESIGNER_COLS = 20;
const CELL_W = 100;
const CELL_H = 60;

/** Deterministic 10-hex uuids so runs are comparable. */
const uuid = (prefix: number, i: number): string => (prefix * 1e8 + i).toString(16).padStart(10, '0').slice(-10);

/** Which kind item `i` is: 7 of every 10 text, 2 Code128, 1 QR (70 / 20 / 10 %). */
export function kindOf(i: number): 'text' | 'code128' | 'qr' {
  const r = i % 10;
  return r < 7 ? 'text' : r < 9 ? 'code128' : 'qr';
}

/** 1,000 items on a 2000 × 3000 px page: a 20 × 50 grid of 100 × 60 cells, every value distinct. */
export function designerTemplate(): Template {
  const tempItems: TemplateItem[] = [];
  for (let i = 0; i < DESIGNER_ITEMS; i++) {
    const left = (i % DESIGNER_COLS) * CELL_W + 5;
    const top = Math.floor(i / DESIGNER_COLS) * CELL_H + 5;
    const id = `GQ${String(2025000000 + i)}`;
    const kind = kindOf(i);
    if (kind === 'text') tempItems.push(createItem('braid-txt', { uuid: uuid(1, i), left, top, width: 90, height: 40, title: `文本 ${i}`, value: `红宝石 Ruby ${i} · ${(1 + (i % 97) / 100).toFixed(2)}ct` }));
    else if (kind === 'code128') tempItems.push(createItem('bar-code', { uuid: uuid(1, i), left, top, width: 90, height: 50, title: `条码 ${i}`, value: id, style: { codeType: '128Auto' } }));
    else tempItems.push(createItem('bar-code', { uuid: uuid(1, i), left: left + 20, top, width: 50, height: 50, title: `二维码 ${i}`, value: `https://gemqc.example/c/${id}`, style: { codeType: 'QRCode', ShowBarText: false } }));
  }
  return createTemplate({ title: 'bench-1000', width: 2000, height: 3000, pageWidth: 529.2, pageHeight: 793.8, tempItems });
}

/** A 60 × 40 mm certificate label: six text items, a Code128 of the certificate number and a QR link. */
export function labelTemplate(): Template {
  const t = (i: number, left: number, top: number, width: number, value: string, size = 9): TemplateItem =>
    createItem('braid-txt', { uuid: uuid(2, i), left, top, width, height: 18, value, name: '', style: { FontSize: size } });
  return createTemplate({
    title: 'bench-label',
    width: 227,
    height: 151,
    pageWidth: 60,
    pageHeight: 40,
    tempItems: [
      t(0, 6, 4, 150, 'GemQC 珠宝鉴定', 10),
      t(1, 6, 22, 150, '证书号 {certNo}'),
      t(2, 6, 38, 150, '名称 {goods}'),
      t(3, 6, 54, 150, '质量 {weight}ct'),
      t(4, 6, 70, 150, '颜色 {color}'),
      t(5, 6, 86, 150, '日期 {date}'),
      createItem('bar-code', { uuid: uuid(2, 6), left: 6, top: 106, width: 150, height: 40, value: '{certNo}', style: { codeType: '128Auto' } }),
      createItem('bar-code', { uuid: uuid(2, 7), left: 162, top: 22, width: 60, height: 60, value: '{url}', style: { codeType: 'QRCode', ShowBarText: false } }),
    ],
  });
}

export function labelRows(n: number): DataRow[] {
  const rows: DataRow[] = [];
  for (let i = 0; i < n; i++) {
    const certNo = `GQ${String(2025100000 + i)}`;
    rows.push({ certNo, goods: `红宝石戒指 #${i}`, weight: (0.5 + (i % 300) / 100).toFixed(2), color: i % 2 ? '鸽血红' : '粉红', date: '2025-11-22', url: `https://gemqc.example/c/${certNo}` });
  }
  return rows;
}
