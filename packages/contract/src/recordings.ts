import { z } from 'zod';
import { calendarDay, endpoint, listSort, pageQuery, paged, ref } from './common';

/**
 * Recordings (录像): the warehouse uploads the unboxing, inspection and packing videos of an order
 * and lists its centre's; the merchant lists and plays its own (录像管理). URLs stay the
 * specification's (`/warehouse/v1/Recording/...`, `/merchant/v1/Testing/video...`).
 */

export const recordingKinds = [
  { value: 'unboxing', label: '开箱录像' },
  { value: 'inspection', label: '检测录像' },
  { value: 'packing', label: '打包录像' },
] as const;

export const recordingView = z.object({
  id: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  kind: z.string(),
  kind_text: z.string(),
  file_name: z.string(),
  mime: z.string(),
  /** bytes */
  size: z.number(),
  duration_seconds: z.number().nullable(),
  uploaded_by_name: z.string(),
  uploaded_at: z.string(),
  /** Relative to /api; signed for some hours, so it works as <video src> without headers; supports Range requests. */
  url: z.string(),
});

/** 录像管理 sorts by 上传时间 (default: newest first) and 时长. */
export const videoSort = listSort({ uploaded_at: '上传时间', duration_seconds: '时长' });
export const videoListQuery = pageQuery.extend({
  order_no: z.string().trim().max(32, { error: '订单号不能超过32个字' }).optional().transform((v) => v || undefined),
  kind: z.enum(['unboxing', 'inspection', 'packing'], { error: '录像类型不正确' }).optional(),
  start_date: calendarDay().optional(),
  end_date: calendarDay().optional(),
  ...videoSort.shape,
});

export const recordingUploadQuery = z.object({
  order_id: ref('order'),
  kind: z.enum(['unboxing', 'inspection', 'packing'], { error: '请选择录像类型（开箱、检测或打包）' }),
  /** Original file name (shown to the merchant); default `<order no>-<kind>.<ext>`. */
  file_name: z.string().trim().max(100, { error: '文件名不能超过100个字' }).optional(),
  duration_seconds: z.coerce.number({ error: '录像时长必须是数字' }).int({ error: '录像时长必须是整数秒' }).min(0, { error: '录像时长不能小于0' }).max(86_400, { error: '录像时长过长' }).optional(),
});

/** Allowed recording types (Content-Type of the upload). */
export const recordingMimeTypes = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

export const recordingListQuery = pageQuery.extend({
  order_id: ref('order').optional(),
  order_no: z.string().trim().max(32, { error: '订单号不能超过32个字符' }).optional().transform((v) => v || undefined),
  kind: z.enum(['unboxing', 'inspection', 'packing'], { error: '录像类型不正确' }).optional(),
});

export const recordingsApi = {
  upload: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Recording/upload',
    summary:
      'Upload a recording: the raw video file is the request body (Content-Type video/mp4, video/webm or video/quicktime; size limit RECORDING_MAX_BYTES); order_id, kind, file_name, duration_seconds in the query',
    query: recordingUploadQuery,
    data: recordingView,
  }),
  list: endpoint({ method: 'GET', path: '/warehouse/v1/Recording/list', summary: 'Recordings of the centre’s orders (url: signed, plays in <video>)', query: recordingListQuery, data: paged(recordingView) }),
  merchant: {
    videoList: endpoint({ method: 'GET', path: '/merchant/v1/Testing/videoList', summary: 'Recordings of the merchant’s orders', query: videoListQuery, data: paged(recordingView) }),
    video: endpoint({
      method: 'GET',
      path: '/merchant/v1/Testing/video',
      summary: 'The recording file (HTTP Range requests → 206). Session headers, or the signed exp+sig of the url in videoList (for <video src>)',
      query: z.object({ id: ref('recording'), exp: z.coerce.number().int().optional(), sig: z.string().max(128).optional() }),
      data: z.unknown(),
    }),
  },
};
