import { orderStatusLabel, type PhotoUploadData } from '@gemqc/contract';
import type { Db } from '../../db/client';
import { BusinessError, NotFoundError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { storeRawUpload, type RawUpload } from '../../platform/upload';
import type { CentreCaller } from '../../platform/actor';
import * as orders from '../orders/service';
import { statusPhrase } from '../orders/stateMachine';
import type { PhotoUrlOf } from '../orders/views';
import { newPhotoKey, parsePhotoKey, photoRule } from './keys';

/**
 * Why photos cannot be uploaded for an order in this state (the inspection's own rule: results, and
 * their photos, are recorded while it is received or inspecting); null when they can.
 */
function notPhotographable(status: string): string | null {
  if (status === 'received' || status === 'inspecting') return null;
  if (['created', 'awaiting_arrival'].includes(status)) return '订单尚未入仓，不能上传检测照片';
  if (['passed', 'failed', 'unable'].includes(status)) return `订单已检测完成（${orderStatusLabel(status)}），不能再上传检测照片`;
  return `订单${statusPhrase(status)}，不能上传检测照片`;
}

/** Whether `key` is a photo uploaded for this order that is still stored (call it under the order's lock). */
export async function isStoredPhotoOf(storage: FileStorage, orderId: number, key: string): Promise<boolean> {
  return parsePhotoKey(key)?.orderId === orderId && (await storage.stat(key)) !== null;
}

const PHOTO_TYPE_MSG = '只支持上传 JPG、PNG 或 WebP 格式的照片';

/**
 * Stores an inspection photo (the raw request body: JPEG, PNG or WebP by its first bytes, at most
 * `maxBytes`) under `photos/<order id>/` and answers its key (for `Inspection/submit` photos) and a
 * signed url. Only for the centre's own orders that are received or inspecting (when results may
 * be recorded); a refused, too large or aborted upload leaves no file.
 */
export async function uploadPhoto(
  deps: { db: Db; storage: FileStorage; maxBytes: number; maxPixels?: number },
  caller: CentreCaller,
  q: { order_id?: number; item_id?: number },
  upload: RawUpload,
  urlOf: PhotoUrlOf,
): Promise<PhotoUploadData> {
  const { db, storage, maxBytes } = deps;
  let orderId = q.order_id;
  if (q.item_id !== undefined) {
    const found = await orders.itemOfCentre(db, q.item_id, caller.centreId);
    if (!found || (orderId !== undefined && found.orderId !== orderId)) throw new NotFoundError('检测物品不存在', 'inspection.item_not_found');
    orderId = found.orderId;
  }
  const order = orderId === undefined ? undefined : await orders.findOrder(db, orderId, { centreId: caller.centreId });
  if (!order) throw new NotFoundError('订单不存在');
  const why = notPhotographable(order.status);
  if (why) throw new BusinessError(why, 'inspection.photo_order_state', { status: order.status });
  return storeOrderPhoto({ storage, maxBytes, maxPixels: deps.maxPixels }, order.id, upload, urlOf);
}

/**
 * Stores a photo of an order (JPEG, PNG or WebP by its first bytes, at most `maxBytes`) under
 * `photos/<order id>/` — the inspection photos and a pickup's signature photo: the caller has
 * checked the order. A photo no record keeps is swept after PHOTO_GRACE_HOURS (cleanup.ts).
 */
export async function storeOrderPhoto(
  deps: { storage: FileStorage; maxBytes: number; maxPixels?: number },
  orderId: number,
  upload: RawUpload,
  urlOf: PhotoUrlOf,
): Promise<PhotoUploadData> {
  const { storage, maxBytes } = deps;
  const mb = Math.floor(maxBytes / 1048576);
  const { key, mime, size } = await storeRawUpload(storage, upload, photoRule(maxBytes, deps.maxPixels), (m) => newPhotoKey(orderId, m), {
    type: () => new BusinessError(PHOTO_TYPE_MSG, 'inspection.photo_type'),
    tooLarge: () => new BusinessError(`照片不能超过 ${mb > 0 ? `${mb} MB` : `${maxBytes} 字节`}，请压缩后再上传`, 'inspection.photo_too_large', { max_bytes: maxBytes }),
    content: () => new BusinessError(`文件内容不是有效的图片，${PHOTO_TYPE_MSG}`, 'inspection.photo_not_image'),
    aborted: () => new BusinessError('上传中断，照片未保存，请重新上传', 'inspection.photo_aborted'),
  });
  return { key, url: urlOf(key), mime, size };
}
