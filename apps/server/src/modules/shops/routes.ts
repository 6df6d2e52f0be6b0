import { shopsApi } from '@gemqc/contract';
import type { FastifyRequest } from 'fastify';
import { doudianAuthUrl, doudianClient } from '../../integrations/doudian';
import type { AppDeps } from '../../platform/deps';
import { defineRoutes } from '../../platform/route';
import * as service from './service';

function envOf(deps: AppDeps, now: Date, req: FastifyRequest): service.ShopEnv {
  return { db: deps.db, config: deps.config, doudian: doudianClient(deps.config, req.log), authUrl: doudianAuthUrl(deps.config), now, log: req.log };
}

/** The web origin the request came through (Host, or X-Forwarded-* behind a trusted proxy). */
function originOf(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}

export default defineRoutes((r) => {
  r.route(shopsApi.platform, { auth: ['trader'], permission: 'merchant.shop.manage' }, ({ deps }) => ({ demo: deps.config.doudian.fake }));
  r.route(shopsApi.authorizeUrl, { auth: ['trader'], permission: 'merchant.shop.manage' }, ({ session, deps, now, req }) =>
    service.startAuthorisation(envOf(deps, now, req), { merchantId: session.merchantId, accountId: session.accountId, origin: originOf(req) }),
  );

  // Public: the return page is opened by the platform's redirect, before the merchant has a token here.
  r.route(shopsApi.authCallback, { auth: 'public' }, ({ body, deps, now, req }) =>
    service.completeAuthorisation(envOf(deps, now, req), { code: body.code, state: body.state, ip: req.ip, userAgent: req.headers['user-agent'] }),
  );

  r.route(shopsApi.list, { auth: ['trader'] }, ({ query, session, deps }) => service.listShops(deps.db, session.merchantId, query));

  r.route(shopsApi.pendingOrders, { auth: ['trader'], permission: 'merchant.order.create' }, ({ query, session, deps, now, req }) =>
    service.listPendingOrders(envOf(deps, now, req), session.merchantId, query),
  );

  r.route(shopsApi.pullOrders, { auth: ['trader'], permission: 'merchant.order.create' }, ({ body, session, deps, now, req }) =>
    service.pullOrders(envOf(deps, now, req), {
      merchantId: session.merchantId,
      accountId: session.accountId,
      shopId: body.shop_id,
      orderIds: body.order_ids,
      centreId: body.centre_id,
    }),
  );
});
