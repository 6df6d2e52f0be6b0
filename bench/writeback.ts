import { authApi, warehouseApi } from '@gemqc/contract';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/db/seed';
import { defaultShopSeedSecrets } from '../apps/server/src/db/seeds/shops';
import { fakeShops, startFakeDoudian } from '../apps/server/src/integrations/doudian/fake';
import { demoIds, orderIn } from '../apps/server/src/modules/orders/testkit';
import { startJobQueue } from '../apps/server/src/platform/queue';
import type { Benchmark } from './registry';

const SHIPS = 40;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The shipment write-back against the local stand-in of the platform: the time from a ship's
 * answer to the report accepted by the platform (已同步), one ship after another, on the embedded
 * PGlite with the job queue; and pg-boss's own start on PGlite.
 */
export const writebackBenchmark: Benchmark = {
  name: 'writeback',
  description: 'ship → order.logisticsAdd accepted by the local Doudian stand-in (PGlite + pg-boss)',
  async run() {
    // the demo seed's shop tokens are sealed with the configured secrets: use the same ones
    const secrets = defaultShopSeedSecrets();
    const cfg = testConfig();
    const base = { ...cfg, secretKey: secrets.secretKey, doudian: { ...cfg.doudian, appSecret: secrets.appSecret } };
    // pg-boss on PGlite: its first start creates and migrates its schema
    const fresh = await openDatabase({});
    let t0 = performance.now();
    let q = await startJobQueue({ database: fresh, log: quiet, workers: [], schedules: [] });
    const firstStart = performance.now() - t0;
    await q.stop();
    t0 = performance.now();
    q = await startJobQueue({ database: fresh, log: quiet, workers: [], schedules: [] });
    const nextStart = performance.now() - t0;
    await q.stop();
    await fresh.close();

    const fake = await startFakeDoudian({ appKey: base.doudian.appKey, appSecret: base.doudian.appSecret, ordersPerShop: SHIPS * 2 });
    const database = await openDatabase({});
    await seedDemo(database);
    const config = { ...base, doudian: { ...base.doudian, gatewayUrl: fake.url, authUrl: fake.authorizeUrl }, queuePollSeconds: 1, logLevel: 'silent' as const };
    const app = await buildApp({ database, config, backgroundJobs: true });
    await app.ready();
    try {
      const ids = await demoIds(database.db);
      const shop = fakeShops[0]!;
      const shopRow = (await database.withSession((s) => s.query<{ id: number }>(`select id::int as id from shops where shop_id = $1`, [shop.shopId])))[0]!.id;
      const paid = fake.ordersOf(shop.shopId).filter((o) => o.order_status === 2);
      const login = await app.inject({ method: 'POST', url: `/api${authApi.warehouse.login.path}`, payload: { mobile: '13900000001', password: 'Demo@123456', type: 1 } });
      const token = (login.json() as { data: { token: string } }).data.token;
      const delays: number[] = [];
      for (let i = 0; i < Math.min(SHIPS, paid.length); i++) {
        const id = await orderIn(database.db, ids, 'bound', { shopId: shopRow, platformOrderId: paid[i]!.order_id });
        const res = await app.inject({ method: 'POST', url: `/api${warehouseApi.orderShip.path}`, headers: { authorization: `Bearer ${token}` }, payload: { id, carrier: '顺丰速运', waybill: `SF${Date.now()}${i}` } });
        if ((res.json() as { code: number }).code !== 1000) throw new Error(`ship failed: ${res.body}`);
        const shipped = performance.now();
        for (;;) {
          const r = await database.withSession((s) => s.query<{ state: string }>(`select state from platform_shipments where order_id = $1`, [id]));
          if (r[0]?.state === 'synced') break;
          if (performance.now() - shipped > 60_000) throw new Error('not synced within 60 s');
          await new Promise((r2) => setTimeout(r2, 2));
        }
        delays.push(performance.now() - shipped);
      }
      delays.sort((a, b) => a - b);
      const pct = (p: number) => delays[Math.min(delays.length - 1, Math.ceil((p / 100) * delays.length) - 1)]!;
      return [
        { name: 'pg-boss first start on a new PGlite (creates its schema)', value: firstStart, unit: 'ms' },
        { name: 'pg-boss start on PGlite with its schema in place', value: nextStart, unit: 'ms' },
        { name: `write-back delay after a ship, p50 (${delays.length} ships)`, value: pct(50), unit: 'ms', budget: { max: 1000 } },
        { name: `write-back delay after a ship, p99 (${delays.length} ships)`, value: pct(99), unit: 'ms', budget: { max: 3000 } },
      ];
    } finally {
      await app.close();
      await database.close();
      await fake.close();
    }
  },
};
