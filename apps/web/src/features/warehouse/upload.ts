import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inspectionApi, photoMimeTypes, recordingMimeTypes, type DataOf, type PhotoUploadData, type QueryOf } from '@gemqc/contract';
import { ApiError, buildUrl, refusal, reloginMark, SUCCESS_CODES } from '../../lib/request';
import { getToken } from '../../lib/storage';
import { ui } from '../../lib/ui';
import i18n from '../../i18n';
import { warehouseKeys } from './api';

type Recording = DataOf<typeof inspectionApi.recordingUpload>;
type UploadQuery = Omit<QueryOf<typeof inspectionApi.recordingUpload>, 'duration_seconds'> & { duration_seconds?: number };

const MIME_BY_EXT: Record<string, (typeof recordingMimeTypes)[number]> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };

/** The Content-Type to send for a picked file (browsers leave `type` empty for some .mov files), or null when not allowed. */
export function recordingMime(file: { name: string; type: string }): string | null {
  if ((recordingMimeTypes as readonly string[]).includes(file.type)) return file.type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return MIME_BY_EXT[ext] ?? null;
}

type QueryValues = Parameters<typeof buildUrl>[1];

/**
 * Sends a file as the raw request body of an upload endpoint with XMLHttpRequest, which reports
 * upload progress (fetch does not). A refusal is shown (403: the re-login dialog) and rejects; `failed`
 * is the text when the answer carries no message. An aborted `signal` stops the upload (rejects
 * silently).
 */
export function sendRawFile<T>(
  path: string,
  query: QueryValues,
  file: Blob,
  mime: string,
  onProgress: (percent: number) => void,
  failed: string,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const mark = reloginMark();
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, query));
    const token = getToken();
    if (token) {
      xhr.setRequestHeader('Authorization', `Bearer ${token}`);
      xhr.setRequestHeader('token', token);
    }
    xhr.setRequestHeader('Content-Type', mime);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onerror = () => {
      ui().message.error(i18n.t('request.networkToast'), 5);
      reject(new ApiError(i18n.t('request.networkError'), null, true));
    };
    xhr.onabort = () => reject(new ApiError(failed, null, true));
    xhr.onload = () => {
      let env: { code?: number; msg?: string; data?: unknown } = {};
      try {
        env = JSON.parse(xhr.responseText) as typeof env;
      } catch {
        /* not JSON */
      }
      if (typeof env.code === 'number' && SUCCESS_CODES.includes(env.code)) {
        onProgress(100);
        resolve(env.data as T);
        return;
      }
      reject(refusal(env, mark, failed));
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * Sends a recording as the raw request body (the endpoint's contract) with progress. A file of a
 * type that is not allowed is refused here (rejects without a request).
 */
export function uploadRecording(file: File, query: UploadQuery, onProgress: (percent: number) => void): Promise<Recording> {
  const mime = recordingMime(file);
  if (!mime) return Promise.reject(new ApiError(i18n.t('recording.badType', { ns: 'warehouse' }), 1001, false));
  return sendRawFile<Recording>(inspectionApi.recordingUpload.path, { ...query }, file, mime, onProgress, i18n.t('recording.failed', { ns: 'warehouse' }));
}

export function useUploadRecording() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, query, onProgress }: { file: File; query: UploadQuery; onProgress: (p: number) => void }) => uploadRecording(file, query, onProgress),
    onSuccess: () => void qc.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}

const PHOTO_MIME_BY_EXT: Record<string, (typeof photoMimeTypes)[number]> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', jfif: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The Content-Type to send for a picked photo (by its type, else its extension), or null when not a JPEG, PNG or WebP. */
export function photoMime(file: { name: string; type: string }): string | null {
  if ((photoMimeTypes as readonly string[]).includes(file.type)) return file.type;
  if (file.type && file.type !== 'application/octet-stream') return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return PHOTO_MIME_BY_EXT[ext] ?? null;
}

/**
 * Sends an inspection photo (raw body) for an item with progress; answers its key (for the
 * submit's photos) and a signed url. A file that is not a JPEG, PNG or WebP is refused here.
 */
export function uploadPhoto(
  file: File,
  query: QueryOf<typeof inspectionApi.photoUpload>,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<PhotoUploadData> {
  const mime = photoMime(file);
  if (!mime) return Promise.reject(new ApiError(i18n.t('photo.badType', { ns: 'warehouse' }), 1001, false));
  return sendRawFile<PhotoUploadData>(inspectionApi.photoUpload.path, { ...query }, file, mime, onProgress, i18n.t('photo.failed', { ns: 'warehouse' }), signal);
}
