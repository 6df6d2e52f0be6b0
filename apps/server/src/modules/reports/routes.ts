import { reportsApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(reportsApi.merchantDaily, { auth: ['trader'], permission: 'merchant.report.view' }, ({ deps, session, query }) => service.dailyReport(deps.db, { merchantId: session.merchantId! }, query));
  r.route(reportsApi.centerDaily, { auth: ['base'], permission: 'center.report.view' }, ({ deps, session, query }) => service.dailyReport(deps.db, { centreId: session.centreId! }, query));
});
