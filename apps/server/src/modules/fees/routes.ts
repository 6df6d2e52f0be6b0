import { feesApi, chinaDateTime } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { sendXlsx, xlsxFile, yuanNumber, type SheetColumn } from '../../platform/export';
import * as service from './service';

const time = (s: string) => chinaDateTime(s);
const columns: SheetColumn<service.LedgerRowView>[] = [
  { header: '时间', width: 20, value: (e) => time(e.created_at) },
  { header: '类型', width: 8, value: (e) => e.type_text },
  { header: '金额（元）', width: 12, value: (e) => yuanNumber(e.amount) },
  { header: '余额（元）', width: 12, value: (e) => yuanNumber(e.balance_after) },
  { header: '订单号', width: 18, value: (e) => e.order_no ?? '' },
  { header: '物品', width: 20, value: (e) => e.item_name ?? '' },
  { header: '检测中心', width: 18, value: (e) => e.centre_name ?? '' },
  { header: '操作人', width: 14, value: (e) => e.operator_name },
  { header: '备注', width: 30, value: (e) => e.note },
];

export default defineRoutes((r) => {
  r.route(feesApi.ledger, { auth: ['trader'], permission: 'merchant.finance.view' }, ({ deps, session, query }) => service.ledger(deps.db, session.merchantId, query));
  r.route(feesApi.ledgerExport, { auth: ['trader'], permission: 'merchant.finance.view' }, async ({ deps, session, query, now, reply }) => {
    service.ledgerFilter(session.merchantId, query); // a bad date range answers 1001 before the file starts
    const xlsx = await xlsxFile('费用明细', columns, service.ledgerExportRows(deps.db, session.merchantId, query));
    return sendXlsx(reply, xlsx, { prefix: '费用明细', fallbackName: 'ledger.xlsx', now });
  });
});
