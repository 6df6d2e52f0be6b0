// Helpers for the API tests of inspection and of the capabilities working on inspected orders
// (codes, recordings, photos); not a test file itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { LocalFileStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../../test/app';
import { caller } from '../../../test/apiKit';
import { all, demoIds, one, orderIn, type DemoIds } from '../orders/testkit';

/** A signed-in caller of the API kit, with its auth headers for raw requests (uploads). */
export type Who = ReturnType<typeof caller> & { headers: Record<string, string> };

/** The app of a warehouse API test: files in a temporary folder, and the accounts it acts as. */
export interface WarehouseTestApp {
  t: TestApp;
  ids: DemoIds;
  /** The file storage's folder (removed by `close`). */
  filesDir: string;
  /** GZPY warehouse owner */
  wh: Who;
  /** GZPY warehouse sub-account (no recording permission) */
  sub: Who;
  /** SZSB warehouse owner */
  sz: Who;
  /** 翠玉轩 */
  merchant: Who;
  /** GZPY service centre (base portal) */
  centre: Who;
  anon: Who;
  close(): Promise<void>;
}

/** Starts a test app with local file storage under a new temporary folder and signs its accounts in. */
export async function openWarehouseTestApp(name: string, config: Partial<Config>): Promise<WarehouseTestApp> {
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), `gemqc-${name}-`));
  const t = await createTestApp({ config, deps: { storage: new LocalFileStorage(filesDir) } });
  const who = (token: string): Who => ({ ...caller(t, token), headers: token ? t.auth(token) : {} });
  return {
    t,
    ids: await demoIds(t.database.db),
    filesDir,
    wh: who(await t.login('qualityInspection', '13900000001')),
    sub: who(await t.login('qualityInspection', '13900000002')),
    sz: who(await t.login('qualityInspection', '13900000009')),
    merchant: who(await t.login('trader', '13800000001')),
    centre: who(await t.login('base', '13700000001')),
    anon: who(''),
    async close() {
      await t.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

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
