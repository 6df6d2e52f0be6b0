import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';

/**
 * Backups of the embedded store (`npm run backup`, `npm run restore`: scripts/backup.ts): one
 * folder holding `db.tar.gz` (PGlite's data folder, dumped by the process that has it open, so
 * the copy is consistent while the app runs), `files/` (the uploaded files of STORAGE=local) and
 * `secret.key` (without it the Doudian tokens stored encrypted cannot be read). PostgreSQL is
 * backed up with pg_dump / pg_restore instead (README "Backup and restore").
 *
 * While the server runs, the backup asks it for the dump: it writes a request file and sends the
 * server SIGUSR2 (its pid is in the database folder's lock file); the server writes the dump and a
 * `.done` file next to it. When no server runs, the backup opens the folder itself.
 */

export const BACKUP_SIGNAL = 'SIGUSR2';
const REQUEST_FILE = 'backup-request.json';
const MANIFEST = 'manifest.json';

export interface BackupManifest {
  created_at: string;
  /** Bytes and count of the uploaded files copied. */
  files: { count: number; bytes: number };
  db: { file: 'db.tar.gz'; bytes: number; sha256: string; taken_by: 'running server' | 'backup' };
  secret_key: boolean;
}

interface DumpRequest {
  id: string;
  out: string;
}

