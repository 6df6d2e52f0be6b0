import { inspectionResultLabel, orderStatusLabel, type codesApi, type DataOf } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { BusinessError, isUniqueViolation, NotFoundError } from '../../platform/errors';
import { recordChange, type Who } from '../audit/service';
import type { CentreCaller } from '../../platform/actor';
import { dayRange } from '../../platform/format';
import * as orders from '../orders/service';
import { statusPhrase, transition } from '../orders/stateMachine';
import { type Actor } from '../../platform/actor';
import * as repo from './repo';
import { codeBindingView } from '../orders/views';

// The warehouse's tag binding (Code/bind, unbind, list): it moves orders passed ⇄ bound, so it calls
// orders' service, which service.ts (the views an order's detail shows) must not.

type BindData = DataOf<typeof codesApi.bind>;
type CodeView = BindData['binding'];

function codeView(r: repo.BindingListRow): CodeView {
  return { ...codeBindingView(r.b, r), merchant_name: r.merchantName, unbind_reason: r.unbindReason ?? '' };
}

function codeTaken(code: string, row: { orderNo: string; itemName: string } | undefined): BusinessError {
  return new BusinessError(
    row ? `标签码 ${code} 已绑定在订单 ${row.orderNo}（${row.itemName}），请换一个标签或先解绑` : `标签码 ${code} 已被绑定，请换一个标签`,
    'code.taken',
    row ? { order_no: row.orderNo } : null,
  );
}

async function unboundPassedItems(db: Db, orderId: number): Promise<number> {
  const results = await orders.itemResults(db, orderId);
  return results.filter((r) => r.result === 'pass' && !r.boundCode).length;
}

/** Binds a scanned tag code to a passed item; the last passed item bound moves the order passed → bound. */
export async function bindCode(db: Db, caller: CentreCaller, body: { item_id: number; code: string }, now: Date, who?: Who): Promise<BindData> {
  const itemId = body.item_id;
  const code = body.code;
  const found = await orders.itemOfCentre(db, itemId, caller.centreId);
  if (!found) throw new NotFoundError('检测物品不存在', 'inspection.item_not_found');
  try {
    const bindingId = await db.transaction(async (tx) => {
      const order = await orders.lockOrder(tx, found.orderId, { centreId: caller.centreId });
      if (!order) throw new NotFoundError('订单不存在');
      if (order.status !== 'passed') {
        const why =
          order.status === 'bound'
            ? '订单的合格物品已全部绑码，无需再绑'
            : order.status === 'received' || order.status === 'inspecting'
              ? '订单尚未检测完成，检测合格后才能绑码'
              : `订单${statusPhrase(order.status)}，不能绑码`;
        throw new BusinessError(why, 'code.order_state', { status: order.status });
      }
      const item = await orders.itemOfCentre(tx, itemId, caller.centreId);
      if (item?.item.result !== 'pass') throw new BusinessError(`「${found.item.name}」检测结果为${inspectionResultLabel(item?.item.result ?? '未检测')}，只有检测合格的物品才能绑码`, 'code.not_passed');
      const mine = await repo.liveBindingOfItem(tx, itemId);
      if (mine) throw new BusinessError(`「${found.item.name}」已绑定标签码 ${mine.code}，如需更换请先解绑`, 'code.item_bound');
      const taken = await repo.liveBindingOfCode(tx, code);
      if (taken) throw codeTaken(code, taken);
      const b = await repo.insertBinding(tx, {
        code,
        itemId,
        orderId: order.id,
        merchantId: order.merchantId,
        boundAt: now,
        boundBy: caller.actor.id,
        boundByName: caller.actor.name,
      });
      await repo.setItemBoundCode(tx, itemId, code);
      if ((await unboundPassedItems(tx, order.id)) === 0) await transition(tx, order.id, 'bound', caller.actor, { centreId: caller.centreId, now });
      if (who) {
        const object = { id: b.id, label: `${order.orderNo} ${found.item.name}`, centreId: caller.centreId };
        await recordChange(tx, { ...who, kind: 'code_binding', action: 'bind', object, before: null, after: { code, order_no: order.orderNo, item: found.item.name }, now });
      }
      return b.id;
    });
    return await bindResult(db, caller.centreId, bindingId);
  } catch (err) {
    if (isUniqueViolation(err, 'code_bindings_code_live_uq')) throw codeTaken(code, await repo.liveBindingOfCode(db, code));
    if (isUniqueViolation(err, 'code_bindings_item_live_uq')) throw new BusinessError(`「${found.item.name}」已绑定标签码，如需更换请先解绑`, 'code.item_bound');
    throw err;
  }
}

