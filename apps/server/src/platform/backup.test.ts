import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { seedDemo } from '../db/seed';
import { answerBackupRequests, backupEmbedded, restoreEmbedded } from './backup';
import { LocalFileStorage } from './storage';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gemqc-backup-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const quiet = { info: () => {}, error: () => {} };

/** What must survive: every order, every ledger entry (with its amount) and every file. */
async function contentOf(database: Database, filesDir: string) {
  const rows = async (q: string) => (await database.withSession((s) => s.query<Record<string, unknown>>(q))).map((r) => JSON.stringify(r));
  const files = fs.existsSync(filesDir)
    ? fs
        .readdirSync(filesDir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => path.join(e.parentPath, e.name))
        .map((f) => `${path.relative(filesDir, f)}:${fs.readFileSync(f).toString('base64')}`)
        .sort()
    : [];
  return {
    orders: await rows('select id, order_no, status, merchant_id from testing_orders order by id'),
    ledger: await rows('select id, merchant_id, amount, balance_after from ledger_entries order by id'),
    files,
  };
}

describe('npm run backup / npm run restore of the embedded store (issue 27)', () => {
  it('backs a seeded instance up while it runs, restores it into a new one, and finds every order, ledger entry and file', async () => {
    const dataDir = path.join(tmp, 'live');
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await seedDemo(database);
    const storage = new LocalFileStorage(path.join(dataDir, 'files'));
    await storage.put('photos/1/aaaa.png', Buffer.from('a photo'));
    await storage.put('recordings/2/bbbb.mp4', Buffer.alloc(300_000, 7));
    fs.writeFileSync(path.join(dataDir, 'secret.key'), 'the-secret-key\n');
    const stop = answerBackupRequests(database, dataDir, quiet); // what main.ts does: the running server dumps
    const before = await contentOf(database, path.join(dataDir, 'files'));
    expect(before.orders.length).toBeGreaterThan(10);
    expect(before.ledger.length).toBeGreaterThan(0);

    const out = path.join(tmp, 'backup-1');
    let manifest;
    try {
      manifest = await backupEmbedded({ dataDir, out });
      // the server kept serving meanwhile
      expect((await database.withSession((s) => s.query('select 1 as one')))[0]).toEqual({ one: 1 });
    } finally {
      stop();
      await database.close();
    }
    expect(manifest).toMatchObject({ files: { count: 2, bytes: 300_007 }, db: { taken_by: 'running server' }, secret_key: true });

    const restoredDir = path.join(tmp, 'restored');
    await restoreEmbedded({ from: out, dataDir: restoredDir });
    const restored = await openDatabase({ pgliteDir: path.join(restoredDir, 'db') });
    try {
      expect(await contentOf(restored, path.join(restoredDir, 'files'))).toEqual(before);
    } finally {
      await restored.close();
    }
    expect(fs.readFileSync(path.join(restoredDir, 'secret.key'), 'utf8')).toBe('the-secret-key\n');

    // no server running: the backup opens the folder itself; a restore never overwrites a database
    const offline = await backupEmbedded({ dataDir, out: path.join(tmp, 'backup-2') });
    expect(offline.db.taken_by).toBe('backup');
    await expect(restoreEmbedded({ from: out, dataDir: restoredDir })).rejects.toThrow(/already holds a database/);
    await expect(backupEmbedded({ dataDir, out })).rejects.toThrow(/not empty/);
    // a damaged backup is refused
    fs.appendFileSync(path.join(out, 'db.tar.gz'), 'x');
    await expect(restoreEmbedded({ from: out, dataDir: path.join(tmp, 'restored-2') })).rejects.toThrow(/does not match its manifest/);
  }, 180_000);
});
