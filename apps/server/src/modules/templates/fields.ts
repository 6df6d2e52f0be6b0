import { chinaDateTime, type TemplateField, type TemplateKind } from '@gemqc/contract';

/**
 * The data fields each template kind offers for binding (docs/domain.md#templates). Items bind by `name`
 * (`{orderNo}` in a value); a field with `columns` is a list a table item prints row by row.
 * The modules that print (inspection, intake, batches) fill rows with these names.
 */

const certificateLabel: TemplateField[] = [
  { name: 'certificateNo', title: '证书编号', example: 'GZPY2611210001' },
  { name: 'orderNo', title: '订单号', example: 'JC202611210001' },
  { name: 'itemName', title: '物品名称', example: '翡翠手镯' },
  { name: 'categoryName', title: '品类', example: '翡翠' },
  { name: 'conclusion', title: '检测结论', example: '翡翠（A货）' },
  { name: 'mass', title: '重量', example: '52.36g' },
  { name: 'shape', title: '形状', example: '圆环' },
  { name: 'colour', title: '颜色', example: '浅绿色' },
  { name: 'refractiveIndex', title: '折射率', example: '1.66（点测）' },
  { name: 'density', title: '密度', example: '3.33' },
  { name: 'resultText', title: '检测结果', example: '合格' },
  { name: 'inspectorName', title: '检验员', example: '张检验' },
  { name: 'inspectedAt', title: '检测日期', example: '2026-11-21' },
  { name: 'verifyCode', title: '查询码', example: 'V8K2M9Q4' },
  { name: 'verifyUrl', title: '查询网址（二维码）', example: 'https://gemqc.example.com/verify/V8K2M9Q4' },
  { name: 'tagCode', title: '标签码', example: 'TAG0000012345' },
  { name: 'merchantName', title: '商家名称', example: '翠玉轩珠宝' },
  { name: 'centreName', title: '检测中心', example: '广州番禺检测中心' },
];

const orderItemColumns = [
  { name: '_seq', title: '序号' },
  { name: 'itemName', title: '物品名称' },
  { name: 'categoryName', title: '品类' },
  { name: 'mass', title: '重量' },
  { name: 'conclusion', title: '检测结论' },
  { name: 'certificateNo', title: '证书编号' },
  { name: 'resultText', title: '检测结果' },
];

const orderSheet: TemplateField[] = [
  { name: 'orderNo', title: '订单号', example: 'JC202611210001' },
  { name: 'platformOrderId', title: '平台订单号', example: '6930012345678901234' },
  { name: 'merchantName', title: '商家名称', example: '翠玉轩珠宝' },
  { name: 'shopName', title: '店铺名称', example: '翠玉轩旗舰店' },
  { name: 'centreName', title: '检测中心', example: '广州番禺检测中心' },
  { name: 'buyerName', title: '收件人', example: '李女士' },
  { name: 'buyerPhone', title: '收件人电话', example: '138****5678' },
  { name: 'buyerAddress', title: '收件地址', example: '广东省广州市天河区体育西路 100 号' },
  { name: 'inboundCarrier', title: '寄件快递公司', example: '顺丰速运' },
  { name: 'inboundWaybill', title: '寄件单号', example: 'SF1400000000001' },
  { name: 'outboundCarrier', title: '发货快递公司', example: '顺丰速运' },
  { name: 'outboundWaybill', title: '发货单号', example: 'SF1400000000002' },
  { name: 'declaredValue', title: '申报价值（元）', example: '12800.00' },
  { name: 'startTime', title: '下单时间', example: '2026-11-20 10:30:00' },
  { name: 'shipDeadline', title: '发货截止时间', example: '2026-11-22 10:30:00' },
  { name: 'statusText', title: '订单状态', example: '已入仓' },
  { name: 'itemCount', title: '物品数量', example: '2' },
  { name: 'remark', title: '备注', example: '请轻拿轻放' },
  { name: 'printTime', title: '打印时间', example: '2026-11-21 14:00:00' },
  { name: 'items', title: '物品明细', columns: orderItemColumns },
];

const batchOrderColumns = [
  { name: '_seq', title: '序号' },
  { name: 'orderNo', title: '订单号' },
  { name: 'merchantName', title: '商家名称' },
  { name: 'itemName', title: '物品名称' },
  { name: 'inboundWaybill', title: '寄件单号' },
  { name: 'statusText', title: '状态' },
  { name: 'receivedAt', title: '入仓时间' },
];

const batchList: TemplateField[] = [
  { name: 'batchNo', title: '批次号', example: 'PC20261121001' },
  { name: 'centreName', title: '检测中心', example: '广州番禺检测中心' },
  { name: 'operatorName', title: '操作员', example: '王质检' },
  { name: 'openedAt', title: '开始时间', example: '2026-11-21 09:00:00' },
  { name: 'closedAt', title: '结束时间', example: '2026-11-21 12:00:00' },
  { name: 'orderCount', title: '订单数', example: '2' },
  { name: 'itemCount', title: '物品数', example: '3' },
  { name: 'printTime', title: '打印时间', example: '2026-11-21 14:00:00' },
  { name: 'items', title: '批次明细', columns: batchOrderColumns },
];

const catalogue: Record<TemplateKind, TemplateField[]> = {
  certificate_label: certificateLabel,
  order_sheet: orderSheet,
  batch_list: batchList,
};

export function fieldsOf(kind: TemplateKind): TemplateField[] {
  return catalogue[kind];
}

export interface SampleContext {
  centreName: string;
  /** Origin of the web app, e.g. https://qc.example.com (for verifyUrl). */
  origin: string;
  now: Date;
}


/** A data row with every field of the kind, for test prints and the designer preview. */
export function sampleRow(kind: TemplateKind, ctx: SampleContext): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const f of catalogue[kind]) if (f.example !== undefined) row[f.name] = f.example;
  row.centreName = ctx.centreName;
  if ('printTime' in row) row.printTime = chinaDateTime(ctx.now);
  if (kind === 'certificate_label') {
    row.inspectedAt = chinaDateTime(ctx.now).slice(0, 10);
    row.verifyUrl = `${ctx.origin.replace(/\/$/, '')}/verify/${String(row.verifyCode)}`;
  }
  if (kind === 'order_sheet') {
    row.items = [
      { itemName: '翡翠手镯', categoryName: '翡翠', mass: '52.36g', conclusion: '翡翠（A货）', certificateNo: 'GZPY2611210001', resultText: '合格' },
      { itemName: '和田玉吊坠', categoryName: '和田玉', mass: '18.02g', conclusion: '和田玉（软玉）', certificateNo: 'GZPY2611210002', resultText: '合格' },
    ];
  }
  if (kind === 'batch_list') {
    row.items = [
      { orderNo: 'JC202611210001', merchantName: '翠玉轩珠宝', itemName: '翡翠手镯', inboundWaybill: 'SF1400000000001', statusText: '已入仓', receivedAt: '2026-11-21 09:12:40' },
      { orderNo: 'JC202611210001', merchantName: '翠玉轩珠宝', itemName: '和田玉吊坠', inboundWaybill: 'SF1400000000001', statusText: '已入仓', receivedAt: '2026-11-21 09:12:40' },
      { orderNo: 'JC202611210002', merchantName: '金福珠宝', itemName: '足金手链', inboundWaybill: 'YT7300000000009', statusText: '检测中', receivedAt: '2026-11-21 10:05:11' },
    ];
  }
  return row;
}
