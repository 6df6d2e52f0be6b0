import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { inspectionApi, recordingMimeTypes, type DataOf, type PhotoUploadData, type QueryOf } from '@gemqc/contract';
import { photoMime, sendRawFile } from '../../lib/upload';
import { ApiError } from '../../lib/request';
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
 * Sends a recording as the raw request body (the endpoint's contract) with progress. A file of a
 * type that is not allowed is refused here (rejects without a request).
 */
/**
 * The length of a picked video in whole seconds, read from its metadata by the browser (the list
 * shows 时长); undefined when the browser cannot tell (an unknown codec, a recorder's WebM without a
 * duration) within a few seconds: the upload goes on without it.
 */
export function readVideoDuration(file: Blob, timeoutMs = 3000): Promise<number | undefined> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const url = URL.createObjectURL(file);
    const done = (seconds: number | undefined) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    video.preload = 'metadata';
    video.muted = true;
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) && video.duration >= 0 ? Math.round(video.duration) : undefined);
    video.onerror = () => done(undefined);
    video.src = url;
  });
}

export function uploadRecording(file: File, query: UploadQuery, onProgress: (percent: number) => void): Promise<Recording> {
  const mime = recordingMime(file);
  if (!mime) return Promise.reject(new ApiError(i18n.t('recording.badType', { ns: 'warehouse' }), 1001, false));
  return sendRawFile<Recording>(inspectionApi.recordingUpload.path, { ...query }, file, mime, onProgress, i18n.t('recording.failed', { ns: 'warehouse' }));
}

export function useUploadRecording() {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: ({ file, query, onProgress }: { file: File; query: UploadQuery; onProgress: (p: number) => void }) => uploadRecording(file, query, onProgress),
    onSuccess: () => void qc.invalidateQueries({ queryKey: warehouseKeys.all }),
  });
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
