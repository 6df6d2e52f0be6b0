import { z } from 'zod';
import { endpoint, ref } from './common';

/**
 * Photos of an order (检测照片, and a pickup's signature photo): the warehouse uploads one and gets
 * its key and a signed link; anyone with a signed link loads it in an <img>. URLs stay the
 * specification's (`/warehouse/v1/Inspection/photoUpload`, `/publics/v1/Inspection/photo`).
 */

/** Allowed photo types (Content-Type of the upload; the server checks the first bytes too). */
export const photoMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const photoUploadQuery = z
  .object({
    /** The order the photo belongs to (the item's order when only item_id is given). */
    order_id: ref('order').optional(),
    /** The item being inspected (must belong to order_id when both are given). */
    item_id: ref('item').optional(),
  })
  .refine((q) => q.order_id !== undefined || q.item_id !== undefined, { error: '请指定照片所属的订单或物品' });

export const photoUploadData = z.object({
  /** Send it in `Inspection/submit` photos. */
  key: z.string(),
  /** Relative to /api; signed for some hours, so it works as <img src> without headers. */
  url: z.string(),
  mime: z.string(),
  /** bytes */
  size: z.number(),
});
export type PhotoUploadData = z.infer<typeof photoUploadData>;

export const photosApi = {
  upload: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Inspection/photoUpload',
    summary:
      'Upload an inspection photo: the raw image is the request body (Content-Type image/jpeg, image/png or image/webp, first bytes checked; size limit PHOTO_MAX_BYTES); order_id and/or item_id in the query. Answers the key to send in Inspection/submit photos and a signed url',
    query: photoUploadQuery,
    data: photoUploadData,
  }),
  photo: endpoint({
    method: 'GET',
    path: '/publics/v1/Inspection/photo',
    summary: 'An inspection photo (the signed key+exp+sig of a url from photoUpload, an order detail or the certificate check; for <img src>)',
    query: z.object({
      key: z.string().max(200),
      exp: z.coerce.number().int().optional(),
      sig: z.string().max(128).optional(),
    }),
    data: z.unknown(),
  }),
};
