import { ordersApi, warehouseApi } from '@gemqc/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { AppDeps } from '../../platform/deps';
import { defineRoutes } from '../../platform/route';
import type { SessionOf } from '../../platform/sessions';
import { whoOf } from '../audit/service';
import { signedPhotoUrl } from '../orders/fileLinks';
import { centreMerchantOptions } from '../merchants/service';
import { actorOf } from '../../platform/actor';
import { sendXlsx, xlsxFile } from '../../platform/export';
import * as orders from '../orders/service';
import { centreOrderColumns } from '../orders/sheetColumns';
import { signedVideoUrl } from '../orders/fileLinks';
import { verifyUrl } from '../orders/views';
import { syncEnvOf } from '../platformSync/env';
import { dispatchShipments } from '../platformSync/service';
import { batchColumns } from './sheetColumns';
import { doudianAuthUrl, doudianClient } from '../../integrations/doudian';
import { getEbill } from './ebill';
import * as service from './service';

const auth = ['qualityInspection'] as const;

async function stationOf(db: Db, session: SessionOf<'qualityInspection'>): Promise<service.Station> {
  const actor = await actorOf(db, session);
  return { centreId: session.centreId, actor: { ...actor, id: session.accountId } };
}

export default defineRoutes((r) => {
  const w = warehouseApi;
  const o = ordersApi.warehouse;
  const urls = (now: Date): service.DetailUrls => ({
    videoUrl: (id) => signedVideoUrl(r.deps.config.secretKey, id, now),
    verifyUrl,
    photoUrl: (key) => signedPhotoUrl(r.deps.config.secretKey, key, now),
  });

  // ---- intake
  r.route(w.intakeScan, { auth: [...auth], permission: 'warehouse.intake' }, async ({ deps, session, body, now }) =>
    service.scan(deps.db, await stationOf(deps.db, session), body.code, now, urls(now)),
  );
  r.route(w.intakeReceive, { auth: [...auth], permission: 'warehouse.intake' }, async ({ deps, session, body, now }) =>
    service.receive(deps.db, await stationOf(deps.db, session), body.id, now).then(({ order, batch }) => ({ order, batch })),
  );

  // ---- batches
  r.route(w.batchList, { auth: [...auth], permission: 'warehouse.batch.view' }, ({ deps, session, query }) => service.listBatches(deps.db, session.centreId, query));
  r.route(w.batchExport, { auth: [...auth], permission: 'warehouse.batch.view' }, async ({ deps, session, query, now, reply }) => {
    const filter = service.batchFilter(session.centreId, query); // a bad date range answers 1001 before the file starts
    const xlsx = await xlsxFile('批次列表', batchColumns, service.batchExportRows(deps.db, filter));
    return sendXlsx(reply, xlsx, { prefix: '批次列表', fallbackName: 'batches.xlsx', now });
  });
  r.route(w.batchOperators, { auth: [...auth], permission: 'warehouse.batch.view' }, ({ deps, session }) => service.batchOperators(deps.db, session.centreId));
  r.route(w.batchDetail, { auth: [...auth], permission: 'warehouse.batch.view' }, ({ deps, session, query, now }) =>
    service.batchDetail(deps.db, session.centreId, query.id, now),
  );
  r.route(w.batchPrint, { auth: [...auth], permission: 'warehouse.batch.view' }, ({ deps, session, query, now }) =>
    service.batchPrint(deps.db, session.centreId, query.id, now),
  );
  r.route(w.batchClose, { auth: [...auth], permission: 'warehouse.batch.close' }, async ({ deps, session, body, now }) => {
    const { actor } = await stationOf(deps.db, session);
    return service.closeBatch(deps.db, session.centreId, body.id, actor, now);
  });

  // ---- orders of the centre (the service centre's list, detail and export, plus the batch filter)
  const scopeOf = (centreId: number, q: { merchant_id?: number; batch_id?: number }) => ({ centreId, merchantId: q.merchant_id, batchId: q.batch_id });
  r.route(o.list, { auth: [...auth], permission: 'warehouse.order.view' }, ({ deps, session, query, now }) =>
    orders.listOrders(deps.db, scopeOf(session.centreId, query), query, now),
  );
  r.route(o.detail, { auth: [...auth], permission: 'warehouse.order.view' }, ({ deps, session, query, now }) => {
    const u = urls(now);
    return orders.orderDetail(deps.db, query.id, { centreId: session.centreId }, now, u.videoUrl, u.verifyUrl, u.photoUrl);
  });
  r.route(o.export, { auth: [...auth], permission: 'warehouse.order.view' }, async ({ deps, session, query, now, reply }) => {
    const scope = scopeOf(session.centreId, query);
    orders.filterOf(query, scope, now); // a bad date range answers 1001 before the first byte
    const xlsx = await xlsxFile('订单列表', centreOrderColumns, orders.exportRows(deps.db, scope, query, now));
    return sendXlsx(reply, xlsx, { prefix: '订单列表', fallbackName: 'orders.xlsx', now });
  });
  r.route(o.merchants, { auth: [...auth], permission: 'warehouse.order.view' }, ({ deps, session }) => centreMerchantOptions(deps.db, session.centreId));

  // ---- shipping and returns
  // a shipment of a shop's order is reported to the platform: its report was written with the ship,
  // its job is queued now (the sweep queues it if this host dies first; platformSync/README.md)
  const reportShipments = (deps: AppDeps, log: FastifyBaseLogger) =>
    dispatchShipments(syncEnvOf(deps), { immediate: true }).catch((err: unknown) => log.warn({ err }, 'queueing shipment write-backs failed; the sweep will'));
  r.route(w.orderEbill, { auth: [...auth], permission: 'warehouse.ship' }, async ({ deps, session, body, now, req }) => {
    const station = await stationOf(deps.db, session);
    const env = { db: deps.db, config: deps.config, doudian: doudianClient(deps.config, req.log), authUrl: doudianAuthUrl(deps.config), now, log: req.log };
    return getEbill(env, station, { orderId: body.id, carrier: body.carrier, operatorName: station.actor.name });
  });
  r.route(w.orderShip, { auth: [...auth], permission: 'warehouse.ship' }, async ({ deps, session, body, now, req }) => {
    const shipped = await service.ship(deps.db, await stationOf(deps.db, session), { orderId: body.id, carrier: body.carrier, waybill: body.waybill }, now);
    await reportShipments(deps, req.log);
    return shipped;
  });
  r.route(w.orderBatchShip, { auth: [...auth], permission: 'warehouse.ship' }, async ({ deps, session, body, now, req }) => {
    const shipped = await service.batchShip(
      deps.db,
      await stationOf(deps.db, session),
      body.orders.map((x) => ({ orderId: x.id, carrier: x.carrier, waybill: x.waybill })),
      now,
    );
    await reportShipments(deps, req.log);
    return shipped;
  });
  r.route(w.orderReturn, { auth: [...auth], permission: 'warehouse.ship' }, async ({ deps, session, body, now, req }) =>
    service.returnGoods(
      deps.db,
      await stationOf(deps.db, session),
      {
        orderId: body.id,
        mode: body.mode,
        carrier: body.carrier,
        waybill: body.waybill,
        pickedUpBy: body.picked_up_by,
        pickedUpAt: body.picked_up_at ? new Date(body.picked_up_at) : undefined,
        signaturePhoto: body.signature_photo,
        returnTo: { contact: body.return_contact, mobile: body.return_mobile, address: body.return_address },
        who: whoOf(session, req),
      },
      now,
      deps.storage,
    ),
  );
});
