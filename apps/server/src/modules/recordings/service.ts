import fs from 'node:fs';
import { type DataOf, type recordingsApi, type SortKeyOf, type videoSort } from '@gemqc/contract';
import type { ListSortQuery } from '../../platform/listSort';
import type { Db } from '../../db/client';
import type { RecordingKind } from '../../db/schema';
import { DEMO_VIDEO_FILE, DEMO_VIDEO_KEY } from '../../db/seeds/orders';
import { NotFoundError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { dayRange } from '../../platform/format';
import { recordingView } from '../orders/views';
import * as repo from './repo';

type VideoList = DataOf<typeof recordingsApi.merchant.videoList>;


export async function videoList(
  db: Db,
  merchantId: number,
  q: { page: number; page_size: number; order_no?: string; kind?: 'unboxing' | 'inspection' | 'packing'; start_date?: string; end_date?: string } & ListSortQuery<SortKeyOf<typeof videoSort>>,
  urlOf: (id: number) => string,
): Promise<VideoList> {
  const { from, to } = dayRange(q.start_date, q.end_date);
  const { rows, total } = await repo.listRecordings(db, { scope: { merchantId }, orderNo: q.order_no, kind: q.kind, from, to }, { limit: q.page_size, offset: (q.page - 1) * q.page_size }, q);
  return {
    list: rows.map((r) => recordingView(r.rec, r.orderNo, urlOf)),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/**
 * The stored file of a recording. `merchantId` null = the caller proved access with a signed link;
 * otherwise another merchant's recording is "not found". The demo recording is copied into file
 * storage on first use.
 */
export async function videoFile(db: Db, storage: FileStorage, id: number, merchantId: number | null): Promise<{ key: string; mime: string; fileName: string }> {
  const row = await repo.recordingById(db, id);
  if (!row || (merchantId !== null && row.merchantId !== merchantId)) throw new NotFoundError('录像不存在或已被删除');
  const key = row.rec.fileKey;
  if (key === DEMO_VIDEO_KEY && !(await storage.stat(key)) && fs.existsSync(DEMO_VIDEO_FILE)) {
    await storage.put(key, fs.createReadStream(DEMO_VIDEO_FILE));
  }
  return { key, mime: row.rec.mime, fileName: row.rec.fileName || `${row.orderNo}.mp4` };
}

/** The centre's recordings (Recording/list: the warehouse's 录像, newest first). */
export async function centreRecordingList(
  db: Db,
  centreId: number,
  q: { page: number; page_size: number; order_id?: number; order_no?: string; kind?: RecordingKind },
  urlOf: (id: number) => string,
): Promise<DataOf<typeof recordingsApi.list>> {
  const { rows, total } = await repo.listRecordings(
    db,
    { scope: { centreId }, orderId: q.order_id, orderNo: q.order_no?.toUpperCase(), kind: q.kind },
    { limit: q.page_size, offset: (q.page - 1) * q.page_size },
  );
  return { list: rows.map((r) => recordingView(r.rec, r.orderNo, urlOf)), total, page: q.page, page_size: q.page_size };
}
