import { optionsApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { selectOptions } from './service';

export default defineRoutes((r) => {
  r.route(optionsApi.merchant, { auth: ['trader'] }, ({ deps }) => selectOptions(deps.db));
  r.route(optionsApi.center, { auth: ['base', 'qualityInspection'] }, ({ deps }) => selectOptions(deps.db));
  r.route(optionsApi.admin, { auth: ['manage'] }, ({ deps }) => selectOptions(deps.db));
});
