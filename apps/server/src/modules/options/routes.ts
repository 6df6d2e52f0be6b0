import { authApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { selectOptions } from './service';

export default defineRoutes((r) => {
  r.route(authApi.merchant.options, { auth: ['trader'] }, ({ deps }) => selectOptions(deps.db));
  r.route(authApi.center.options, { auth: ['base', 'qualityInspection'] }, ({ deps }) => selectOptions(deps.db));
  r.route(authApi.admin.options, { auth: ['manage'] }, ({ deps }) => selectOptions(deps.db));
});
