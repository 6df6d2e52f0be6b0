import type { IntakeScanData } from '@gemqc/contract';
import type { DataRow } from '@gemqc/label-designer';
import { inChina } from '../../lib/chinaTime';

/**
 * Rows for the certificate label (证书标签) stuck on a passed item after its tag is bound. The
 * template is the centre's default "certificate_label" from the server (the built-in one when the
 * centre has none); its `{field}` placeholders use the field names of the certificate_label catalogue.
 */

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
    inspectedAt: inspected ? inChina(inspected).format('YYYY-MM-DD') : '',
    verifyCode: cert?.verify_code ?? '',
    verifyUrl: cert ? new URL(cert.verify_url, origin).href : '',
    tagCode: opts.tagCode ?? item.bound_code ?? '',
    merchantName: d.order.merchant_name,
    centreName: d.order.centre_name,
  };
}
