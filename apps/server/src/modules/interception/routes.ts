import { DOUDIAN_PUSH_PATH, interceptionApi as api, ordersApi } from '@gemqc/contract';
import mediaBodies from '../../plugins/mediaBodies';
import { accessExtensions, defineRoutes } from '../../platform/route';
import { contentLengthOf } from '../../platform/upload';
import { signedPhotoUrl } from '../orders/fileLinks';
import { actorOf } from '../../platform/actor';
import * as orders from '../orders/service';
import { whoOf } from '../audit/service';
import * as service from './service';

export default defineRoutes(async (r) => {
  await r.app.register(mediaBodies); // the return's signature photo is the raw image body
  const { deps } = r;
  const photoUrl = (now: Date) => (key: string) => signedPhotoUrl(deps.config.secretKey, key, now);
  // the signature photo is the raw request body, streamed to storage (RouteOptions.upload)
  const photoLimits = { maxBytes: deps.config.photoMaxBytes, maxPixels: deps.config.imageMaxPixels };

  // ---- the Doudian message push: the platform signs the raw body, so this scope keeps it as text
  // (no JSON parser here) and answers the platform's own `{code: 0, msg: 'success'}`, not the envelope.
  void r.app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(
      `/api${DOUDIAN_PUSH_PATH}`,
      {
        schema: {
          summary: 'Doudian message push (refund / after-sale messages): headers app-id, event-sign, sign-method; body [{tag, msg_id, data}]',
          description: 'Signed by the platform: event-sign = hex MD5 (or HMAC-SHA256 keyed by the app secret when sign-method is hmac-sha256) of app_key + body + app_secret. Answers {"code":0,"msg":"success"}; a bad signature answers 401.',
          tags: ['public'],
          ...accessExtensions('public', null), // who may call it, as every operation of the document says
        },
      },
      async (req, reply) => {
        const raw = typeof req.body === 'string' ? req.body : '';
        const a = await service.receiveDoudianPush(deps.db, deps.config.doudian, req.headers, raw, deps.clock.now(), req.log);
        if (a.status !== 200) req.log.warn({ status: a.status, msg: a.body.msg }, 'doudian push refused');
        return reply.status(a.status).type('application/json; charset=utf-8').send(JSON.stringify(a.body));
      },
    );
  });

  // ---- service centre
  r.route(api.centerIntercept, { auth: ['base'], permission: 'center.order.intercept' }, async ({ deps, session, body, now, req }) =>
    service.interceptAtCentre(deps.db, { centreId: session.centreId, orderId: body.id, reason: body.reason, actor: await actorOf(deps.db, session), now, who: whoOf(session, req) }),
  );
  r.route(api.centerRelease, { auth: ['base'], permission: 'center.order.intercept' }, async ({ deps, session, body, now, req }) =>
    service.releaseInterception(deps.db, { centreId: session.centreId, orderId: body.id, reason: body.reason, actor: await actorOf(deps.db, session), who: whoOf(session, req), now }),
  );
  r.route(api.centerRequests, { auth: ['base'], permission: 'center.order.intercept' }, ({ deps, session }) => service.pendingRequests(deps.db, session.centreId));
  r.route(api.centerConfirm, { auth: ['base'], permission: 'center.order.intercept' }, async ({ deps, session, body, now, req }) =>
    service.confirmRequest(deps.db, { centreId: session.centreId, requestId: body.id, actor: await actorOf(deps.db, session), now, who: whoOf(session, req) }),
  );
  r.route(api.centerReject, { auth: ['base'], permission: 'center.order.intercept' }, async ({ deps, session, body, now, req }) =>
    service.rejectRequest(deps.db, { centreId: session.centreId, requestId: body.id, note: body.note, actor: await actorOf(deps.db, session), now, who: whoOf(session, req) }),
  );
  r.route(api.centerInterception, { auth: ['base'], permission: 'center.order.view' }, ({ deps, session, query, now }) =>
    service.orderInterception(deps.db, query.id, { centreId: session.centreId }, now, photoUrl(now)),
  );

  // ---- merchant
  r.route(api.merchantRequest, { auth: ['trader'], permission: 'merchant.order.intercept' }, async ({ deps, session, body, now, req }) =>
    service.requestInterception(deps.db, { merchantId: session.merchantId, orderId: body.id, reason: body.reason, actor: await actorOf(deps.db, session), now, who: whoOf(session, req) }),
  );
  r.route(api.merchantInterception, { auth: ['trader'], permission: 'merchant.order.view' }, ({ deps, session, query, now }) =>
    service.orderInterception(deps.db, query.id, { merchantId: session.merchantId }, now, photoUrl(now)),
  );

  // ---- platform manager: any centre's order, found by its number
  r.route(api.manageSearch, { auth: ['manage'], permission: 'admin.order.intercept' }, ({ deps, query, now }) => orders.ordersByNumber(deps.db, query.keyword, now));
  r.route(api.manageIntercept, { auth: ['manage'], permission: 'admin.order.intercept' }, async ({ deps, session, body, now, req }) =>
    service.interceptByManager(deps.db, { orderId: body.id, reason: body.reason, actor: await actorOf(deps.db, session), now, who: whoOf(session, req) }),
  );

  // ---- warehouse
  r.route(api.warehouseRelease, { auth: ['qualityInspection'], permission: 'warehouse.ship' }, async ({ deps, session, body, now, req }) =>
    service.releaseInterception(deps.db, { centreId: session.centreId, orderId: body.id, reason: body.reason, actor: await actorOf(deps.db, session), who: whoOf(session, req), now }),
  );
  r.route(api.warehouseQueue, { auth: ['qualityInspection'], permission: 'warehouse.ship' }, ({ deps, session, query, now }) =>
    service.returnQueue(deps.db, session.centreId, query, now),
  );
  r.route(api.warehouseReturnPhoto, { auth: ['qualityInspection'], permission: 'warehouse.ship', upload: photoLimits }, ({ deps, session, query, now, req }) =>
    service.uploadReturnPhoto(
      { db: deps.db, storage: deps.storage, ...photoLimits },
      session.centreId,
      query.id,
      { contentType: req.headers['content-type'], contentLength: contentLengthOf(req.headers['content-length']), body: req.body },
      photoUrl(now),
    ),
  );
  r.route(api.warehouseInterception, { auth: ['qualityInspection'], permission: 'warehouse.order.view' }, ({ deps, session, query, now }) =>
    service.orderInterception(deps.db, query.id, { centreId: session.centreId }, now, photoUrl(now)),
  );
  // the centre's banners: its orders' ship deadlines and intercepted goods (orders) and the requests
  // and refunds waiting for it (here); composed here, above orders, under the orders URL of the spec
  r.route(ordersApi.center.alerts, { auth: ['base'] }, async ({ deps, session, now }) => ({
    ...(await orders.centreAlerts(deps.db, session.centreId, now)),
    ...(await service.centreInterceptionAlerts(deps.db, session.centreId, now)),
  }));
});
