import { describe, expect, it } from 'vitest';
import { bindText, tableRows, parseTemplate } from '@gemqc/label-designer';
// the built-in template the server seeds and serves (data, not server code)
import orderSheetJson from '../../../../../server/src/modules/templates/builtin/order_sheet.json';
import { parseIds } from './pages/PrintPage';
import { toSheetRow, type OrderSheet } from './sheetRow';

const sheet: OrderSheet = {
  id: '5',
  order_no: 'JC202611220001',
  barcode: 'JC202611220001',
  merchant_name: '翠玉轩珠宝',
  shop_name: null,
  centre_name: '广州番禺检测中心',
  centre_address: '广州市番禺区',
  centre_contact: '王',
  centre_mobile: '13700000001',
  buyer_name: '张三',
  buyer_phone: '138****0001',
  buyer_address: '广东省广州市',
  declared_value: 128050,
  platform_order_id: null,
  inbound_carrier: '',
  inbound_waybill: '',
  remark: '',
  item_count: 1,
  items: [
    { seq: 1, name: '翡翠手镯', category_name: '翡翠', weight: 52.3, unit: 'g', declared_value: 128050 },
    { seq: 2, name: '钻石吊坠', category_name: '钻石', weight: 0.65, unit: 'ct', declared_value: 2_170_300 },
  ],
  ship_deadline: '2026-11-24T00:00:00.000Z',
  created_at: '2026-11-22T00:00:00.000Z',
  status_text: '待寄出',
};

describe('order sheet printing data', () => {
  it('turns the server’s sheet into a template row: yuan as on screen (thousands separators, two decimals), weight in the category’s unit, empty text for missing values, 手工录入 for a manual order’s shop', () => {
    const row = toSheetRow(sheet, new Date('2026-11-22T01:00:00Z'));
    expect(row.declaredValue).toBe('1,280.50');
    expect(row.shopName).toBe('手工录入'); // a manual order: no （ ） on the sheet
    expect(row.platformOrderId).toBe('');
    expect(row.items).toEqual([
      { itemName: '翡翠手镯', categoryName: '翡翠', mass: '52.3g', declaredValue: '1,280.50' },
      { itemName: '钻石吊坠', categoryName: '钻石', mass: '0.65ct', declaredValue: '21,703.00' },
    ]);
  });

  it("fills the server's built-in order sheet: the barcode carries the order number, the table lists the items", () => {
    const template = parseTemplate(orderSheetJson);
    const row = toSheetRow(sheet);
    const barcode = template.tempItems.find((i) => i.type === 'bar-code');
    expect(barcode && bindText(barcode, row)).toBe('JC202611220001');
    const table = template.tempItems.find((i) => i.type === 'braid-table');
    expect(table && tableRows(table, row)).toHaveLength(2);
    const texts = template.tempItems.filter((i) => i.type === 'braid-txt').map((i) => bindText(i, row));
    expect(texts).toContain('订单号：JC202611220001');
    expect(texts.some((t) => t.includes('{'))).toBe(false);
  });

  it('fills the inbound carrier, waybill and remark (the seeded order-sheet template prints them)', () => {
    const row = toSheetRow({ ...sheet, inbound_carrier: '顺丰速运', inbound_waybill: 'SF1234567890', remark: '易碎' });
    expect(row).toMatchObject({ inboundCarrier: '顺丰速运', inboundWaybill: 'SF1234567890', remark: '易碎' });
    const remark = { ...parseTemplate(orderSheetJson).tempItems[0]!, value: '备注：{remark}', name: 'remark' };
    const waybill = { ...parseTemplate(orderSheetJson).tempItems[0]!, value: '寄件单号：{inboundCarrier} {inboundWaybill}', name: 'inboundWaybill' };
    expect(bindText(remark, row)).toBe('备注：易碎');
    expect(bindText(waybill, row)).toBe('寄件单号：顺丰速运 SF1234567890');
  });

  it('reads the ids to print from the URL, ignoring junk and repeats', () => {
    expect(parseIds('5, 7,5,abc,,143')).toEqual(['5', '7', '143']);
    expect(parseIds(null)).toEqual([]);
  });
});
