import { platformSyncApi } from '@gemqc/contract';
import { NotFoundError } from '../../platform/errors';
import { defineRoutes } from '../../platform/route';
import { actorOf } from '../../platform/actor';
import { findOrder } from '../orders/service';
import { syncViewOf } from './outbox';
import { retryOrderSync } from './service';
import { syncEnvOf } from './env';

export default defineRoutes((r) => {
  const a = platformSyncApi;
  // 重试 for staff: the warehouse and the centre of the order's centre, and the platform's managers
  r.route(a.warehouse.retry, { auth: ['qualityInspection'], permission: 'warehouse.ship' }, async ({ deps, session, body }) =>
    retryOrderSync(syncEnvOf(deps), { centreId: session.centreId }, body.id, await actorOf(deps.db, session)),
  );
  r.route(a.center.retry, { auth: ['base'], permission: 'center.order.intercept' }, async ({ deps, session, body }) =>
    retryOrderSync(syncEnvOf(deps), { centreId: session.centreId }, body.id, await actorOf(deps.db, session)),
  );
  r.route(a.manage.retry, { auth: ['manage'], permission: 'admin.order.intercept' }, async ({ deps, session, body }) =>
    retryOrderSync(syncEnvOf(deps), {}, body.id, await actorOf(deps.db, session)),
  );
  r.route(a.manage.status, { auth: ['manage'], permission: 'admin.order.intercept' }, async ({ deps, query }) => {
    const order = await findOrder(deps.db, query.id, {});
    if (!order) throw new NotFoundError('订单不存在');
    return syncViewOf(deps.db, order);
  });
});
