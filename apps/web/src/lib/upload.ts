import { photoMimeTypes } from '@gemqc/contract';
import { ApiError, buildUrl, offlineError, refusal, reloginMark, SUCCESS_CODES } from './request';
import { browserOffline, markNetworkFailure, markNetworkOk } from './network';
import { getToken } from './storage';
import { ui } from './ui';
import i18n from '../i18n';

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
    // offline: said at once, not after a progress bar that never moves
    if (browserOffline()) {
      reject(offlineError());
      return;
    }
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
      markNetworkFailure();
      ui().message.error(i18n.t('request.networkToast'), 5);
      reject(new ApiError(i18n.t('request.networkError'), null, true));
    };
    xhr.onabort = () => reject(new ApiError(failed, null, true));
    xhr.onload = () => {
      markNetworkOk();
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

const PHOTO_MIME_BY_EXT: Record<string, (typeof photoMimeTypes)[number]> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', jfif: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** The Content-Type to send for a picked photo (by its type, else its extension), or null when not a JPEG, PNG or WebP. */
export function photoMime(file: { name: string; type: string }): string | null {
  if ((photoMimeTypes as readonly string[]).includes(file.type)) return file.type;
  if (file.type && file.type !== 'application/octet-stream') return null;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return PHOTO_MIME_BY_EXT[ext] ?? null;
}
