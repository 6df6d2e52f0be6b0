import type { Db } from '../../db/client';
import type { FileStorage } from '../../platform/storage';
import * as repo from './repo';

/**
 * Deleting inspection photos that no record uses: the ones an edit of a result drops (right after
 * `Inspection/submit` commits) and, hourly, the ones uploaded but never submitted
 * (`sweepUnusedPhotos`, from the housekeeping in plugins/backgroundJobs.ts).
 *
 * A photo is deleted only while no inspection record lists it, decided under a share lock on its
 * order: a submit locks the order for update and checks that each new photo still exists under
 * that lock, so a photo is either recorded (and then kept) or deleted (and then refused with
 * 「第N张照片无效」), never recorded and deleted.
 */

/** Where a failure to delete a file is reported (a pino/Fastify logger fits). */
export interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** Hours an unused photo is kept: one being uploaded, or waiting in an open form, is younger. */
export const PHOTO_GRACE_HOURS = 24;

/** The order a folder `photos/<order id>/` names, or null (a file outside such a folder). */
function orderOfKey(key: string): number | null {
  const m = /^photos\/(\d{1,15})\//.exec(key);
  return m ? Number(m[1]) : null;
}

/**
 * Deletes those of `keys` (all in `photos/<orderId>/`, or with orderId null: outside any order's
 * folder) that no inspection record lists. Answers how many were deleted and how many could not
 * be (each logged).
 */
export async function deleteUnlistedPhotos(
  db: Db,
  storage: FileStorage,
  orderId: number | null,
  keys: string[],
  log?: WarnLog,
): Promise<{ deleted: number; failed: number }> {
  if (!keys.length) return { deleted: 0, failed: 0 };
  return db.transaction(async (tx) => {
    let listed: Set<string>;
    if (orderId === null) {
      // only photoUpload writes under photos/, always into an order's folder, and submit records
      // only such keys: nothing can come to list these while we look
      listed = await repo.photoKeysListed(tx, keys);
    } else {
      // the lock first, the keys in a statement of their own: it sees what a submit that held the
      // order committed (a locking query's snapshot is older than the lock it waited for)
      await repo.lockOrderShared(tx, orderId);
      listed = await repo.photoKeysOfOrder(tx, orderId);
    }
    let deleted = 0;
    let failed = 0;
    for (const key of keys) {
      if (listed.has(key)) continue;
      try {
        await storage.delete(key);
        deleted++;
      } catch (err) {
        failed++;
        log?.warn({ err, key }, 'could not delete an unused inspection photo');
      }
    }
    return { deleted, failed };
  });
}

/**
 * Deletes every file under `photos/` older than the grace period (by its mtime) that no inspection
 * record lists: one lock and one query per order folder that has such files, not per file.
 * Answers how many files were looked at, deleted, and could not be deleted (each logged).
 */
export async function sweepUnusedPhotos(
  db: Db,
  storage: FileStorage,
  now: Date,
  opts: { graceHours?: number; log?: WarnLog } = {},
): Promise<{ scanned: number; deleted: number; failed: number }> {
  const { graceHours = PHOTO_GRACE_HOURS, log } = opts;
  const cutoff = now.getTime() - graceHours * 3600_000;
  const files = await storage.list('photos/');
  const byOrder = new Map<number | null, string[]>();
  for (const f of files) {
    if (f.mtime.getTime() > cutoff) continue;
    const orderId = orderOfKey(f.key);
    const keys = byOrder.get(orderId);
    if (keys) keys.push(f.key);
    else byOrder.set(orderId, [f.key]);
  }
  let deleted = 0;
  let failed = 0;
  for (const [orderId, keys] of byOrder) {
    const r = await deleteUnlistedPhotos(db, storage, orderId, keys, log);
    deleted += r.deleted;
    failed += r.failed;
  }
  return { scanned: files.length, deleted, failed };
}
