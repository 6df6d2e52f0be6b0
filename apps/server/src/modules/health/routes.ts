import { healthApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { checkReady } from '../../platform/ready';
import { checkHealth } from './service';

export default defineRoutes((r) => {
  r.route(healthApi.health, { auth: 'public' }, ({ deps }) => checkHealth(deps.db));
  r.route(healthApi.ready, { auth: 'public' }, ({ deps }) => checkReady(deps));
});
