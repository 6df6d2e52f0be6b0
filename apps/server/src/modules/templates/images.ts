import crypto from 'node:crypto';
import { TEMPLATE_IMAGE_MAX_BYTES, TEMPLATE_IMAGE_MIME_TYPES, type TemplateImageUploadData } from '@gemqc/contract';
import { BusinessError } from '../../platform/errors';
import type { FileStorage } from '../../platform/storage';
import { DEFAULT_IMAGE_MAX_PIXELS, storeRawUpload, type RawUpload, type UploadRule } from '../../platform/upload';
import { sniffImage } from '../photos/keys';

/**
 * Pictures of template image items, in the app's file storage under
 * `template-images/<centre id>/<24 hex>.<png|jpg>`. Their links are public and never change: C-Lodop
 * on the warehouse PC fetches the picture itself, without the session, and a saved template keeps
 * the link. The random part of the key is what keeps them unlisted.
 */
const EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const MIME_OF_EXT: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };
const KEY_RE = /^template-images\/\d{1,18}\/[0-9a-f]{24}\.(png|jpg)$/;

const TYPE_MSG = '图片只支持 PNG 或 JPG 格式';

export function parseTemplateImageKey(key: string): { mime: string } | null {
  const m = KEY_RE.exec(key);
  return m ? { mime: MIME_OF_EXT[m[1]!]! } : null;
}

/** A new, unguessable key for a picture of a centre's templates (PNG or JPEG). */
export const newTemplateImageKey = (centreId: number, mime: string): string => `template-images/${centreId}/${crypto.randomBytes(12).toString('hex')}.${EXT[mime] ?? 'png'}`;

export const templateImageUrl = (key: string): string => `/publics/v1/Template/image?key=${encodeURIComponent(key)}`;

/** PNG or JPEG, as declared and as the first bytes show, at most `maxPixels` (IMAGE_MAX_PIXELS). */
const templateImageRule = (maxPixels: number): UploadRule => ({
  accept: TEMPLATE_IMAGE_MIME_TYPES,
  headBytes: 12,
  sniff: (head) => {
    const mime = sniffImage(head);
    return mime && mime in EXT ? mime : null;
  },
  maxBytes: TEMPLATE_IMAGE_MAX_BYTES,
  maxPixels,
});

export async function uploadTemplateImage(
  deps: { storage: FileStorage; maxPixels?: number },
  centreId: number,
  upload: RawUpload,
): Promise<TemplateImageUploadData> {
  const { key, mime, size } = await storeRawUpload(
    deps.storage,
    upload,
    templateImageRule(deps.maxPixels ?? DEFAULT_IMAGE_MAX_PIXELS),
    (m) => newTemplateImageKey(centreId, m),
    {
      type: () => new BusinessError(TYPE_MSG, 'template.image_type'),
      tooLarge: () => new BusinessError(`图片不能超过 ${TEMPLATE_IMAGE_MAX_BYTES / 1048576} MB，请压缩后再上传`, 'template.image_too_large', { max_bytes: TEMPLATE_IMAGE_MAX_BYTES }),
      content: () => new BusinessError(`文件内容不是有效的图片，${TYPE_MSG}`, 'template.image_not_image'),
      aborted: () => new BusinessError('上传中断，图片未保存，请重新上传', 'template.image_aborted'),
    },
  );
  return { key, url: templateImageUrl(key), mime, size };
}
