import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { recordingMimeTypes, recordingsApi, type DataOf, type QueryOf } from '@gemqc/contract';
import { ApiError, BASE_URL, callApi } from '../../lib/request';
import { sendRawFile } from '../../lib/upload';

export type VideoQuery = NonNullable<QueryOf<typeof recordingsApi.merchant.videoList>>;

/** Recordings (录像管理) of the merchant's orders. */
export function useVideos(query: VideoQuery) {
  return useQuery({
    queryKey: ['merchant', 'orders', 'videos', query],
    queryFn: ({ signal }) => callApi(recordingsApi.merchant.videoList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The playable address of a recording: the server signs `url` (exp + sig) so a <video> element
 * can stream it with Range requests without the session headers.
 */
export function videoSrc(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  if (url.startsWith(`${BASE_URL}/`)) return url;
  return `${BASE_URL}${url.startsWith('/') ? '' : '/'}${url}`;
}

type Recording = DataOf<typeof recordingsApi.upload>;
export type RecordingUploadQuery = Omit<QueryOf<typeof recordingsApi.upload>, 'duration_seconds'> & { duration_seconds?: number };

const MIME_BY_EXT: Record<string, (typeof recordingMimeTypes)[number]> = { mp4: 'video/mp4', m4v: 'video/mp4', webm: 'video/webm', mov: 'video/quicktime' };

/** The Content-Type to send for a picked file (browsers leave `type` empty for some .mov files), or null when not allowed. */
export function recordingMime(file: { name: string; type: string }): string | null {
  if ((recordingMimeTypes as readonly string[]).includes(file.type)) return file.type;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? '';
  return MIME_BY_EXT[ext] ?? null;
}

/**
 * Sends a recording (质检端 录像) as the raw request body (the endpoint's contract) with progress. A
 * file of a type that is not allowed is refused here (rejects without a request); `texts` are the
 * calling page's words for that refusal and for a failed upload.
 */
export function uploadRecording(file: File, query: RecordingUploadQuery, onProgress: (percent: number) => void, texts: { badType: string; failed: string }): Promise<Recording> {
  const mime = recordingMime(file);
  if (!mime) return Promise.reject(new ApiError(texts.badType, 1001, false));
  return sendRawFile<Recording>(recordingsApi.upload.path, { ...query }, file, mime, onProgress, texts.failed);
}
