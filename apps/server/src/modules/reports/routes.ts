import { reportsApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { sendXlsx, xlsxFile } from '../../platform/export';
import { centreDailyColumns, merchantDailyColumns } from './sheetColumns';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(reportsApi.merchantDaily, { auth: ['trader'], permission: 'merchant.report.view' }, ({ deps, session, query }) => service.dailyReport(deps.db, { merchantId: session.merchantId }, query));
  r.route(reportsApi.centerDaily, { auth: ['base'], permission: 'center.report.view' }, ({ deps, session, query }) => service.dailyReport(deps.db, { centreId: session.centreId }, query));

  // the report is built before the file starts (a bad range answers 1001); 92 days at most is its row cap
  r.route(reportsApi.merchantDailyExport, { auth: ['trader'], permission: 'merchant.report.view' }, async ({ deps, session, query, now, reply }) => {
    const report = await service.dailyReport(deps.db, { merchantId: session.merchantId }, query);
    const xlsx = await xlsxFile('日报表', merchantDailyColumns, service.dailySheetRows(report));
    return sendXlsx(reply, xlsx, { prefix: service.dailyFilePrefix(query), fallbackName: 'daily-report.xlsx', now });
  });
  r.route(reportsApi.centerDailyExport, { auth: ['base'], permission: 'center.report.view' }, async ({ deps, session, query, now, reply }) => {
    const report = await service.dailyReport(deps.db, { centreId: session.centreId }, query);
    const xlsx = await xlsxFile('日报表', centreDailyColumns, service.dailySheetRows(report));
    return sendXlsx(reply, xlsx, { prefix: service.dailyFilePrefix(query), fallbackName: 'daily-report.xlsx', now });
  });
});
