import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { NotFoundError } from '../../platform/errors';
import { createTestDatabase } from '../../../test/db';
import { createTestingOrder } from './service';
import { all, demoIds, one, orderInput, type DemoIds } from './testkit';

let database: Database;
let db: Db;
let ids: DemoIds;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ids = await demoIds(db);
});
afterAll(async () => {
  await database.close();
});

describe('createTestingOrder', () => {
  it('creates the order, its items and the first event; deadline = start + 48 h; number JCyyyymmddNNNN', async () => {
    const now = new Date('2030-01-05T02:00:00Z');
    const start = new Date('2030-01-05T01:00:00Z');
    const { order, items } = await createTestingOrder(db, orderInput(ids, { startTime: start, now, items: [{ name: '翡翠手镯', categoryId: ids.jade }, { name: '足金手镯', categoryId: ids.gold, weight: 20.5 }] }));
    expect(order.orderNo).toBe('JC202001050001'.replace('2020', '2030'));
    expect(order.status).toBe('created');
    expect(order.shipDeadline.toISOString()).toBe('2030-01-07T01:00:00.000Z');
    expect(items).toHaveLength(2);
    const ev = await all<{ to_status: string; from_status: string | null }>(db, sql`select to_status, from_status from order_events where order_id = ${order.id}`);
    expect(ev).toEqual([{ to_status: 'created', from_status: null }]);
    const second = await createTestingOrder(db, orderInput(ids, { now }));
    expect(second.order.orderNo).toBe('JC203001050002');
  });

  it("uses the platform's latest ship time when given", async () => {
    const latest = new Date(Date.now() + 24 * 3600_000);
    const { order } = await createTestingOrder(db, orderInput(ids, { latestShipTime: latest }));
    expect(order.shipDeadline.getTime()).toBe(latest.getTime());
  });

  it('numbers past the 9999th order of a day keep every digit (JCyyyymmdd10000, not a repeated number)', async () => {
    const now = new Date('2030-03-01T02:00:00Z');
    await db.execute(sql`insert into order_no_counters (day, last) values ('20300301', 9998)`);
    const made = [];
    for (let k = 0; k < 3; k++) made.push((await createTestingOrder(db, orderInput(ids, { now }))).order.orderNo);
    expect(made).toEqual(['JC203003019999', 'JC2030030110000', 'JC2030030110001']);
  });

  it('gives unique numbers to orders created at the same moment', async () => {
    const now = new Date('2030-02-01T02:00:00Z');
    const made = await Promise.all(Array.from({ length: 10 }, () => createTestingOrder(db, orderInput(ids, { now }))));
    expect(new Set(made.map((m) => m.order.orderNo)).size).toBe(10);
  });

  it('refuses a merchant whose testing authorisation is not submitted, under review or rejected', async () => {
    await expect(createTestingOrder(db, orderInput(ids, { merchantId: ids.newbie }))).rejects.toThrow('请先在「检测信息」中提交检测授权');
    await db.execute(sql`update testing_authorisations set status = 0 where merchant_id = ${ids.jinfu}`);
    await expect(createTestingOrder(db, orderInput(ids, { merchantId: ids.jinfu }))).rejects.toThrow('检测信息正在审核中');
    await db.execute(sql`update testing_authorisations set status = 2 where merchant_id = ${ids.jinfu}`);
    await expect(createTestingOrder(db, orderInput(ids, { merchantId: ids.jinfu }))).rejects.toThrow('检测信息审核未通过');
    await db.execute(sql`update testing_authorisations set status = 1 where merchant_id = ${ids.jinfu}`);
  });

  it('refuses a disabled merchant', async () => {
    await db.execute(sql`update merchants set status = 0 where id = ${ids.jinfu}`);
    await expect(createTestingOrder(db, orderInput(ids, { merchantId: ids.jinfu }))).rejects.toThrow('商家账号已被禁用');
    await db.execute(sql`update merchants set status = 1 where id = ${ids.jinfu}`);
  });

  it('refuses a second live order for the same platform order, also when sent in parallel', async () => {
    const input = orderInput(ids, { platformOrderId: '6900000000000000001' });
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => createTestingOrder(db, input)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toMatch(/平台订单 6900000000000000001 已创建过检测订单 JC\d+/);
    // another merchant may use the same platform order id
    await expect(createTestingOrder(db, orderInput(ids, { merchantId: ids.jinfu, platformOrderId: '6900000000000000001' }))).resolves.toBeTruthy();
  });

  it("refuses another merchant's shop (not found), an unknown centre and an unknown category", async () => {
    const shop = await one<{ id: number } | undefined>(db, sql`select id::int from shops where merchant_id = ${ids.cuiyu} limit 1`);
    if (shop) await expect(createTestingOrder(db, orderInput(ids, { merchantId: ids.jinfu, shopId: shop.id }))).rejects.toBeInstanceOf(NotFoundError);
    await expect(createTestingOrder(db, orderInput(ids, { centreId: 999999 }))).rejects.toThrow('检测中心不存在或已停用');
    await expect(createTestingOrder(db, orderInput(ids, { items: [{ name: 'x', categoryId: 999999 }] }))).rejects.toThrow('物品品类不存在');
    await expect(createTestingOrder(db, orderInput(ids, { items: [] }))).rejects.toThrow('请至少添加一件检测物品');
  });
});
