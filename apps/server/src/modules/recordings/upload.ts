import crypto from 'node:crypto';
import { chinaDay, recordingKinds, recordingMimeTypes, type DataOf, type recordingsApi } from '@gemqc/contract';
import type { Db } from '../../db/client';
import type { RecordingKind } from '../../db/schema';
import { BusinessError, NotFoundError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { storeRawUpload, type RawUpload, type UploadRule } from '../../platform/upload';
import type { CentreCaller } from '../../platform/actor';
import * as orders from '../orders/service';
import * as repo from './repo';
import { recordingView } from '../orders/views';

// The warehouse's recording upload (Recording/upload): it checks the order's state through orders'
// service, which service.ts (the views an order's detail shows) must not.

type RecordingView = DataOf<typeof recordingsApi.upload>;

/** Orders whose goods are (or were) at the centre: recordings may be attached. */
const recordableStatuses: readonly string[] = ['received', 'inspecting', 'passed', 'failed', 'unable', 'bound', 'shipped', 'completed', 'intercepted', 'return_pending', 'returned', 'picked_up'];

const extOf: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/quicktime': 'mov' };
const TYPE_MSG = '只支持上传 MP4、WebM 或 MOV（QuickTime）格式的视频';

/** ISO media (mp4/mov) starts with a box whose type is at bytes 4..8; WebM with the EBML magic. */
function looksLike(mime: string, head: Buffer): boolean {
  if (mime === 'video/webm') return head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3;
  if (head.length < 8) return false;
  return ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(head.subarray(4, 8).toString('latin1'));
}

/** A recording: one of the video types, its first bytes of the declared type. */
function recordingRule(maxBytes: number): UploadRule {
  return { accept: recordingMimeTypes, headBytes: 12, sniff: (head, declared) => (looksLike(declared, head) ? declared : null), maxBytes };
}

/**
 * Stores a recording (the raw request body) under recordings/yyyy/mm/ and adds its row. The file
 * is written to a temp name and renamed when complete, so a refused, too large or aborted upload
 * leaves no file and no row.
 */
export async function uploadRecording(
  deps: { db: Db; storage: FileStorage; maxBytes: number },
  caller: CentreCaller,
  q: { order_id: number; kind: RecordingKind; file_name?: string; duration_seconds?: number },
  upload: RawUpload,
  now: Date,
  urlOf: (id: number) => string,
): Promise<RecordingView> {
  const { db, storage, maxBytes } = deps;
  const order = await orders.findOrder(db, q.order_id, { centreId: caller.centreId });
  if (!order) throw new NotFoundError('订单不存在');
  if (!recordableStatuses.includes(order.status)) {
    const why = order.status === 'cancelled' ? '订单已取消，不能上传录像' : '订单尚未入仓，不能上传录像';
    throw new BusinessError(why, 'recording.order_state', { status: order.status });
  }
  const mb = Math.floor(maxBytes / 1048576);
  const day = chinaDay(now);
  const { key, mime, size } = await storeRawUpload(
    storage,
    upload,
    recordingRule(maxBytes),
    (m) => `recordings/${day.slice(0, 4)}/${day.slice(5, 7)}/${crypto.randomBytes(12).toString('hex')}.${extOf[m]}`,
    {
      type: () => new BusinessError(TYPE_MSG, 'recording.type'),
      tooLarge: () => new BusinessError(`录像文件不能超过 ${mb > 0 ? `${mb} MB` : `${maxBytes} 字节`}，请压缩或分段后再上传`, 'recording.too_large', { max_bytes: maxBytes }),
      content: (m) => new BusinessError(`文件内容不是有效的${m === 'video/webm' ? ' WebM' : ' MP4/MOV'} 视频，${TYPE_MSG}`, 'recording.not_video'),
      aborted: () => new BusinessError('上传中断，录像未保存，请重新上传', 'recording.aborted'),
    },
  );
  try {
    const kindText = recordingKinds.find((k) => k.value === q.kind)?.label ?? q.kind;
    const rec = await db.transaction((tx) =>
      repo.insertRecording(tx, {
        orderId: order.id,
        kind: q.kind,
        fileKey: key,
        fileName: q.file_name || `${order.orderNo}-${kindText}.${extOf[mime]}`,
        mime,
        size,
        durationSeconds: q.duration_seconds ?? null,
        uploadedBy: caller.actor.id,
        uploadedByName: caller.actor.name,
        uploadedAt: now,
      }),
    );
    return recordingView(rec, order.orderNo, urlOf);
  } catch (err) {
    await storage.delete(key).catch(() => {});
    throw err;
  }
}
