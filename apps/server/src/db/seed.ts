import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { seedCore } from './seeds/core';
import { seedOrders } from './seeds/orders';
import { seedShops } from './seeds/shops';
import { seedTemplates } from './seeds/templates';
import { seedWarehouse } from './seeds/warehouse';

/**
 * Demo data of docs/domain.md#demo; runs on an empty database at first start and by `npm run seed`.
 * Each capability seeds its own rows after the core ones, in dependency order.
 */
export async function seedDemo(database: Database): Promise<boolean> {
  const r = await database.db.execute(sql`select count(*)::int as n from accounts`);
  if ((r as unknown as { rows: { n: number }[] }).rows[0]!.n > 0) return false;
  await seedCore(database);
  await seedShops(database);
  await seedOrders(database); // after the shops: demo orders name 翠玉轩's shop
  await seedWarehouse(database); // after the orders: batches of the received ones
  await seedTemplates(database);
  return true;
}
