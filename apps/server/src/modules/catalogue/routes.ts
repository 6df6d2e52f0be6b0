import { catalogueApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import * as service from './service';

export default defineRoutes((r) => {
  r.route(catalogueApi.stationList, { auth: ['trader'] }, ({ deps }) => service.stationList(deps.db));
  r.route(catalogueApi.gemList, { auth: ['trader'] }, ({ deps }) => service.gemList(deps.db));
  r.route(catalogueApi.gemPage, { auth: ['trader'] }, ({ deps, query }) => service.gemPage(deps.db, query));
});
