import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inspectionApi, recordingMimeTypes, type DataOf, type QueryOf } from '@gemqc/contract';
import { ApiError, buildUrl, SUCCESS_CODES } from '../../lib/request';
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

/**
 * Sends a recording as the raw request body (the endpoint's contract) with XMLHttpRequest, which
 * reports upload progress (fetch does not). A refusal is shown like any other 1001 and rejects.
 */
export function uploadRecording(file: File, query: UploadQuery, onProgress: (percent: number) => void): Promise<Recording> {
  const mime = recordingMime(file);
  return new Promise((resolve, reject) => {
    if (!mime) {
      reject(new ApiError(i18n.t('recording.badType', { ns: 'warehouse' }), 1001, false));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(inspectionApi.recordingUpload.path, { ...query }));
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
    xhr.onload = () => {
      let env: { code?: number; msg?: string; data?: unknown } = {};
      try {
        env = JSON.parse(xhr.responseText) as typeof env;
      } catch {
        /* not JSON */
      }
      if (typeof env.code === 'number' && SUCCESS_CODES.includes(env.code)) {
        onProgress(100);
        resolve(env.data as Recording);
        return;
      }
      const msg = env.msg || i18n.t('recording.failed', { ns: 'warehouse' });
      ui().message.error(msg, 3);
      reject(new ApiError(msg, typeof env.code === 'number' ? env.code : null, true));
    };
    xhr.send(file);
  });
}

export function useUploadRecording() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, query, onProgress }: { file: File; query: UploadQuery; onProgress: (p: number) => void }) => uploadRecording(file, query, onProgress),
    onSuccess: () => void qc.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
}
