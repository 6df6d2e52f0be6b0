import { inChina } from '../../lib/chinaTime';
/**
 * Recording from the browser's camera (DOMAIN §6: a recording is uploaded "from the warehouse (file or
 * the browser's camera)"): what the browser can do, and the file a finished recording becomes.
 */

/** A camera recording stops by itself after this long (a forgotten recorder would fill the disk). */
export const CAMERA_MAX_SECONDS = 30 * 60;

/** Recorder formats in order of preference; the upload accepts WebM and MP4 (recordingMimeTypes). */
const RECORDER_TYPES = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'];

export type CameraProblem = 'insecure' | 'unsupported' | 'denied' | 'notFound' | 'busy' | 'failed';

/**
 * Why this browser cannot record, or null when it can. getUserMedia exists only in a secure context
 * (HTTPS or localhost): a station opening the app at http://192.168.x.x gets no camera at all.
 */
export function cameraUnavailable(w: { isSecureContext?: boolean; navigator: Navigator; MediaRecorder?: unknown } = window): CameraProblem | null {
  if (w.isSecureContext === false) return 'insecure';
  if (typeof w.navigator.mediaDevices?.getUserMedia !== 'function' || typeof w.MediaRecorder !== 'function') return 'unsupported';
  return null;
}

/** The recorder format to ask for: the first this browser supports ('' lets the browser choose). */
export function recorderMimeType(isSupported: (type: string) => boolean = (t) => MediaRecorder.isTypeSupported(t)): string {
  return RECORDER_TYPES.find((t) => isSupported(t)) ?? '';
}

/** The Content-Type to upload a recorded blob as: its container without codec parameters. */
export function uploadTypeOf(blobType: string): 'video/webm' | 'video/mp4' {
  return blobType.split(';')[0]!.trim().toLowerCase() === 'video/mp4' ? 'video/mp4' : 'video/webm';
}

/** The file a recording is uploaded as: 摄像头录像-<order no>-<time>.webm. */
export function cameraFile(blob: Blob, orderNo: string, at: Date): File {
  const type = uploadTypeOf(blob.type);
  const ext = type === 'video/mp4' ? 'mp4' : 'webm';
  return new File([blob], `camera-${orderNo}-${inChina(at).format('YYYYMMDD-HHmmss')}.${ext}`, { type });
}

/** The problem a getUserMedia rejection stands for (DOMException names from the Media Capture spec). */
export function cameraProblemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'notFound';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'failed';
}

/**
 * The camera stream, with the microphone when there is one: a station without a microphone still
 * records video (audio is asked for first, then left out when it is what failed).
 */
export async function openCamera(media: Pick<MediaDevices, 'getUserMedia'> = navigator.mediaDevices): Promise<MediaStream> {
  const video = { width: { ideal: 1280 }, height: { ideal: 720 } };
  try {
    return await media.getUserMedia({ video, audio: true });
  } catch (e) {
    if (cameraProblemOf(e) !== 'notFound') throw e;
    return media.getUserMedia({ video, audio: false });
  }
}

/** mm:ss of a recording's elapsed seconds (h:mm:ss past an hour). */
export function elapsedText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const mmss = `${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss}` : mmss;
}
