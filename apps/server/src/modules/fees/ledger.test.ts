import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import { BusinessError } from '../../platform/errors';
import { createTestDatabase } from '../../../test/db';
import { createTestingOrder } from '../orders/service';
import { demoIds, one, orderInput, type DemoIds } from '../orders/testkit';
import { charge, chargeItemFee, lookupFee, reverse, topUp, yuan } from './ledger';

let database: Database;
let db: Db;
let ids: DemoIds;
const op = { id: null, name: '测试' };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  ids = await demoIds(db);
});
afterAll(async () => {
  await database.close();
});

const balanceOf = (m: number) => one<{ balance: number; sum: number }>(db, sql`select balance::int as balance, (select coalesce(sum(amount), 0)::int from ledger_entries where merchant_id = ${m}) as sum from merchants where id = ${m}`);

async function newItem(merchantId = ids.cuiyu, categoryId = ids.gold) {
  const { order, items } = await createTestingOrder(db, orderInput(ids, { merchantId, items: [{ name: '足金999手镯', categoryId }] }));
  return { orderId: order.id, itemId: items[0]!.id };
}

describe('ledger', () => {
  it('charges an item once per type however often the request repeats (also in parallel)', async () => {
    const { orderId, itemId } = await newItem();
    const before = await balanceOf(ids.cuiyu);
    const args = { merchantId: ids.cuiyu, centreId: ids.gz, orderId, itemId, type: 'INSPECTION' as const, amount: 2000, operator: op };
    const first = await charge(db, args);
    const again = await charge(db, args);
    const parallel = await Promise.all(Array.from({ length: 10 }, () => charge(db, args)));
    expect(first.duplicate).toBe(false);
    expect(again.duplicate).toBe(true);
    expect(parallel.every((r) => r.duplicate && r.entry.id === first.entry.id)).toBe(true);
    const after = await balanceOf(ids.cuiyu);
    expect(after.balance).toBe(before.balance - 2000);
    expect(first.entry.balanceAfter).toBe(after.balance);
    const n = await one<{ n: number }>(db, sql`select count(*)::int as n from ledger_entries where item_id = ${itemId} and type = 'INSPECTION'`);
    expect(n.n).toBe(1);
  });

  it('refuses a charge past the credit limit with a message that says to top up, and books nothing', async () => {
    const { orderId, itemId } = await newItem(ids.jinfu);
    const { balance } = await balanceOf(ids.jinfu);
    const err = await charge(db, { merchantId: ids.jinfu, centreId: ids.gz, orderId, itemId, type: 'INSPECTION', amount: balance + 1 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BusinessError);
    expect((err as Error).message).toContain('余额不足');
    expect((err as Error).message).toContain('请商家充值后再录入检测结果');
    expect((await balanceOf(ids.jinfu)).balance).toBe(balance);
  });

  it('lets the balance go below zero down to the credit limit, not further', async () => {
    await db.execute(sql`update merchants set credit_limit = 5000 where id = ${ids.jinfu}`);
    const { balance } = await balanceOf(ids.jinfu);
    const a = await newItem(ids.jinfu);
    const ok = await charge(db, { merchantId: ids.jinfu, centreId: ids.gz, orderId: a.orderId, itemId: a.itemId, type: 'INSPECTION', amount: balance + 5000 });
    expect(ok.entry.balanceAfter).toBe(-5000);
    const b = await newItem(ids.jinfu);
    await expect(charge(db, { merchantId: ids.jinfu, centreId: ids.gz, orderId: b.orderId, itemId: b.itemId, type: 'INSPECTION', amount: 1 })).rejects.toThrow('余额不足');
    // a top-up lets results through again
    await topUp(db, { merchantId: ids.jinfu, amount: 10000, key: 'test-topup-credit', operator: op });
    const c = await charge(db, { merchantId: ids.jinfu, centreId: ids.gz, orderId: b.orderId, itemId: b.itemId, type: 'INSPECTION', amount: 1 });
    expect(c.entry.balanceAfter).toBe(4999);
  });

  it('books a top-up once per client key and refuses the key for another amount', async () => {
    const before = await balanceOf(ids.cuiyu);
    const a = await topUp(db, { merchantId: ids.cuiyu, amount: 12345, key: 'client-key-0001', operator: op, note: '测试充值' });
    const b = await topUp(db, { merchantId: ids.cuiyu, amount: 12345, key: 'client-key-0001', operator: op });
    expect(b.duplicate).toBe(true);
    expect(b.entry.id).toBe(a.entry.id);
    expect((await balanceOf(ids.cuiyu)).balance).toBe(before.balance + 12345);
    await expect(topUp(db, { merchantId: ids.cuiyu, amount: 1, key: 'client-key-0001' })).rejects.toThrow('该请求编号已用于另一笔账目');
    await expect(topUp(db, { merchantId: ids.cuiyu, amount: 0, key: 'client-key-0002' })).rejects.toThrow('充值金额必须大于0');
  });

  it('corrects with a REVERSAL entry (once), never by editing, and a reversal cannot be reversed', async () => {
    const { orderId, itemId } = await newItem();
    const before = await balanceOf(ids.cuiyu);
    const c = await charge(db, { merchantId: ids.cuiyu, centreId: ids.gz, orderId, itemId, type: 'CERTIFICATE', amount: 800 });
    const r = await reverse(db, { entryId: c.entry.id, operator: op, note: '重复计费' });
    expect(r.entry.type).toBe('REVERSAL');
    expect(r.entry.amount).toBe(800);
    expect(r.entry.reversesId).toBe(c.entry.id);
    expect((await reverse(db, { entryId: c.entry.id })).entry.id).toBe(r.entry.id);
    await expect(reverse(db, { entryId: r.entry.id })).rejects.toThrow('冲正记录不能再次冲正');
    expect((await balanceOf(ids.cuiyu)).balance).toBe(before.balance);
    // the ledger table refuses edits and deletes
    await db.execute(sql`update ledger_entries set amount = 0 where id = ${c.entry.id}`);
    await db.execute(sql`delete from ledger_entries where id = ${c.entry.id}`);
    const kept = await one<{ amount: number }>(db, sql`select amount::int from ledger_entries where id = ${c.entry.id}`);
    expect(kept.amount).toBe(-800);
  });

  it('keeps the balance equal to the sum of the entries after all of the above', async () => {
    for (const m of [ids.cuiyu, ids.jinfu]) {
      const b = await balanceOf(m);
      expect(b.balance).toBe(b.sum);
    }
  });
});

describe('fees', () => {
  it("takes the merchant's override before the centre's rule", async () => {
    expect(await lookupFee(db, { merchantId: ids.cuiyu, centreId: ids.gz, categoryId: ids.jade })).toMatchObject({ inspectionFee: 2500, source: 'merchant' });
    expect(await lookupFee(db, { merchantId: ids.jinfu, centreId: ids.gz, categoryId: ids.jade })).toMatchObject({ inspectionFee: 3000, certificateFee: 1000, source: 'centre' });
  });

  it('refuses when the centre has no rule for the category', async () => {
    await db.execute(sql`insert into gem_categories (code, name) values ('XX', '测试品类')`);
    const x = await one<{ id: number }>(db, sql`select id::int from gem_categories where code = 'XX'`);
    await expect(lookupFee(db, { merchantId: ids.cuiyu, centreId: ids.gz, categoryId: x.id, categoryName: '测试品类' })).rejects.toThrow('检测中心尚未配置「测试品类」的检测费');
  });

  it('snapshots the fee on the item when charged; a later rule change does not touch it', async () => {
    const { itemId } = await newItem(ids.jinfu, ids.gold);
    await topUp(db, { merchantId: ids.jinfu, amount: 100000, key: 'test-topup-snapshot' });
    const a = await chargeItemFee(db, { itemId, type: 'INSPECTION', operator: op });
    expect(a.entry.amount).toBe(-2000);
    await db.execute(sql`update fee_rules set inspection_fee = 9900, certificate_fee = 9900 where centre_id = ${ids.gz} and category_id = ${ids.gold} and merchant_id is null`);
    const b = await chargeItemFee(db, { itemId, type: 'CERTIFICATE', operator: op });
    expect(b.entry.amount).toBe(-800);
    const again = await chargeItemFee(db, { itemId, type: 'INSPECTION', operator: op });
    expect(again.duplicate).toBe(true);
    const item = await one<{ inspection_fee: number; certificate_fee: number }>(db, sql`select inspection_fee::int, certificate_fee::int from order_items where id = ${itemId}`);
    expect(item).toEqual({ inspection_fee: 2000, certificate_fee: 800 });
  });

  it('formats fen as yuan', () => {
    expect(yuan(50000)).toBe('¥500.00');
    expect(yuan(-1234)).toBe('-¥12.34');
  });
});
