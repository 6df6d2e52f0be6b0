import type { Template } from '@gemqc/label-designer';
import { fixedText } from './templateText';

/**
 * The default order sheet (订单打印), used when the merchant's centre has no default "order_sheet"
 * template on the server. 100 × 150 mm (a logistics label), 96 dpi canvas. Values use `{field}`
 * placeholders with the field names of the server's order_sheet catalogue (orderNo, centreName,
 * shipDeadline, items …), filled from {@link OrderSheetRow}; the item table binds to `items`.
 */

const text = fixedText;

export const orderSheetTemplate: Template = {
  title: '检测订单发货单',
  width: 378,
  height: 567,
  pageWidth: 100,
  pageHeight: 150,
  imageUrl: '',
  tempItems: [
    text('a1b2c3d4e5', 12, 10, 354, 26, 'GemQC 检测订单', { FontSize: 14, Bold: true, Alignment: 'center' }),
    {
      uuid: 'b1b2c3d4e5',
      type: 'bar-code',
      name: 'orderNo',
      isEdit: false,
      dragable: true,
      resizable: true,
      width: 300,
      height: 70,
      left: 39,
      top: 40,
      title: '订单号条码',
      value: '{orderNo}',
      defaultValue: '',
      style: { zIndex: 0, FontColor: '#000000', ShowBarText: true, codeType: '128Auto', ItemType: 0 },
    },
    text('c1b2c3d4e5', 12, 120, 354, 18, '订单号：{orderNo}', { FontSize: 10, Bold: true }),
    text('c2b2c3d4e5', 12, 140, 354, 18, '平台订单：{platformOrderId}'),
    text('c3b2c3d4e5', 12, 158, 354, 18, '店铺：{shopName}    商家：{merchantName}'),
    text('c4b2c3d4e5', 12, 184, 354, 18, '寄往检测中心：{centreName}', { FontSize: 10, Bold: true }),
    text('c5b2c3d4e5', 12, 202, 354, 34, '地址：{centreAddress}'),
    text('c6b2c3d4e5', 12, 236, 354, 18, '收件人：{centreContact}  {centreMobile}'),
    text('c7b2c3d4e5', 12, 262, 354, 18, '买家：{buyerName}    申报价值：¥{declaredValue}'),
    text('c8b2c3d4e5', 12, 280, 354, 18, '下单时间：{startTime}'),
    text('c9b2c3d4e5', 12, 298, 354, 18, '发货截止：{shipDeadline}', { Bold: true }),
    {
      uuid: 'd1b2c3d4e5',
      type: 'braid-table',
      name: 'items',
      isEdit: false,
      dragable: true,
      resizable: true,
      width: 354,
      height: 200,
      left: 12,
      top: 324,
      title: '商品明细',
      value: '',
      defaultValue: '',
      style: { zIndex: 0, FontSize: 9, FontColor: '#000000', BorderColor: '#000000', Bold: false, Italic: false, Underline: false, Alignment: 'left', ItemType: 0, AutoHeight: false, BottomMargin: 0 },
      columnsAttr: [
        { name: '_seq', title: '序号' },
        { name: 'itemName', title: '物品名称' },
        { name: 'categoryName', title: '品类' },
        { name: 'mass', title: '重量' },
        { name: 'declaredValue', title: '申报价值' },
      ],
      columns: [
        { name: '_seq', title: '序号' },
        { name: 'itemName', title: '物品名称' },
        { name: 'categoryName', title: '品类' },
        { name: 'declaredValue', title: '申报价值' },
      ],
      selectCol: ['_seq', 'itemName', 'categoryName', 'declaredValue'],
    },
    text('e1b2c3d4e5', 12, 536, 354, 18, '请将本单随货寄出，检测中心扫码入仓', { FontSize: 8, Alignment: 'center' }),
  ],
};

/** The data one order sheet is filled with (every value already formatted as text). */
export interface OrderSheetRow {
  [key: string]: unknown;
  orderNo: string;
  barcode: string;
  platformOrderId: string;
  merchantName: string;
  shopName: string;
  centreName: string;
  centreAddress: string;
  centreContact: string;
  centreMobile: string;
  buyerName: string;
  buyerPhone: string;
  buyerAddress: string;
  inboundCarrier: string;
  inboundWaybill: string;
  outboundCarrier: string;
  outboundWaybill: string;
  remark: string;
  /** yuan, two decimals, no symbol (as the server's field catalogue). */
  declaredValue: string;
  startTime: string;
  shipDeadline: string;
  statusText: string;
  itemCount: string;
  printTime: string;
  items: { itemName: string; categoryName: string; mass: string; declaredValue: string }[];
}