/** The server's side: answers backup requests with a dump of its open PGlite database. */
export function answerBackupRequests(database: Database, dataDir: string, log: { info(o: object, m: string): void; error(o: object, m: string): void }): () => void {
  if (!database.dumpDataDir) return () => {};
  const dump = database.dumpDataDir.bind(database);
  let busy = false;
  const onSignal = () => {
    if (busy) return;
    busy = true;
    void (async () => {
      let req: DumpRequest | undefined;
      try {
        req = JSON.parse(await fsp.readFile(path.join(dataDir, REQUEST_FILE), 'utf8')) as DumpRequest;
        await writeDump(await dump(), req.out);
        await fsp.writeFile(`${req.out}.done`, req.id);
        log.info({ out: req.out }, 'backup: database dumped');
      } catch (err) {
        log.error({ err }, 'backup: the database dump failed');
        if (req) await fsp.writeFile(`${req.out}.failed`, String((err as Error).message ?? err)).catch(() => {});
      } finally {
        busy = false;
      }
    })();
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => void process.off(BACKUP_SIGNAL, onSignal);
}

async function writeDump(blob: Blob, out: string) {
  const tmp = `${out}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fsp.writeFile(tmp, Buffer.from(await blob.arrayBuffer()));
  await fsp.rename(tmp, out);
}

/** The pid holding the PGlite folder (its lock file), when that process is alive. */
function liveHolder(dbDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dbDir, 'gemqc.lock'), 'utf8').trim());
    if (!Number.isInteger(pid) || pid <= 0) return null;
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function untilFile(file: string, failed: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (fs.existsSync(file)) return;
    if (fs.existsSync(failed)) throw new Error(`The server could not dump the database: ${fs.readFileSync(failed, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`The server did not answer the backup request within ${timeoutMs / 1000} s (is it a GemQC server of this DATA_DIR?)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function copyTree(from: string, to: string): Promise<{ count: number; bytes: number }> {
  let count = 0;
  let bytes = 0;
  if (!fs.existsSync(from)) return { count, bytes };
  for (const e of await fsp.readdir(from, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || e.name.endsWith('.tmp')) continue; // an upload being written is not a file yet
    const src = path.join(e.parentPath, e.name);
    const dst = path.join(to, path.relative(from, src));
    await fsp.mkdir(path.dirname(dst), { recursive: true });
    await fsp.copyFile(src, dst);
    count++;
    bytes += (await fsp.stat(dst)).size;
  }
  return { count, bytes };
}

const sha256Of = async (file: string) => crypto.createHash('sha256').update(await fsp.readFile(file)).digest('hex');

/**
 * Backs the embedded store of `dataDir` up into the new folder `out`: the database (from the
 * running server, or opened here), then the files. Answers the manifest written into `out`.
 */
export async function backupEmbedded(opts: { dataDir: string; out: string; timeoutMs?: number }): Promise<BackupManifest> {
  const dbDir = path.join(opts.dataDir, 'db');
  if (!fs.existsSync(dbDir)) throw new Error(`No embedded database in ${dbDir} (with DATABASE_URL, back up with pg_dump: README "Backup and restore")`);
  if (fs.existsSync(opts.out) && (await fsp.readdir(opts.out)).length) throw new Error(`${opts.out} exists and is not empty: give a new folder`);
  await fsp.mkdir(opts.out, { recursive: true });
  const dbFile = path.join(opts.out, 'db.tar.gz');

  let takenBy: BackupManifest['db']['taken_by'];
  const holder = liveHolder(dbDir);
  if (holder !== null) {
    const req: DumpRequest = { id: crypto.randomUUID(), out: path.resolve(dbFile) };
    await fsp.writeFile(path.join(opts.dataDir, REQUEST_FILE), JSON.stringify(req));
    try {
      process.kill(holder, BACKUP_SIGNAL);
      await untilFile(`${dbFile}.done`, `${dbFile}.failed`, opts.timeoutMs ?? 120_000);
      await fsp.rm(`${dbFile}.done`);
    } finally {
      await fsp.rm(path.join(opts.dataDir, REQUEST_FILE), { force: true });
    }
    takenBy = 'running server';
  } else {
    const { openDatabase } = await import('../db/client');
    const database = await openDatabase({ pgliteDir: dbDir, migrate: false });
    try {
      await writeDump(await database.dumpDataDir!(), dbFile);
    } finally {
      await database.close();
    }
    takenBy = 'backup';
  }
  // the files after the database: a file the database names was written before its row committed
  const files = await copyTree(path.join(opts.dataDir, 'files'), path.join(opts.out, 'files'));
  const secret = path.join(opts.dataDir, 'secret.key');
  if (fs.existsSync(secret)) await fsp.copyFile(secret, path.join(opts.out, 'secret.key'));
  const manifest: BackupManifest = {
    created_at: new Date().toISOString(),
    files,
    db: { file: 'db.tar.gz', bytes: (await fsp.stat(dbFile)).size, sha256: await sha256Of(dbFile), taken_by: takenBy },
    secret_key: fs.existsSync(secret),
  };
  await fsp.writeFile(path.join(opts.out, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/**
 * Restores a backup folder into `dataDir`, which must hold no database yet (a new instance; move
 * the old DATA_DIR away first). The server must not run on `dataDir` meanwhile.
 */
export async function restoreEmbedded(opts: { from: string; dataDir: string }): Promise<BackupManifest> {
  const manifest = JSON.parse(await fsp.readFile(path.join(opts.from, MANIFEST), 'utf8')) as BackupManifest;
  const dbFile = path.join(opts.from, manifest.db.file);
  if ((await sha256Of(dbFile)) !== manifest.db.sha256) throw new Error(`${dbFile} does not match its manifest (damaged or changed): not restored`);
  const dbDir = path.join(opts.dataDir, 'db');
  if (fs.existsSync(dbDir) && (await fsp.readdir(dbDir)).length) {
    throw new Error(`${dbDir} already holds a database: restore into a new DATA_DIR (or move this one away first)`);
  }
  await fsp.mkdir(dbDir, { recursive: true });
  const { acquireDirLock } = await import('../db/client');
  const release = acquireDirLock(dbDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(dbDir, { loadDataDir: new Blob([await fsp.readFile(dbFile)]) });
    await client.waitReady;
    await client.query('select 1');
    await client.close();
  } finally {
    release();
  }
  await copyTree(path.join(opts.from, 'files'), path.join(opts.dataDir, 'files'));
  const secret = path.join(opts.from, 'secret.key');
  if (fs.existsSync(secret) && !fs.existsSync(path.join(opts.dataDir, 'secret.key'))) {
    await fsp.copyFile(secret, path.join(opts.dataDir, 'secret.key'));
    await fsp.chmod(path.join(opts.dataDir, 'secret.key'), 0o600);
  }
  return manifest;
}
