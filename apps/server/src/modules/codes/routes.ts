import { codesApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { whoOf } from '../audit/service';
import { centreCallerOf } from '../../platform/actor';
import { sendXlsx, xlsxFile } from '../../platform/export';
import { recordColumns } from './sheetColumns';
import * as binding from './binding';
import * as service from './service';

const warehouse = ['qualityInspection'] as const;

export default defineRoutes((r) => {
  r.route(codesApi.merchant.recordList, { auth: ['trader'], permission: 'merchant.code.view' }, ({ deps, session, query }) => service.recordList(deps.db, session.merchantId, query));
  r.route(codesApi.merchant.recordExport, { auth: ['trader'], permission: 'merchant.code.view' }, async ({ deps, session, query, now, reply }) => {
    const filter = service.recordFilter(session.merchantId, query); // a bad date range answers 1001 before the file starts
    const xlsx = await xlsxFile('绑码记录', recordColumns, service.recordExportRows(deps.db, filter));
    return sendXlsx(reply, xlsx, { prefix: '绑码记录', fallbackName: 'code-records.xlsx', now });
  });

  r.route(codesApi.bind, { auth: warehouse, permission: 'warehouse.code.bind' }, async ({ body, session, deps, now, req }) =>
    binding.bindCode(deps.db, await centreCallerOf(deps.db, session), body, now, whoOf(session, req)),
  );
  r.route(codesApi.unbind, { auth: warehouse, permission: 'warehouse.code.bind' }, async ({ body, session, deps, now, req }) =>
    binding.unbindCode(deps.db, await centreCallerOf(deps.db, session), body, now, whoOf(session, req)),
  );
  r.route(codesApi.list, { auth: warehouse, permission: 'warehouse.code.bind' }, ({ query, session, deps }) => binding.listCodes(deps.db, session.centreId, query));
});
