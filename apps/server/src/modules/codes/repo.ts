import { and, count, desc, eq, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { codeBindings, gemCategories, orderItems, testingOrders } from '../../db/schema';

export interface BindingFilter {
  merchantId: number;
  keyword?: string;
  from?: Date;
  to?: Date;
}

function where(f: BindingFilter): SQL | undefined {
  const w: (SQL | undefined)[] = [eq(codeBindings.merchantId, f.merchantId)];
  if (f.keyword) {
    const kw = `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    w.push(or(eq(codeBindings.code, f.keyword), eq(testingOrders.orderNo, f.keyword), ilike(orderItems.name, kw)));
  }
  if (f.from) w.push(gte(codeBindings.boundAt, f.from));
  if (f.to) w.push(lt(codeBindings.boundAt, f.to));
  return and(...w);
}

export async function listBindings(db: Db, f: BindingFilter, page: { limit: number; offset: number }) {
  const w = where(f);
  const [rows, [t]] = await Promise.all([
    db
      .select({ b: codeBindings, orderNo: testingOrders.orderNo, itemName: orderItems.name, categoryName: gemCategories.name })
      .from(codeBindings)
      .innerJoin(testingOrders, eq(testingOrders.id, codeBindings.orderId))
      .innerJoin(orderItems, eq(orderItems.id, codeBindings.itemId))
      .innerJoin(gemCategories, eq(gemCategories.id, orderItems.categoryId))
      .where(w)
      .orderBy(desc(codeBindings.boundAt), desc(codeBindings.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(codeBindings)
      .innerJoin(testingOrders, eq(testingOrders.id, codeBindings.orderId))
      .innerJoin(orderItems, eq(orderItems.id, codeBindings.itemId))
      .where(w),
  ]);
  return { rows, total: t?.n ?? 0 };
}
