import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import type { PhotoUploadData } from '@gemqc/contract';
import i18n from '../../i18n';
import { sendPhoto, type PhotoUploadQuery } from '../photos';
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
 * Sends an inspection photo for an item (features/photos) in this page's words: a file that is not
 * a JPEG, PNG or WebP is refused without a request.
 */
export function uploadPhoto(file: File, query: PhotoUploadQuery, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<PhotoUploadData> {
  return sendPhoto(file, query, onProgress, { badType: i18n.t('photo.badType', { ns: 'warehouse' }), failed: i18n.t('photo.failed', { ns: 'warehouse' }) }, signal);
}
