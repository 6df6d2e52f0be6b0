import { orderStatuses, type SelectOptions } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { listActiveCentres } from '../accounts/service';
import { gemCategoryOptions } from '../catalogue/service';

/** Gem categories from the catalogue table (label name, value code). */
export async function listGemCategoryOptions(db: Db): Promise<SelectOptions['gem_categories']> {
  return gemCategoryOptions(db);
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
