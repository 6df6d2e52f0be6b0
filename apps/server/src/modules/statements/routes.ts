import { statementsApi, chinaDateTime } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { sendXlsx, xlsxFile, yuanNumber, type SheetColumn } from '../../platform/export';
import type { LedgerRowView } from '../fees/service';
import { operatorOf } from '../../platform/actor';
import { whoOf } from '../audit/service';
import * as service from './service';

const auth = ['qualityInspection'] as const;
const time = (s: string) => chinaDateTime(s);

type ListSheetRow = Awaited<ReturnType<typeof service.listStatements>>['list'][number] & { period: string };
const amountOf = (r: ListSheetRow, type: string) => r.totals.find((x) => x.type === type);
const listColumns: SheetColumn<ListSheetRow>[] = [
  { header: '账期', width: 24, value: (r) => r.period },
  { header: '商家', width: 22, value: (r) => r.merchant_name },
  { header: '检测费笔数', width: 11, value: (r) => amountOf(r, 'INSPECTION')?.count ?? 0 },
  { header: '检测费（元）', width: 13, value: (r) => yuanNumber(amountOf(r, 'INSPECTION')?.amount ?? 0) },
  { header: '证书费笔数', width: 11, value: (r) => amountOf(r, 'CERTIFICATE')?.count ?? 0 },
  { header: '证书费（元）', width: 13, value: (r) => yuanNumber(amountOf(r, 'CERTIFICATE')?.amount ?? 0) },
  { header: '冲正笔数', width: 10, value: (r) => amountOf(r, 'REVERSAL')?.count ?? 0 },
  { header: '冲正（元）', width: 12, value: (r) => yuanNumber(amountOf(r, 'REVERSAL')?.amount ?? 0) },
  { header: '调整笔数', width: 10, value: (r) => amountOf(r, 'ADJUSTMENT')?.count ?? 0 },
  { header: '调整（元）', width: 12, value: (r) => yuanNumber(amountOf(r, 'ADJUSTMENT')?.amount ?? 0) },
  { header: '检测物品数', width: 11, value: (r) => r.item_count },
  { header: '应收合计（元）', width: 15, value: (r) => yuanNumber(r.net_amount) },
  { header: '状态', width: 9, value: (r) => r.status_text },
  { header: '确认时金额（元）', width: 16, value: (r) => yuanNumber(r.confirmed?.net_amount ?? null) },
  { header: '确认后差额（元）', width: 16, value: (r) => yuanNumber(r.difference) },
  { header: '确认人', width: 12, value: (r) => r.confirmed?.confirmed_by_name ?? '' },
  { header: '确认时间', width: 20, value: (r) => (r.confirmed ? time(r.confirmed.confirmed_at) : '') },
];

const detailColumns: SheetColumn<LedgerRowView>[] = [
  { header: '时间', width: 20, value: (e) => time(e.created_at) },
  { header: '类型', width: 8, value: (e) => e.type_text },
  { header: '应收金额（元）', width: 14, value: (e) => yuanNumber(-e.amount) },
  { header: '订单号', width: 18, value: (e) => e.order_no ?? '' },
  { header: '物品', width: 20, value: (e) => e.item_name ?? '' },
  { header: '操作人', width: 14, value: (e) => e.operator_name },
  { header: '备注', width: 30, value: (e) => e.note },
];

/** 财务账单 of the caller's centre (warehouse portal). */
export default defineRoutes((r) => {
  r.route(statementsApi.list, { auth: [...auth], permission: 'warehouse.finance.view' }, ({ deps, session, query, now }) =>
    service.listStatements(deps.db, session.centreId, query, now),
  );
  r.route(statementsApi.detail, { auth: [...auth], permission: 'warehouse.finance.view' }, ({ deps, session, query, now }) =>
    service.statementDetail(deps.db, session.centreId, query, now),
  );
  r.route(statementsApi.merchants, { auth: [...auth], permission: 'warehouse.finance.view' }, ({ deps, session }) => service.merchantOptions(deps.db, session.centreId));
  r.route(statementsApi.confirm, { auth: [...auth], permission: 'warehouse.finance.confirm' }, async ({ deps, session, body, now, req }) =>
    service.confirmStatement(deps.db, { centreId: session.centreId, merchantId: body.merchant_id, month: body.month, operator: await operatorOf(deps.db, session), now, who: whoOf(session, req) }),
  );
  r.route(statementsApi.export, { auth: [...auth], permission: 'warehouse.finance.confirm' }, async ({ deps, session, query, now, reply }) => {
    await service.checkExport(deps.db, session.centreId, query, now); // a bad filter answers with the envelope before the file starts
    const xlsx = await xlsxFile('财务账单', listColumns, service.exportStatementRows(deps.db, session.centreId, query, now));
    return sendXlsx(reply, xlsx, { prefix: '财务账单', fallbackName: 'statement.xlsx', now });
  });
  r.route(statementsApi.detailExport, { auth: [...auth], permission: 'warehouse.finance.confirm' }, async ({ deps, session, query, now, reply }) => {
    await service.checkExport(deps.db, session.centreId, query, now);
    const xlsx = await xlsxFile('账单明细', detailColumns, service.exportDetailRows(deps.db, session.centreId, query, now));
    return sendXlsx(reply, xlsx, { prefix: '账单明细', fallbackName: 'statement.xlsx', now });
  });
});
