import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { inspectionApi, type PhotoUploadData, type QueryOf } from '@gemqc/contract';
import { photoMime, sendRawFile } from '../../lib/upload';
import { ApiError } from '../../lib/request';
import i18n from '../../i18n';
import { uploadRecording, type RecordingUploadQuery } from '../recordings';
import { warehouseKeys } from './api';

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

export function useUploadRecording() {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: ({ file, query, onProgress }: { file: File; query: RecordingUploadQuery; onProgress: (p: number) => void }) =>
      uploadRecording(file, query, onProgress, { badType: i18n.t('recording.badType', { ns: 'warehouse' }), failed: i18n.t('recording.failed', { ns: 'warehouse' }) }),
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
