import { merchantsApi, ordersApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { operatorOf } from '../../platform/actor';
import { sendXlsx, xlsxFile } from '../../platform/export';
import { merchantColumns } from './sheetColumns';
import { whoOf } from '../audit/service';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(merchantsApi.list, { auth: ['manage'], permission: 'admin.merchant.view' }, ({ deps, query }) => service.listMerchants(deps.db, query));
  r.route(merchantsApi.export, { auth: ['manage'], permission: 'admin.merchant.view' }, async ({ deps, query, now, reply }) => {
    const xlsx = await xlsxFile('商户列表', merchantColumns, service.exportMerchantRows(deps.db, query));
    return sendXlsx(reply, xlsx, { prefix: '商户列表', fallbackName: 'merchants.xlsx', now });
  });
  // options of the service centre's merchant filter (订单查询)
  r.route(ordersApi.center.merchants, { auth: ['base'], permission: 'center.order.view' }, ({ deps, session }) => service.centreMerchantOptions(deps.db, session.centreId));
  r.route(merchantsApi.status, { auth: ['manage'], permission: 'admin.merchant.manage' }, ({ deps, body, session, now, req }) =>
    service.setMerchantStatus(deps.db, { id: body.id, status: body.status_id, now, who: whoOf(session, req) }),
  );
  r.route(merchantsApi.review, { auth: ['manage'], permission: 'admin.merchant.review' }, ({ deps, body, session, now, req }) =>
    service.reviewAuth(deps.db, { merchantId: body.id, status: body.status_id as 1 | 2, reason: body.reason, reviewerId: session.accountId, now, who: whoOf(session, req) }),
  );
  r.route(merchantsApi.topUp, { auth: ['manage'], permission: 'admin.merchant.topup' }, async ({ deps, body, session, now, req }) =>
    service.topUpMerchant(deps.db, { merchantId: body.id, amount: body.amount, key: body.idempotency_key, note: body.note, operator: await operatorOf(deps.db, session), now, who: whoOf(session, req) }),
  );
});
