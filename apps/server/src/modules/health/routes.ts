import { authApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { checkReady } from '../../platform/ready';
import { checkHealth } from './service';

export default defineRoutes((r) => {
  r.route(authApi.health, { auth: 'public' }, ({ deps }) => checkHealth(deps.db));
  r.route(authApi.ready, { auth: 'public' }, ({ deps }) => checkReady(deps));
});
