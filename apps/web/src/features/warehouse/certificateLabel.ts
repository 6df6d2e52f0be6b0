import dayjs from 'dayjs';
import type { IntakeScanData } from '@gemqc/contract';
import type { DataRow, Template, TemplateItem } from '@gemqc/label-designer';
import { fixedText } from '../print';

/**
 * The certificate label (证书标签) stuck on a passed item after its tag is bound: printed with the
 * centre's default "certificate_label" template, or this one when the centre has none. 70 × 50 mm
 * at 96 dpi, the same layout as the demo centre's default; values use `{field}` placeholders with
 * the field names of the server's certificate_label catalogue (certificateNo, verifyUrl, …).
 */
/** A fixed text item bound to a data field (the built-in templates' fixedText, with its field name). */
const text = (uuid: string, name: string, value: string, left: number, top: number, width: number, height: number, style: TemplateItem['style'] = {}): TemplateItem => ({
  ...fixedText(uuid, left, top, width, height, value, style),
  name,
});

const code = (uuid: string, name: string, codeType: 'QRCode' | '128Auto', left: number, top: number, width: number, height: number, showText: boolean): TemplateItem => ({
  uuid,
  type: 'bar-code',
  name,
  isEdit: false,
  dragable: true,
  resizable: true,
  width,
  height,
  left,
  top,
  title: codeType === 'QRCode' ? '查询二维码' : '证书编号条码',
  value: `{${name}}`,
  defaultValue: '',
  style: { zIndex: 0, FontColor: '#000000', ShowBarText: showText, codeType, ItemType: 0 },
});

export const certificateLabelTemplate: Template = {
  title: '证书标签 70×50',
  width: 265,
  height: 189,
  pageWidth: 70,
  pageHeight: 50,
  imageUrl: '',
  tempItems: [
    text('wc10000001', 'centreName', '{centreName}', 8, 4, 249, 20, { FontSize: 10, Bold: true, Alignment: 'center' }),
    text('wc10000002', 'itemName', '物品：{itemName}', 8, 28, 170, 18, { FontSize: 8 }),
    text('wc10000003', 'conclusion', '结论：{conclusion}', 8, 46, 170, 18, { FontSize: 8 }),
    text('wc10000004', 'mass', '重量：{mass}', 8, 64, 170, 18, { FontSize: 8 }),
    text('wc10000005', 'certificateNo', '编号：{certificateNo}', 8, 82, 170, 18, { FontSize: 8 }),
    code('wc10000006', 'verifyUrl', 'QRCode', 184, 28, 72, 72, false),
    code('wc10000007', 'certificateNo', '128Auto', 8, 106, 180, 56, true),
    text('wc10000008', 'verifyCode', '{verifyCode}', 184, 102, 72, 16, { FontSize: 6, Alignment: 'center' }),
    text('wc10000009', 'inspectedAt', '检测日期：{inspectedAt}', 8, 166, 249, 18, { FontSize: 7 }),
  ],
};

type Item = IntakeScanData['items'][number];

/** The items of the order whose label can be printed: passed and bound to a tag. */
export function labelledItems(d: IntakeScanData): Item[] {
  return d.items.filter((i) => i.result === 'pass' && !!i.bound_code);
}

/** A stored number without float noise: 52.360000001 → "52.36". */
const num = (v: number) => String(Math.round(v * 1000) / 1000);

/**
 * One label row for an item of the scanned order (field names of the certificate_label catalogue).
 * `tagCode` overrides the item's bound code (right after a bind, before the order reloads);
 * `origin` makes the certificate's verify path an address a phone can open from the QR code.
 */
export function toLabelRow(d: IntakeScanData, item: Item, opts: { tagCode?: string; origin?: string } = {}): DataRow {
  const ins = d.inspections.find((i) => i.item_id === item.id);
  const cert = d.certificates.find((c) => c.item_id === item.id);
  const origin = opts.origin ?? (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);
  const mass = ins?.mass != null ? `${num(ins.mass)}${ins.mass_unit}` : item.weight !== null ? `${num(item.weight)}${item.unit}` : '';
  const inspected = cert?.issued_at ?? ins?.created_at;
  return {
    certificateNo: cert?.certificate_no ?? item.certificate_no ?? '',
    orderNo: d.order.order_no,
    itemName: item.name,
    categoryName: item.category_name,
    conclusion: cert?.conclusion || ins?.conclusion || '',
    mass,
    shape: ins?.shape ?? '',
    colour: ins?.colour ?? '',
    refractiveIndex: ins?.refractive_index ?? '',
    density: ins?.density ?? '',
    resultText: ins?.result_text || item.result_text,
    inspectorName: ins?.inspector_name ?? '',
    inspectedAt: inspected ? dayjs(inspected).format('YYYY-MM-DD') : '',
    verifyCode: cert?.verify_code ?? '',
    verifyUrl: cert ? new URL(cert.verify_url, origin).href : '',
    tagCode: opts.tagCode ?? item.bound_code ?? '',
    merchantName: d.order.merchant_name,
    centreName: d.order.centre_name,
  };
}
