import { testingApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(testingApi.stationList, { auth: ['trader'] }, ({ deps }) => service.stationList(deps.db));
  r.route(testingApi.gemList, { auth: ['trader'] }, ({ deps }) => service.gemList(deps.db));
  r.route(testingApi.gemPage, { auth: ['trader'] }, ({ deps, query }) => service.gemPage(deps.db, query));
});
