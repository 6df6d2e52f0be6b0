import crypto from 'node:crypto';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { adminUrl, postgresReachable } from '../../test/pg';
import { describeWithService } from '../../test/services';
import { startLeaderElection, type LeaderElection } from './leader';

const RETRY_MS = 200;
const up = await postgresReachable();
const open: LeaderElection[] = [];

/** Hosts contending for a lock key of this test alone (advisory locks are shared by the database). */
async function hosts(n: number, key: number, changes: string[] = []) {
  const list: LeaderElection[] = [];
  for (let i = 0; i < n; i++) {
    list.push(await startLeaderElection({ databaseUrl: adminUrl(), lockKey: key, retryMs: RETRY_MS, onChange: (v) => changes.push(`${i}:${v ? 'leads' : 'steps down'}`) }));
  }
  open.push(...list);
  return list;
}

const leaders = (list: LeaderElection[]) => list.filter((h) => h.isLeader()).length;

/** Samples the hosts every 20 ms for `ms`: how many led at each sample. */
async function watch(list: LeaderElection[], ms: number): Promise<number[]> {
  const seen: number[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    seen.push(leaders(list));
    await new Promise((r) => setTimeout(r, 20));
  }
  return seen;
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

describeWithService('PostgreSQL', up, 'leader election on the PostgreSQL server', () => {
  it('of three hosts contending for the lock exactly one leads, turn after turn', async () => {
    const list = await hosts(3, crypto.randomInt(1, 2 ** 31));
    const seen = await watch(list, RETRY_MS * 6);
    expect(new Set(seen)).toEqual(new Set([1]));
  });

  it('when the leader stops, another host leads within a few turns, never two at once', async () => {
    const list = await hosts(2, crypto.randomInt(1, 2 ** 31));
    const first = list.find((h) => h.isLeader())!;
    const other = list.find((h) => h !== first)!;
    expect(other.isLeader()).toBe(false);
    const started = Date.now();
    await first.close();
    const seen = await watch(list, RETRY_MS * 4);
    expect(Math.max(...seen)).toBe(1);
    expect(other.isLeader()).toBe(true);
    expect(Date.now() - started).toBeLessThan(RETRY_MS * 6);
  });

  it('killing the holder’s database connection makes it step down at once; within a few turns one host leads again, never two', async () => {
    const key = crypto.randomInt(1, 2 ** 31);
    const changes: string[] = [];
    const list = await hosts(2, key, changes);
    const holder = list.findIndex((h) => h.isLeader());
    expect(changes).toEqual([`${holder}:leads`]);
    const admin = new pg.Client({ connectionString: adminUrl() });
    await admin.connect();
    try {
      // the backend holding the advisory lock of this key
      const killed = await admin.query<{ ok: boolean }>(
        `select pg_terminate_backend(pid) as ok from pg_locks where locktype = 'advisory' and granted and objid = $1::int::oid and database = (select oid from pg_database where datname = current_database())`,
        [key],
      );
      expect(killed.rows.map((r) => r.ok)).toEqual([true]);
      const seen = await watch(list, RETRY_MS * 6);
      expect(changes[1]).toBe(`${holder}:steps down`);
      expect(Math.max(...seen)).toBe(1);
      expect(seen.at(-1)).toBe(1);
      // the lock now belongs to a new connection (the old one was terminated)
      const holders = await admin.query(`select pid from pg_locks where locktype = 'advisory' and granted and objid = $1::int::oid`, [key]);
      expect(holders.rows.length).toBe(1);
    } finally {
      await admin.end();
    }
  });
});