async function bindResult(db: Db, centreId: number, bindingId: number): Promise<BindData> {
  const row = await repo.bindingById(db, bindingId, { centreId });
  if (!row) throw new NotFoundError('绑码记录不存在');
  return {
    binding: codeView(row),
    order_status: row.orderStatus,
    order_status_text: orderStatusLabel(row.orderStatus),
    unbound_items: await unboundPassedItems(db, row.b.orderId),
  };
}

/** Unbinds a code; the binding stays as history with the time, operator and reason. */
export async function unbindCode(db: Db, caller: CentreCaller, body: { id: number; reason: string }, now: Date, who?: Who): Promise<BindData> {
  const id = body.id;
  const row = await repo.bindingById(db, id, { centreId: caller.centreId });
  if (!row) throw new NotFoundError('绑码记录不存在', 'code.not_found');
  await db.transaction(async (tx) => {
    const order = await orders.lockOrder(tx, row.b.orderId, { centreId: caller.centreId });
    if (!order) throw new NotFoundError('订单不存在');
    if (order.status === 'shipped' || order.status === 'completed') {
      throw new BusinessError(`订单${statusPhrase(order.status)}，不能解绑标签码`, 'code.order_state', { status: order.status });
    }
    const ok = await repo.unbind(tx, id, { at: now, by: caller.actor.id!, byName: caller.actor.name, reason: body.reason });
    if (!ok) throw new BusinessError(`标签码 ${row.b.code} 已解绑，请勿重复操作`, 'code.already_unbound');
    await repo.setItemBoundCode(tx, row.b.itemId, null);
    // a fully bound order waits for the new tag again
    if (order.status === 'bound') await transition(tx, order.id, 'passed', caller.actor, { centreId: caller.centreId, now, reason: `解绑标签码 ${row.b.code}：${body.reason}` });
    if (who) {
      const object = { id: id, label: `${order.orderNo} ${row.itemName}`, centreId: caller.centreId };
      await recordChange(tx, { ...who, kind: 'code_binding', action: 'unbind', object, before: { code: row.b.code }, after: { code: null, reason: body.reason }, now });
    }
  });
  return bindResult(db, caller.centreId, id);
}

export async function listCodes(
  db: Db,
  centreId: number,
  q: { page: number; page_size: number; keyword?: string; state?: 'bound' | 'unbound'; order_id?: number; start_date?: string; end_date?: string },
): Promise<DataOf<typeof codesApi.list>> {
  const { from, to } = dayRange(q.start_date, q.end_date);
  const { rows, total } = await repo.listBindings(
    db,
    { scope: { centreId }, keyword: q.keyword, keywordUpperCase: true, state: q.state, orderId: q.order_id, from, to },
    { limit: q.page_size, offset: (q.page - 1) * q.page_size },
  );
  return { list: rows.map(codeView), total, page: q.page, page_size: q.page_size };
}

/**
 * Unbinds the tag of an item whose result an amendment took from pass (a withdrawn certificate's
 * tag would prove nothing); the binding stays as history with the reason. Nothing when the item
 * has no live binding. Called inside the amendment's transaction.
 */
export async function unbindItemTag(tx: Db, itemId: number, by: Actor, reason: string, now: Date): Promise<void> {
  const binding = await repo.liveBindingOfItem(tx, itemId);
  if (!binding) return;
  await repo.unbind(tx, binding.id, { at: now, by: by.id!, byName: by.name, reason });
  await repo.setItemBoundCode(tx, itemId, null);
}
