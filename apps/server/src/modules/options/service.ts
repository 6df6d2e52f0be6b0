import { orderStatuses, type SelectOptions } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { listActiveCentres } from '../accounts/repo';
import { gemCategories } from './gemCategories';

export async function listGemCategoryOptions(_db: Db): Promise<SelectOptions['gem_categories']> {
  return gemCategories.map((g) => ({ label: g.name, value: g.code }));
}

/** The select options every portal's forms need: centres, gem categories, order statuses. */
export async function selectOptions(db: Db): Promise<SelectOptions> {
  const centres = await listActiveCentres(db);
  return {
    centers: centres.map((c) => ({ label: c.name, value: String(c.id) })),
    gem_categories: await listGemCategoryOptions(db),
    order_statuses: orderStatuses.map((s) => ({ label: s.label, value: s.value })),
  };
}
