import { clear, createStore, get, update, type UseStore } from 'idb-keyval';
import { warehouseApi } from '@gemqc/contract';
import { ApiError, callApi } from '../../lib/request';
import { newRequestKey } from '../../lib/useWrite';

/**
 * Scans kept on this PC while the warehouse network is down (IndexedDB, so a reload or a closed
 * tab loses nothing), sent in scan order when it is back. Each scan gets its client request key
 * when it is scanned; the server's idempotency (Intake/receive and Order/ship are idempotent
 * endpoints) answers a repeat of the same key with the first answer, so a scan whose answer was
 * lost and is sent again never receives or ships twice. The queue belongs to the signed-in
 * account: another account on the same browser neither sees nor sends it.
 */
export interface OfflineScan {
  /** The client request key (Idempotency-Key of the write), made when scanned. */
  key: string;
  /** intake: receive the parcel of `code`; ship: ship order `orderId` with carrier and waybill. */
  kind: 'intake' | 'ship';
  /** What was scanned (intake) or the order no (ship). */
  code: string;
  /** When it was scanned (ms since 1970). */
  scannedAt: number;
  /** Who scanned it (`qualityInspection:<account id>`). */
  account: string;
  orderId?: string;
  orderNo?: string;
  carrier?: string;
  waybill?: string;
  /** The write was sent at least once: a lost answer is asked again with the same key, not looked up anew. */
  sent?: boolean;
  state: 'waiting' | 'done' | 'conflict';
  /** What became of it: the batch / waybill, or the server's reason. */
  result?: string;
}

let store: UseStore | null = null;
const db = () => (store ??= createStore('gemqc-offline-scans', 'scans'));

/** Test hook: forget every queue. */
export function resetOfflineStore(): Promise<void> {
  return clear(db());
}

/** The account's queue, oldest scan first. */
export async function listScans(account: string): Promise<OfflineScan[]> {
  return ((await get<OfflineScan[]>(account, db())) ?? []).filter((s) => s.account === account);
}

/** Keeps a scan made while offline (its key and time are set here). */
export async function queueScan(account: string, scan: Omit<OfflineScan, 'key' | 'scannedAt' | 'account' | 'state'> & { key?: string }): Promise<OfflineScan> {
  const entry: OfflineScan = { ...scan, key: scan.key ?? newRequestKey(scan.kind), scannedAt: Date.now(), account, state: 'waiting' };
  await update<OfflineScan[]>(account, (list) => [...(list ?? []), entry], db());
  notify();
  return entry;
}

async function patchScan(account: string, key: string, patch: Partial<OfflineScan>): Promise<void> {
  await update<OfflineScan[]>(account, (list) => (list ?? []).map((s) => (s.key === key ? { ...s, ...patch } : s)), db());
  notify();
}

/** Forgets the scans that are done or refused (the ones still waiting stay). */
export async function clearFinished(account: string): Promise<void> {
  await update<OfflineScan[]>(account, (list) => (list ?? []).filter((s) => s.state === 'waiting'), db());
  notify();
}

const listeners = new Set<() => void>();
function notify(): void {
  for (const l of listeners) l();
}
/** Called whenever a queue changes (the page's list re-reads it). */
export function onScansChanged(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/**
 * A failure that says nothing about the scan: no answer (network), the session ended (403), too
 * many requests or a server fault. The scan stays waiting and is sent again later; any other
 * refusal is the scan's answer (a conflict shown beside it).
 */
export function isTransient(e: unknown): boolean {
  if (!(e instanceof ApiError)) return true;
  return e.code === null || e.code === 403 || e.code === 1029 || e.code >= 1500;
}

/** No answer came at all (the network is down, or the browser is offline): the write may be kept and sent later. */
export function isNoAnswer(e: unknown): boolean {
  return e instanceof ApiError && e.code === null && e.message !== 'aborted';
}

type Outcome = Pick<OfflineScan, 'state' | 'result' | 'orderNo'>;

/** Texts of the outcomes (the page passes its translations). */
export interface ReplayTexts {
  received(batchNo: string): string;
  shipped(waybill: string): string;
}

async function sendOne(account: string, s: OfflineScan, texts: ReplayTexts): Promise<Outcome> {
  if (s.kind === 'ship') {
    await patchScan(account, s.key, { sent: true });
    const r = await callApi(warehouseApi.orderShip, { body: { id: s.orderId ?? '', carrier: s.carrier ?? '', waybill: s.waybill ?? '' }, silent: true, idempotencyKey: s.key });
    return { state: 'done', result: texts.shipped(r.outbound_waybill ?? s.waybill ?? '') };
  }
  let orderId = s.orderId;
  // looked up before and sent: the answer was lost, so ask again with the same key (never a new lookup,
  // which would now call the received parcel a conflict)
  if (!s.sent || !orderId) {
    const d = await callApi(warehouseApi.intakeScan, { body: { code: s.code }, silent: true });
    if (!d.can_receive) return { state: 'conflict', result: d.refusal, orderNo: d.order.order_no };
    orderId = d.order.id;
    await patchScan(account, s.key, { orderId, orderNo: d.order.order_no, sent: true });
  }
  const r = await callApi(warehouseApi.intakeReceive, { body: { id: orderId }, silent: true, idempotencyKey: s.key });
  return { state: 'done', result: texts.received(r.batch.batch_no), orderNo: r.order.order_no };
}

const running = new Set<string>();

/**
 * Sends the account's waiting scans one after another in scan order. Stops at the first scan that
 * fails for a transient reason (it stays first in line); a refused scan is marked conflict with
 * the server's reason and the next one goes on. Resolves with how many were sent successfully.
 * One run per account at a time (also across this browser's tabs, with the Web Locks API).
 */
export async function replayScans(account: string, texts: ReplayTexts): Promise<number> {
  if (running.has(account)) return 0;
  running.add(account);
  try {
    const run = async () => {
      let done = 0;
      for (const s of await listScans(account)) {
        if (s.state !== 'waiting') continue;
        let outcome: Outcome;
        try {
          outcome = await sendOne(account, s, texts);
        } catch (e) {
          if (isTransient(e)) break;
          outcome = { state: 'conflict', result: e instanceof Error ? e.message : String(e) };
        }
        await patchScan(account, s.key, outcome);
        if (outcome.state === 'done') done += 1;
      }
      return done;
    };
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? await locks.request(`gemqc-offline-scans:${account}`, run) : await run();
  } finally {
    running.delete(account);
  }
}
