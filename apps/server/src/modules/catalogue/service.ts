import type { catalogueApi, DataOf } from '@gemqc/contract';
import type { Db } from '../../db/client';
import * as repo from './repo';
import type { CategoryRow } from './repo';

type Gem = DataOf<typeof catalogueApi.gemList>[number];

function gemView(c: CategoryRow): Gem {
  return { id: String(c.id), code: c.code, name: c.name, name_en: c.nameEn, unit: c.unit, records_purity: c.recordsPurity };
}

export async function gemList(db: Db): Promise<Gem[]> {
  return (await repo.activeCategories(db)).map(gemView);
}

export async function gemPage(db: Db, q: { keyword?: string; page: number; page_size: number }): Promise<DataOf<typeof catalogueApi.gemPage>> {
  const { rows, total } = await repo.categoryPage(db, { keyword: q.keyword || undefined, limit: q.page_size, offset: (q.page - 1) * q.page_size });
  return { list: rows.map(gemView), total, page: q.page, page_size: q.page_size };
}

/** Gem categories as select options (label name, value code) for the options module. */
export async function gemCategoryOptions(db: Db): Promise<{ label: string; value: string }[]> {
  return (await repo.activeCategories(db)).map((c) => ({ label: c.name, value: c.code }));
}

export async function stationList(db: Db): Promise<DataOf<typeof catalogueApi.stationList>> {
  return (await repo.activeCentres(db)).map((c) => ({
    id: String(c.id),
    name: c.name,
    code: c.code,
    address: c.address,
    contact: c.contact,
    mobile: c.mobile,
    return_address: c.returnAddress,
  }));
}
