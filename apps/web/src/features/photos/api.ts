import { photosApi, type PhotoUploadData, type QueryOf } from '@gemqc/contract';
import { ApiError } from '../../lib/request';
import { photoMime, sendRawFile } from '../../lib/upload';

export type PhotoUploadQuery = QueryOf<typeof photosApi.upload>;

/**
 * Sends a photo of an order (raw body) with progress; answers its key (for the submit's photos)
 * and a signed url. A file that is not a JPEG, PNG or WebP is refused here, without a request;
 * `texts` are the calling page's words for that refusal and for a failed upload.
 */
export function sendPhoto(file: File, query: PhotoUploadQuery, onProgress: (percent: number) => void, texts: { badType: string; failed: string }, signal?: AbortSignal): Promise<PhotoUploadData> {
  const mime = photoMime(file);
  if (!mime) return Promise.reject(new ApiError(texts.badType, 1001, false));
  return sendRawFile<PhotoUploadData>(photosApi.upload.path, { ...query }, file, mime, onProgress, texts.failed, signal);
}
