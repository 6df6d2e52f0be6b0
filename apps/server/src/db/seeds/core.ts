import type { Database } from '../client';

/** Centres, merchants and the demo accounts of DOMAIN.md §9 (password Demo@123456). */
export async function seedCore(_database: Database): Promise<void> {
  // The platform foundation writes these rows.
}
