import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { centres, gemCategories } from '../../db/schema';

export type CategoryRow = typeof gemCategories.$inferSelect;

export async function activeCategories(db: Db): Promise<CategoryRow[]> {
  return db.select().from(gemCategories).where(eq(gemCategories.status, 1)).orderBy(asc(gemCategories.sort), asc(gemCategories.id));
}

export async function categoryPage(db: Db, q: { keyword?: string; limit: number; offset: number }): Promise<{ rows: CategoryRow[]; total: number }> {
  const kw = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(eq(gemCategories.status, 1), kw ? or(ilike(gemCategories.name, kw), ilike(gemCategories.code, kw)) : undefined);
  const [rows, [t]] = await Promise.all([
    db.select().from(gemCategories).where(where).orderBy(asc(gemCategories.sort), asc(gemCategories.id)).limit(q.limit).offset(q.offset),
    db.select({ n: count() }).from(gemCategories).where(where),
  ]);
  return { rows, total: t?.n ?? 0 };
}

export async function activeCentres(db: Db) {
  return db.select().from(centres).where(eq(centres.status, 1)).orderBy(asc(centres.id));
}
