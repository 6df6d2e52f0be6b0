import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueApi } from '@gemqc/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';

let t: TestApp;
let cuiyu: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  cuiyu = caller(t, await t.login('trader', '13800000001'));
});
afterAll(async () => t.close());

describe('stationList, gemList, gemPage', () => {
  it('lists the centres and the 10 gem categories', async () => {
    const s = await cuiyu.call(catalogueApi.stationList);
    expect(s.data.map((x) => x.code)).toEqual(['GZPY', 'SZSB']);
    expect(s.data[0]!.address).not.toBe('');
    const g = await cuiyu.call(catalogueApi.gemList);
    expect(g.data.map((x) => x.name)).toEqual(['翡翠', '和田玉', '钻石', '彩色宝石', '珍珠', '琥珀蜜蜡', '水晶玛瑙', '黄金', '铂金', '银饰']);
    expect(g.data.find((x) => x.name === '钻石')).toMatchObject({ unit: 'ct', records_purity: false, name_en: 'Diamond' });
    expect(g.data.every((x) => x.name_en !== '')).toBe(true); // every category has its English name
    expect(g.data.find((x) => x.name === '黄金')).toMatchObject({ unit: 'g', records_purity: true });
  });

  it('pages the categories and searches by keyword', async () => {
    const p = await cuiyu.call(catalogueApi.gemPage, { page: 2, page_size: 4 });
    expect(p.data).toMatchObject({ total: 10, page: 2, page_size: 4 });
    expect(p.data.list.map((x) => x.name)).toEqual(['珍珠', '琥珀蜜蜡', '水晶玛瑙', '黄金']);
    expect((await cuiyu.call(catalogueApi.gemPage, { keyword: '金' })).data.list.map((x) => x.name)).toEqual(['黄金', '铂金'].filter((n) => n.includes('金')));
    expect((await cuiyu.call(catalogueApi.gemPage, { keyword: 'zs' })).data.list.map((x) => x.name)).toEqual(['钻石']);
    expect((await cuiyu.call(catalogueApi.gemPage, { page: 0 })).msg).toBe('页码从1开始');
  });

  it('answers 403 without a session', async () => {
    expect((await caller(t, '').call(catalogueApi.gemList)).code).toBe(403);
  });
});
