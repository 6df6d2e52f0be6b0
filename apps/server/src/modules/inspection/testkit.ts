// Helpers for the API tests of inspection and of the capabilities working on inspected orders
// (codes, recordings, photos); not a test file itself.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { all, one, orderIn, type DemoIds } from '../orders/testkit';

/** A new order of 翠玉轩 (or `merchantId`) at GZPY, received or on its way, with `items` jade items. */
export async function newOrder(db: Db, ids: DemoIds, status: 'received' | 'awaiting_arrival', items = 1, merchantId?: number): Promise<{ orderId: number; itemIds: string[] }> {
  const list = Array.from({ length: items }, (_, i) => ({ name: `测试翡翠手镯${i + 1}`, categoryId: ids.jade, weight: 50 + i, declaredValue: 100000 }));
  const orderId = await orderIn(db, ids, status, { items: list, ...(merchantId ? { merchantId } : {}) });
  const rows = await all<{ id: string }>(db, sql`select id::text from order_items where order_id = ${orderId} order by id`);
  return { orderId, itemIds: rows.map((r) => r.id) };
}

/** An `Inspection/submit` body for an item with this result. */
export const result = (item_id: string, r: 'pass' | 'fail' | 'unable', over: Record<string, unknown> = {}) => ({
  item_id,
  mass: 52.36,
  shape: '圆形',
  colour: '绿色',
  refractive_index: '1.66',
  density: '3.33',
  magnification: '纤维交织结构',
  conclusion: r === 'pass' ? '翡翠（A货）' : r === 'fail' ? '翡翠（B货）' : '无法检测',
  result: r,
  remarks: '',
  ...over,
});

export async function orderStatus(db: Db, orderId: number): Promise<string> {
  return (await one<{ status: string }>(db, sql`select status from testing_orders where id = ${orderId}`)).status;
}

/** Every file below `dir` (a test's file storage folder). */
export function filesBelow(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else out.push(path.join(d, e.name));
    }
  };
  walk(dir);
  return out;
}
