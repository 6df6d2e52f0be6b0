import type { Database } from './client';

/** Demo data of DOMAIN.md §9; runs on an empty database at first start and by `npm run seed`. */
export async function seedDemo(_database: Database): Promise<void> {
  // Filled by the capabilities: core accounts first, then their own demo rows.
}
