import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateField } from '@gemqc/contract';

/**
 * English titles of the data fields templates bind to (the server's catalogue names them in
 * Chinese, docs/domain.md#templates): an en-US session sees these in the designer's palette and field list.
 * Keyed by field name, which is the same in every template kind.
 */
export const FIELD_TITLES_EN: Record<string, string> = {
  _seq: 'No.',
  batchNo: 'Batch no.',
  buyerAddress: 'Recipient address',
  buyerName: 'Recipient',
  buyerPhone: 'Recipient phone',
  categoryName: 'Category',
  centreName: 'Inspection centre',
  certificateNo: 'Certificate no.',
  closedAt: 'Closed at',
  colour: 'Colour',
  conclusion: 'Conclusion',
  declaredValue: 'Declared value (¥)',
  density: 'Density',
  inboundCarrier: 'Inbound carrier',
  inboundWaybill: 'Inbound waybill',
  inspectedAt: 'Inspected on',
  inspectorName: 'Inspector',
  itemCount: 'Items',
  itemName: 'Item name',
  items: 'Item list',
  mass: 'Weight',
  merchantName: 'Merchant',
  openedAt: 'Opened at',
  operatorName: 'Operator',
  orderCount: 'Orders',
  orderNo: 'Order no.',
  outboundCarrier: 'Outbound carrier',
  outboundWaybill: 'Outbound waybill',
  platformOrderId: 'Platform order ID',
  printTime: 'Printed at',
  receivedAt: 'Received at',
  refractiveIndex: 'Refractive index',
  remark: 'Remark',
  resultText: 'Result',
  shape: 'Shape',
  shipDeadline: 'Ship by',
  shopName: 'Shop',
  startTime: 'Ordered at',
  statusText: 'Status',
  tagCode: 'Tag code',
  verifyCode: 'Verification code',
  verifyUrl: 'Verification URL (QR code)',
};

/** The fields with their titles (and their list columns') in the session's language. */
export function useLocalisedFields(fields: TemplateField[] | undefined): TemplateField[] {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  return useMemo(() => {
    if (!fields) return [];
    if (!english) return fields;
    const title = (f: { name: string; title: string }) => FIELD_TITLES_EN[f.name] ?? f.title;
    return fields.map((f) => ({ ...f, title: title(f), ...(f.columns ? { columns: f.columns.map((c) => ({ ...c, title: title(c) })) } : {}) }));
  }, [fields, english]);
}
