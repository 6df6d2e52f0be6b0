import dayjs from 'dayjs';
import type { BatchPrintData } from '@gemqc/contract';
import type { Template, TemplateItem } from '@gemqc/label-designer';
import { fixedText } from '../print';

/**
 * The batch list (批次清单) printed when a batch closes, used when the centre has no default
 * "batch_list" template. A4 portrait at 96 dpi; values use `{field}` placeholders with the field
 * names of the server's batch_list catalogue (batchNo, operatorName, items …).
 */
const text = (uuid: string, left: number, top: number, width: number, height: number, value: string, style: TemplateItem['style'] = {}): TemplateItem =>
  fixedText(uuid, left, top, width, height, value, style, 10);

const columns = [
  { name: '_seq', title: '序号' },
  { name: 'orderNo', title: '订单号' },
  { name: 'merchantName', title: '商家名称' },
  { name: 'itemName', title: '物品名称' },
  { name: 'inboundWaybill', title: '寄件单号' },
  { name: 'statusText', title: '状态' },
  { name: 'receivedAt', title: '入仓时间' },
];

export const batchListTemplate: Template = {
  title: '入仓批次清单',
  width: 794,
  height: 1123,
  pageWidth: 210,
  pageHeight: 297,
  imageUrl: '',
  tempItems: [
    text('w1b2c3d4e5', 40, 30, 714, 32, '{centreName} 入仓批次清单', { FontSize: 16, Bold: true, Alignment: 'center' }),
    {
      uuid: 'w2b2c3d4e5',
      type: 'bar-code',
      name: 'batchNo',
      isEdit: false,
      dragable: true,
      resizable: true,
      width: 260,
      height: 60,
      left: 494,
      top: 70,
      title: '批次号条码',
      value: '{batchNo}',
      defaultValue: '',
      style: { zIndex: 0, FontColor: '#000000', ShowBarText: true, codeType: '128Auto', ItemType: 0 },
    },
    text('w3b2c3d4e5', 40, 74, 440, 20, '批次号：{batchNo}', { Bold: true, FontSize: 11 }),
    text('w4b2c3d4e5', 40, 96, 440, 20, '操作员：{operatorName}    订单数：{orderCount}    物品数：{itemCount}'),
    text('w5b2c3d4e5', 40, 118, 440, 20, '开始：{openedAt}    结束：{closedAt}'),
    {
      uuid: 'w6b2c3d4e5',
      type: 'braid-table',
      name: 'items',
      isEdit: false,
      dragable: true,
      resizable: true,
      width: 714,
      height: 900,
      left: 40,
      top: 146,
      title: '批次明细',
      value: '',
      defaultValue: '',
      style: { zIndex: 0, FontSize: 9, FontColor: '#000000', BorderColor: '#000000', Bold: false, Italic: false, Underline: false, Alignment: 'left', ItemType: 0, AutoHeight: true, BottomMargin: 0 },
      columnsAttr: columns,
      columns,
      selectCol: columns.map((c) => c.name),
    },
    text('w7b2c3d4e5', 40, 1070, 714, 18, '打印时间：{printTime}    交接人签字：____________', { FontSize: 9 }),
  ],
};

const time = (v: string | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

/** The server's print data → one template row (field names of the batch_list catalogue). */
export function toBatchRow(p: BatchPrintData, now: Date = new Date()): Record<string, unknown> {
  const b = p.batch;
  return {
    batchNo: b.batch_no,
    centreName: b.centre_name,
    operatorName: b.operator_name,
    openedAt: time(b.opened_at),
    closedAt: time(b.closed_at),
    orderCount: String(b.order_count),
    itemCount: String(b.item_count),
    printTime: time(now.toISOString()),
    items: p.items.map((i) => ({
      orderNo: i.order_no,
      merchantName: i.merchant_name,
      itemName: i.item_name,
      inboundWaybill: i.inbound_waybill,
      statusText: i.status_text,
      receivedAt: time(i.received_at),
    })),
  };
}
