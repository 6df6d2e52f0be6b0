import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountPrefsApi as api } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let owner: ReturnType<typeof caller>;
let other: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp({ config: { prefKeysPerAccount: 3 } });
  owner = caller(t, await t.login('trader', '13800000001'));
  other = caller(t, await t.login('trader', '13800000002'));
});
afterAll(async () => t.close());

describe('preference keys per account (PREF_KEYS_PER_ACCOUNT, issue 27: 1,000 keys × 4 KB were accepted)', () => {
  it('keeps at most the limit of keys: a new key above it is refused in a sentence, a saved key can still change', async () => {
    for (const list of ['a', 'b', 'c']) expect((await owner.call(api.save, { key: `columns:trader.${list}`, value: ['x'] })).code).toBe(1000);
    const refused = await owner.call(api.save, { key: 'columns:trader.d', value: ['x'] });
    expect(refused).toMatchObject({ code: 1001, msg: '个人设置已达上限（3 项），无法再保存新的设置，请联系管理员' });
    expect((await owner.call(api.get, { key: 'columns:trader.d' })).data.value).toBeNull();
    expect((await owner.call(api.save, { key: 'columns:trader.a', value: ['y'] })).code).toBe(1000);
    // another account has its own count
    expect((await other.call(api.save, { key: 'columns:trader.d', value: ['x'] })).code).toBe(1000);
  });

  it('counts new keys saved at the same time against each other', async () => {
    const r = await Promise.all(['e', 'f', 'g', 'h'].map((k) => other.call(api.save, { key: `columns:trader.${k}`, value: ['x'] })));
    expect(r.filter((x) => x.code === 1000)).toHaveLength(2); // d was saved above: 3 in all
  });
});
