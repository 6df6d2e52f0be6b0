import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import * as accountsRepo from '../accounts/service';
import { chargeItemFee, lookupFee, topUp } from '../fees/ledger';
import { createTestingOrder } from '../orders/service';
import { demoIds, one, orderInput, type DemoIds } from '../orders/testkit';

interface Answer<T = Record<string, unknown>> {
  code: number;
  msg: string;
  data: T;
}
type Paged<T> = { list: T[]; total: number };
interface Rule {
  category_id: string;
  category_code: string;
  category_name: string;
  rule_id: string | null;
  inspection_fee: number | null;
  certificate_fee: number | null;
  override_count: number;
  updated_by_name: string | null;
}
interface Override {
  id: string;
  merchant_id: string;
  merchant_name: string;
  category_id: string;
  inspection_fee: number;
  certificate_fee: number;
  base_inspection_fee: number | null;
}

describe('Testing-fee rules (检测费配置)', () => {
  let t: TestApp;
  let ids: DemoIds;
  let owner: string;
  let clerk: string;
  let szOwner: string;
  let baseOwner: string;

  const call = async <T = Record<string, unknown>>(token: string, method: 'GET' | 'POST', url: string, payload?: unknown): Promise<Answer<T>> => {
    const res = await t.app.inject({ method, url: `/api${url}`, headers: t.auth(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    return res.json() as Answer<T>;
  };
  const W = '/warehouse/v1/Fee';

  beforeAll(async () => {
    t = await createTestApp();
    ids = await demoIds(t.database.db);
    owner = await t.login('qualityInspection', '13900000001');
    clerk = await t.login('qualityInspection', '13900000002');
    szOwner = await t.login('qualityInspection', '13900000009');
    baseOwner = await t.login('base', '13700000001');
  });
  afterAll(async () => t.close());

  it('lists every gem category with the centre’s fees in fen and the count of merchant overrides', async () => {
    const r = await call<Rule[]>(owner, 'GET', `${W}/list`);
    expect(r.code).toBe(1000);
    expect(r.data).toHaveLength(10);
    const jade = r.data.find((x) => x.category_code === 'FC')!;
    expect(jade).toMatchObject({ category_name: '翡翠', inspection_fee: 3000, certificate_fee: 1000, override_count: 1 });
    const sz = await call<Rule[]>(szOwner, 'GET', `${W}/list`);
    expect(sz.data.find((x) => x.category_code === 'FC')).toMatchObject({ inspection_fee: 3500, override_count: 0 });
  });

  it('lists merchant overrides separately, next to the centre’s own fee', async () => {
    const r = await call<Paged<Override>>(owner, 'GET', `${W}/overrideList`);
    expect(r.data.total).toBe(1);
    expect(r.data.list[0]).toMatchObject({ merchant_name: '翠玉轩珠宝', inspection_fee: 2500, certificate_fee: 800, base_inspection_fee: 3000 });
    expect((await call<Paged<Override>>(owner, 'GET', `${W}/overrideList?keyword=金福`)).data.total).toBe(0);
    expect((await call<Paged<Override>>(szOwner, 'GET', `${W}/overrideList`)).data.total).toBe(0);
  });

  it('saves the centre’s fee of a category; the lookup used for charging answers it', async () => {
    const r = await call(owner, 'POST', `${W}/save`, { category_id: ids.gold, inspection_fee: 2200, certificate_fee: 900 });
    expect(r).toMatchObject({ code: 1000, data: { category_id: String(ids.gold), merchant_id: null, inspection_fee: 2200, certificate_fee: 900 } });
    expect(await lookupFee(t.database.db, { merchantId: ids.jinfu, centreId: ids.gz, categoryId: ids.gold })).toEqual({ inspectionFee: 2200, certificateFee: 900, source: 'centre' });
    const list = await call<Rule[]>(owner, 'GET', `${W}/list`);
    expect(list.data.find((x) => x.category_id === String(ids.gold))).toMatchObject({ inspection_fee: 2200, updated_by_name: '广州番禺检测中心 质检' });
    // the other centre's fee of the category is untouched
    expect(await lookupFee(t.database.db, { merchantId: ids.jinfu, centreId: ids.sz, categoryId: ids.gold })).toMatchObject({ source: 'centre' });
    expect((await lookupFee(t.database.db, { merchantId: ids.jinfu, centreId: ids.sz, categoryId: ids.gold })).inspectionFee).not.toBe(2200);
  });

  it('the service-centre namespace edits the same centre’s rules', async () => {
    expect((await call(baseOwner, 'POST', '/center/v1/Fee/save', { category_id: ids.gold, inspection_fee: 2300, certificate_fee: 900 })).code).toBe(1000);
    const list = await call<Rule[]>(owner, 'GET', `${W}/list`);
    expect(list.data.find((x) => x.category_id === String(ids.gold))!.inspection_fee).toBe(2300);
  });

  it('validates amounts: integer fen from 0 to 1,000,000', async () => {
    const save = (b: object) => call(owner, 'POST', `${W}/save`, { category_id: ids.gold, inspection_fee: 100, certificate_fee: 100, ...b });
    expect(await save({ inspection_fee: -1 })).toMatchObject({ code: 1001, msg: '检测费不能小于0' });
    expect(await save({ certificate_fee: 1_000_001 })).toMatchObject({ code: 1001, msg: '证书费不能超过10000元' });
    expect(await save({ inspection_fee: 12.5 })).toMatchObject({ code: 1001, msg: '检测费最多精确到分' });
    expect(await save({ inspection_fee: '12' })).toMatchObject({ code: 1001, msg: '请输入检测费' });
    expect(await save({ category_id: '' })).toMatchObject({ code: 1001, msg: '请选择宝石品类' });
    expect((await save({ inspection_fee: 0, certificate_fee: 1_000_000 })).code).toBe(1000);
    expect((await save({ category_id: '999999' })).code).toBe(1004);
  });

  it('sets a merchant override (upsert, one row per merchant and category) and removes it again', async () => {
    const options = await call<{ id: string; name: string }[]>(owner, 'GET', `${W}/merchants?keyword=金福`);
    expect(options.data).toEqual([{ id: String(ids.jinfu), name: '金福珠宝' }]);
    const a = await call<{ id: string }>(owner, 'POST', `${W}/save`, { category_id: ids.jade, merchant_id: ids.jinfu, inspection_fee: 2000, certificate_fee: 500 });
    const b = await call<{ id: string }>(owner, 'POST', `${W}/save`, { category_id: ids.jade, merchant_id: String(ids.jinfu), inspection_fee: 2100, certificate_fee: 500 });
    expect(b.data.id).toBe(a.data.id);
    expect(await lookupFee(t.database.db, { merchantId: ids.jinfu, centreId: ids.gz, categoryId: ids.jade })).toEqual({ inspectionFee: 2100, certificateFee: 500, source: 'merchant' });
    expect((await call<Paged<Override>>(owner, 'GET', `${W}/overrideList?keyword=金福`)).data.total).toBe(1);
    expect((await call(owner, 'POST', `${W}/delete`, { id: a.data.id })).code).toBe(1000);
    expect(await lookupFee(t.database.db, { merchantId: ids.jinfu, centreId: ids.gz, categoryId: ids.jade })).toMatchObject({ inspectionFee: 3000, source: 'centre' });
    expect((await call(owner, 'POST', `${W}/delete`, { id: a.data.id })).code).toBe(1004);
  });

  it('refuses to delete the centre’s own rule of a category (only overrides are removed)', async () => {
    const list = await call<Rule[]>(owner, 'GET', `${W}/list`);
    const ruleId = list.data.find((x) => x.category_id === String(ids.jade))!.rule_id;
    expect(await call(owner, 'POST', `${W}/delete`, { id: ruleId })).toMatchObject({ code: 1001, msg: '检测中心的品类收费不能删除，只能修改金额' });
  });

  it("another centre's override answers 1004; merchants that never dealt with the centre cannot get one", async () => {
    const over = (await call<Paged<Override>>(owner, 'GET', `${W}/overrideList`)).data.list[0]!;
    expect((await call(szOwner, 'POST', `${W}/delete`, { id: over.id })).code).toBe(1004);
    const stranger = await accountsRepo.insertMerchant(t.database.db, { name: '外地商户', mobile: '13800000077', defaultCentreId: ids.sz, now: new Date() });
    expect(await call(owner, 'POST', `${W}/save`, { category_id: ids.jade, merchant_id: stranger, inspection_fee: 1, certificate_fee: 1 })).toMatchObject({
      code: 1004,
      msg: '商家不存在，或未在本检测中心送检',
    });
    expect((await call<{ name: string }[]>(owner, 'GET', `${W}/merchants?keyword=外地`)).data).toEqual([]);
    expect((await call<{ name: string }[]>(szOwner, 'GET', `${W}/merchants?keyword=外地`)).data).toEqual([{ id: String(stranger), name: '外地商户' }]);
  });

  it('a sub-account without fee.manage gets 1003 (and without fee.view cannot read)', async () => {
    expect((await call(clerk, 'GET', `${W}/list`)).code).toBe(1003);
    expect((await call(clerk, 'POST', `${W}/save`, { category_id: ids.gold, inspection_fee: 1, certificate_fee: 1 })).code).toBe(1003);
    expect((await call(clerk, 'POST', `${W}/delete`, { id: '1' })).code).toBe(1003);
  });

  it('a rule change applies to items charged later; an item already charged keeps its snapshotted fee', async () => {
    const db = t.database.db;
    await topUp(db, { merchantId: ids.jinfu, amount: 100_000, key: 'fee-rules-snapshot' });
    await call(owner, 'POST', `${W}/save`, { category_id: ids.gold, inspection_fee: 2000, certificate_fee: 800 });
    const newItem = async () => (await createTestingOrder(db, orderInput(ids, { merchantId: ids.jinfu, items: [{ name: '足金手链', categoryId: ids.gold }] }))).items[0]!.id;
    const charged = await newItem();
    const later = await newItem();
    const op = { id: null, name: '测试' };
    expect((await chargeItemFee(db, { itemId: charged, type: 'INSPECTION', operator: op })).entry.amount).toBe(-2000);

    expect((await call(owner, 'POST', `${W}/save`, { category_id: ids.gold, inspection_fee: 5000, certificate_fee: 1500 })).code).toBe(1000);

    // the charged item keeps its snapshot for its remaining (certificate) charge too
    expect((await chargeItemFee(db, { itemId: charged, type: 'CERTIFICATE', operator: op })).entry.amount).toBe(-800);
    const snap = await one<{ i: number; c: number }>(db, sql`select inspection_fee::int as i, certificate_fee::int as c from order_items where id = ${charged}`);
    expect(snap).toEqual({ i: 2000, c: 800 });
    // an item charged after the change pays the new fee
    expect((await chargeItemFee(db, { itemId: later, type: 'INSPECTION', operator: op })).entry.amount).toBe(-5000);
  });
});
