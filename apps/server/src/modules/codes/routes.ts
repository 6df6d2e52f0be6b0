import { ordersApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(ordersApi.merchant.recordList, { auth: ['trader'], permission: 'merchant.code.view' }, ({ deps, session, query }) => service.recordList(deps.db, session.merchantId!, query));
});
