import { ordersApi } from '@gemqc/contract';
import { defineRoutes } from '../../platform/route';
import { signedPhotoUrl } from './fileLinks';
import { actorOf } from '../../platform/actor';
import { sendXlsx, xlsxFile } from '../../platform/export';
import { centreOrderColumns, orderColumns } from './sheetColumns';
import * as service from './service';
import { signedVideoUrl } from './fileLinks';
import { verifyUrl } from './views';

export default defineRoutes((r) => {
  const m = ordersApi.merchant;
  const c = ordersApi.center;
  const videoUrl = (now: Date) => (id: number) => signedVideoUrl(r.deps.config.secretKey, id, now);
  const photoUrl = (now: Date) => (key: string) => signedPhotoUrl(r.deps.config.secretKey, key, now);

  // ---- merchant
  r.route(m.list, { auth: ['trader'], permission: 'merchant.order.view' }, ({ deps, session, query, now }) =>
    service.listOrders(deps.db, { merchantId: session.merchantId }, query, now),
  );
  r.route(m.detail, { auth: ['trader'], permission: 'merchant.order.view' }, ({ deps, session, query, now }) =>
    service.orderDetail(deps.db, query.id, { merchantId: session.merchantId }, now, videoUrl(now), verifyUrl, photoUrl(now)),
  );
  r.route(m.create, { auth: ['trader'], permission: 'merchant.order.create' }, async ({ deps, session, body, now }) => {
    const { order } = await service.createTestingOrder(deps.db, {
      merchantId: session.merchantId,
      centreId: body.centre_id,
      shopId: body.shop_id ?? null,
      platformOrderId: body.platform_order_id,
      startTime: body.start_time ? new Date(body.start_time) : now,
      latestShipTime: body.latest_ship_time ? new Date(body.latest_ship_time) : null,
      buyerName: body.buyer_name,
      buyerPhone: body.buyer_phone,
      buyerAddress: body.buyer_address,
      declaredValue: body.declared_value,
      remark: body.remark,
      items: body.items.map((i) => ({ name: i.name, categoryId: i.category_id, weight: i.weight ?? null, declaredValue: i.declared_value })),
      actor: await actorOf(deps.db, session),
      now,
    });
    return { id: String(order.id), order_no: order.orderNo, ship_deadline: order.shipDeadline.toISOString() };
  });
  r.route(m.cancel, { auth: ['trader'], permission: 'merchant.order.cancel' }, async ({ deps, session, body, now }) =>
    service.cancelOrder(deps.db, { merchantId: session.merchantId, orderId: body.id, reason: body.reason, actor: await actorOf(deps.db, session), now }),
  );
  r.route(m.waybill, { auth: ['trader'], permission: 'merchant.order.cancel' }, async ({ deps, session, body, now }) =>
    service.enterWaybill(deps.db, { merchantId: session.merchantId, orderId: body.id, carrier: body.carrier, waybill: body.waybill, actor: await actorOf(deps.db, session), now }),
  );
  r.route(m.sheet, { auth: ['trader'], permission: 'merchant.order.print' }, ({ deps, session, query }) =>
    service.orderSheets(deps.db, query.ids.map(Number), { merchantId: session.merchantId }),
  );
  r.route(m.export, { auth: ['trader'], permission: 'merchant.order.view' }, async ({ deps, session, query, now, reply }) => {
    // validate the filter before the first byte is sent (a bad date range answers 1001)
    service.filterOf(query, { merchantId: session.merchantId }, now);
    const xlsx = await xlsxFile('检测订单', orderColumns, service.exportRows(deps.db, { merchantId: session.merchantId }, query, now));
    return sendXlsx(reply, xlsx, { prefix: '检测订单', fallbackName: 'orders.xlsx', now });
  });

  // ---- service centre
  // the merchant filter narrows within the centre (another centre's merchant simply finds nothing)
  const centreScope = (centreId: number, merchantId: number | undefined) => ({ centreId, merchantId });
  r.route(c.list, { auth: ['base'], permission: 'center.order.view' }, ({ deps, session, query, now }) =>
    service.listOrders(deps.db, centreScope(session.centreId, query.merchant_id), query, now),
  );
  r.route(c.export, { auth: ['base'], permission: 'center.order.view' }, async ({ deps, session, query, now, reply }) => {
    const scope = centreScope(session.centreId, query.merchant_id);
    service.filterOf(query, scope, now);
    const xlsx = await xlsxFile('订单查询', centreOrderColumns, service.exportRows(deps.db, scope, query, now));
    return sendXlsx(reply, xlsx, { prefix: '订单查询', fallbackName: 'orders.xlsx', now });
  });
  r.route(c.detail, { auth: ['base'], permission: 'center.order.view' }, ({ deps, session, query, now }) =>
    service.orderDetail(deps.db, query.id, { centreId: session.centreId }, now, videoUrl(now), verifyUrl, photoUrl(now)),
  );
});
