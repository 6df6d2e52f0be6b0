import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../client';
import { accounts, centres } from '../schema';
import * as repo from '../../modules/templates/repo';

/**
 * Two label templates of 广州番禺检测中心 (DOMAIN.md §9): the default certificate label (70×50 mm:
 * text, Code128 and a QR code of the verification address) and the default order sheet.
 * Canvas px at 96 dpi: 1 mm = 3.78 px.
 */

type Item = Record<string, unknown>;

const text = (uuid: string, name: string, value: string, left: number, top: number, width: number, height: number, style: Item = {}): Item => ({
  uuid,
  type: 'braid-txt',
  name,
  isEdit: true,
  dragable: true,
  resizable: true,
  width,
  height,
  left,
  top,
  title: name || '文本',
  value,
  defaultValue: '',
  style: { zIndex: 0, FontSize: 9, FontColor: '#000000', Bold: false, Italic: false, Underline: false, Alignment: 'left', ItemType: 0, ...style },
});

const code = (uuid: string, name: string, value: string, codeType: string, left: number, top: number, width: number, height: number, showText = true): Item => ({
  uuid,
  type: 'bar-code',
  name,
  isEdit: true,
  dragable: true,
  resizable: true,
  width,
  height,
  left,
  top,
  title: codeType === 'QRCode' ? '二维码' : '条码',
  value,
  defaultValue: '',
  style: { zIndex: 0, FontColor: '#000000', ShowBarText: showText, codeType, ItemType: 0 },
});

export const certificateLabelTemplate = {
  title: '证书标签 70×50',
  width: 265,
  height: 189,
  pageWidth: 70,
  pageHeight: 50,
  imageUrl: '',
  tempItems: [
    text('a1c0000001', 'centreName', '{centreName}', 8, 4, 249, 20, { FontSize: 10, Bold: true, Alignment: 'center' }),
    text('a1c0000002', 'itemName', '物品：{itemName}', 8, 28, 170, 18, { FontSize: 8 }),
    text('a1c0000003', 'conclusion', '结论：{conclusion}', 8, 46, 170, 18, { FontSize: 8 }),
    text('a1c0000004', 'mass', '重量：{mass}', 8, 64, 170, 18, { FontSize: 8 }),
    text('a1c0000005', 'certificateNo', '编号：{certificateNo}', 8, 82, 170, 18, { FontSize: 8 }),
    code('a1c0000006', 'verifyUrl', '{verifyUrl}', 'QRCode', 184, 28, 72, 72, false),
    code('a1c0000007', 'certificateNo', '{certificateNo}', '128Auto', 8, 106, 180, 56),
    text('a1c0000008', 'verifyCode', '{verifyCode}', 184, 102, 72, 16, { FontSize: 6, Alignment: 'center' }),
    text('a1c0000009', 'inspectedAt', '检测日期：{inspectedAt}', 8, 166, 249, 18, { FontSize: 7 }),
  ],
};

export const orderSheetTemplate = {
  title: '检测订单',
  width: 794,
  height: 529,
  pageWidth: 210,
  pageHeight: 140,
  imageUrl: '',
  tempItems: [
    text('b2d0000001', '', '珠宝玉石检测订单', 250, 16, 294, 34, { FontSize: 16, Bold: true, Alignment: 'center' }),
    code('b2d0000002', 'orderNo', '{orderNo}', '128Auto', 540, 10, 230, 60),
    text('b2d0000003', 'orderNo', '订单号：{orderNo}', 30, 80, 360, 22),
    text('b2d0000004', 'platformOrderId', '平台订单号：{platformOrderId}', 410, 80, 360, 22),
    text('b2d0000005', 'merchantName', '商家：{merchantName}（{shopName}）', 30, 104, 360, 22),
    text('b2d0000006', 'centreName', '检测中心：{centreName}', 410, 104, 360, 22),
    text('b2d0000007', 'buyerName', '收件人：{buyerName} {buyerPhone}', 30, 128, 360, 22),
    text('b2d0000008', 'inboundWaybill', '寄件单号：{inboundCarrier} {inboundWaybill}', 410, 128, 360, 22),
    text('b2d0000009', 'buyerAddress', '收件地址：{buyerAddress}', 30, 152, 740, 22),
    text('b2d0000010', 'shipDeadline', '发货截止：{shipDeadline}', 30, 176, 360, 22, { Bold: true }),
    text('b2d0000011', 'declaredValue', '申报价值：¥{declaredValue}', 410, 176, 360, 22),
    {
      uuid: 'b2d0000012',
      type: 'braid-table',
      name: 'items',
      isEdit: true,
      dragable: true,
      resizable: true,
      width: 740,
      height: 120,
      left: 30,
      top: 210,
      title: '物品明细',
      value: '',
      defaultValue: '',
      style: { zIndex: 0, FontSize: 9, FontColor: '#000000', BorderColor: '#000000', Bold: false, Italic: false, Underline: false, Alignment: 'center', ItemType: 0, AutoHeight: true, BottomMargin: 0 },
      columnsAttr: [
        { name: '_seq', title: '序号' },
        { name: 'itemName', title: '物品名称' },
        { name: 'categoryName', title: '品类' },
        { name: 'mass', title: '重量' },
        { name: 'conclusion', title: '检测结论' },
        { name: 'certificateNo', title: '证书编号' },
        { name: 'resultText', title: '检测结果' },
      ],
      columns: [
        { name: '_seq', title: '序号' },
        { name: 'itemName', title: '物品名称' },
        { name: 'categoryName', title: '品类' },
        { name: 'mass', title: '重量' },
        { name: 'conclusion', title: '检测结论' },
        { name: 'certificateNo', title: '证书编号' },
      ],
      selectCol: ['_seq', 'itemName', 'categoryName', 'mass', 'conclusion', 'certificateNo'],
    },
    text('b2d0000013', 'remark', '备注：{remark}', 30, 350, 740, 22),
    text('b2d0000014', 'printTime', '打印时间：{printTime}', 480, 490, 290, 20, { FontSize: 8, Alignment: 'right' }),
  ],
};

/** Runs after the core seed; does nothing when the centre is missing (a database without the demo). */
export async function seedTemplates(database: Database): Promise<void> {
  const db = database.db;
  const [centre] = await db.select({ id: centres.id }).from(centres).where(eq(centres.code, 'GZPY')).limit(1);
  if (!centre) return;
  const [owner] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.centreId, centre.id), eq(accounts.userType, 'qualityInspection'), isNull(accounts.parentId)))
    .limit(1);
  const now = new Date();
  await db.transaction(async (tx) => {
    const base = { centreId: centre.id, isDefault: true, accountId: owner?.id ?? null, now };
    await repo.insertTemplate(tx, { ...base, name: '证书标签（70×50mm）', kind: 'certificate_label', content: certificateLabelTemplate });
    await repo.insertTemplate(tx, { ...base, name: '检测订单（210×140mm）', kind: 'order_sheet', content: orderSheetTemplate });
  });
}
