import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PREF_MAX_BYTES, accountPrefsApi as api } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let owner: ReturnType<typeof caller>;
let otherMerchant: ReturnType<typeof caller>;
let inspector: ReturnType<typeof caller>;
let inspectorSub: ReturnType<typeof caller>;
let manager: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  owner = caller(t, await t.login('trader', '13800000001'));
  otherMerchant = caller(t, await t.login('trader', '13800000002'));
  inspector = caller(t, await t.login('qualityInspection', '13900000001'));
  inspectorSub = caller(t, await t.login('qualityInspection', '13900000002'));
  manager = caller(t, await t.login('manage', '13600000001'));
});
afterAll(async () => t.close());

describe('account preferences (/common/v1/Pref): 列设置 that follow the account to another browser', () => {
  it('answers null for a key never saved, then what was saved, replaced by the next save (another sign-in sees it too)', async () => {
    const before = await owner.call(api.get, { key: 'columns:trader.payments' });
    expect(before.data).toEqual({ key: 'columns:trader.payments', value: null, updated_at: null });

    const saved = await owner.call(api.save, { key: 'columns:trader.payments', value: ['note', 'operator_name'] });
    expect(saved.code).toBe(1000);
    expect(saved.data.value).toEqual(['note', 'operator_name']);
    t.clock.advanceSeconds(5);
    await owner.call(api.save, { key: 'columns:trader.payments', value: ['note'] });

    // the same account signed in elsewhere (another browser: a new session)
    const elsewhere = caller(t, await t.login('trader', '13800000001'));
    const after = await elsewhere.call(api.get, { key: 'columns:trader.payments' });
    expect(after.data.value).toEqual(['note']);
    expect(Date.parse(after.data.updated_at!)).toBe(t.clock.now().getTime());
    // another list of the same account is its own key
    expect((await elsewhere.call(api.get, { key: 'columns:trader.orders' })).data.value).toBeNull();
  });

  it('never shows or changes another account’s preference: another merchant, a sub-account of the same centre, another portal', async () => {
    await inspector.call(api.save, { key: 'columns:warehouse.lots', value: ['closed_by_name'] });
    for (const other of [otherMerchant, inspectorSub, manager, owner]) {
      expect((await other.call(api.get, { key: 'columns:warehouse.lots' })).data.value).toBeNull();
    }
    // a save of the same key by another account is that account's own
    await inspectorSub.call(api.save, { key: 'columns:warehouse.lots', value: [] });
    expect((await inspector.call(api.get, { key: 'columns:warehouse.lots' })).data.value).toEqual(['closed_by_name']);
    expect((await inspectorSub.call(api.get, { key: 'columns:warehouse.lots' })).data.value).toEqual([]);
  });

  it('needs a signed-in account', async () => {
    const anonymous = caller(t, '');
    expect((await anonymous.call(api.get, { key: 'columns:trader.payments' })).code).toBe(403);
    expect((await anonymous.call(api.save, { key: 'columns:trader.payments', value: [] })).code).toBe(403);
  });

  it('refuses an oversize value, a value of the wrong shape and a key outside the allow-list with 1001 and a sentence', async () => {
    const wide = Array.from({ length: 60 }, (_, i) => `column_${String(i).padStart(2, '0')}_${'x'.repeat(60)}`);
    expect(JSON.stringify(wide).length).toBeGreaterThan(ACCOUNT_PREF_MAX_BYTES);
    const big = await owner.call(api.save, { key: 'columns:trader.payments', value: wide });
    expect([big.code, big.msg]).toEqual([1001, `设置内容过大，最多${ACCOUNT_PREF_MAX_BYTES}字节`]);
    expect((await owner.call(api.get, { key: 'columns:trader.payments' })).data.value).toEqual(['note']);

    expect(await owner.call(api.save, { key: 'columns:trader.payments', value: { hidden: 'note' } })).toMatchObject({ code: 1001, msg: '列设置只能是列名的列表' });
    expect(await owner.call(api.save, { key: 'columns:trader.payments', value: [1, 2] })).toMatchObject({ code: 1001, msg: '列设置只能是列名的列表' });
    expect(await owner.call(api.save, { key: 'columns:trader.payments' })).toMatchObject({ code: 1001, msg: '请提供设置内容' });
    for (const key of ['theme:dark', 'columns:', 'columns:../../etc', 'columns:a b', `columns:${'a'.repeat(65)}`, 'token']) {
      expect(await owner.call(api.save, { key, value: [] }), key).toMatchObject({ code: 1001, msg: '设置项名称不正确（例如 columns:列表名）' });
      expect(await owner.call(api.get, { key }), key).toMatchObject({ code: 1001, msg: '设置项名称不正确（例如 columns:列表名）' });
    }
  });

  it('answers any JSON value with 1000 (a list of column names within the size) or 1001, never a server error', async () => {
    // a value nested 5000 deep (sent as text: the test's own JSON.stringify would overflow)
    const deep = await t.app.inject({
      method: 'POST',
      url: `/api${api.save.path}`,
      headers: { ...owner.headers, 'content-type': 'application/json' },
      payload: `{"key":"columns:trader.fuzz","value":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    expect([deep.statusCode, deep.json().code, deep.json().msg]).toEqual([200, 1001, '列设置只能是列名的列表']);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.array(fc.string({ maxLength: 120 }), { maxLength: 120 })), async (value) => {
        const r = await owner.call(api.save, { key: 'columns:trader.fuzz', value });
        expect(r.status).toBe(200);
        const fits = Array.isArray(value) && value.length <= 100 && value.every((v) => typeof v === 'string' && v.length <= 100) && Buffer.byteLength(JSON.stringify(value)) <= ACCOUNT_PREF_MAX_BYTES;
        // a value the contract keeps is read back as sent
        if (fits && r.code === 1000) expect((await owner.call(api.get, { key: 'columns:trader.fuzz' })).data.value).toEqual(value);
        else expect(r.code).toBe(fits ? 1000 : 1001);
      }),
      { numRuns: 60 },
    );
  });
});
