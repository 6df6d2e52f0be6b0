import { ordersApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { sendXlsx, xlsxFile } from '../../platform/export';
import { recordColumns } from './sheetColumns';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(ordersApi.merchant.recordList, { auth: ['trader'], permission: 'merchant.code.view' }, ({ deps, session, query }) => service.recordList(deps.db, session.merchantId, query));
  r.route(ordersApi.merchant.recordExport, { auth: ['trader'], permission: 'merchant.code.view' }, async ({ deps, session, query, now, reply }) => {
    const filter = service.recordFilter(session.merchantId, query); // a bad date range answers 1001 before the file starts
    const xlsx = await xlsxFile('绑码记录', recordColumns, service.recordExportRows(deps.db, filter));
    return sendXlsx(reply, xlsx, { prefix: '绑码记录', fallbackName: 'code-records.xlsx', now });
  });
});
