import { describe, expect, it, vi } from 'vitest';
import { cameraFile, cameraProblemOf, cameraUnavailable, elapsedText, openCamera, recorderMimeType, uploadTypeOf } from './camera';

const nav = (mediaDevices?: unknown) => ({ mediaDevices }) as unknown as Navigator;

describe('camera recording helpers', () => {
  it('says why a browser cannot record: insecure context first, then a missing API', () => {
    const media = { getUserMedia: () => undefined };
    expect(cameraUnavailable({ isSecureContext: false, navigator: nav(media), MediaRecorder: class {} })).toBe('insecure');
    expect(cameraUnavailable({ isSecureContext: true, navigator: nav(undefined), MediaRecorder: class {} })).toBe('unsupported');
    expect(cameraUnavailable({ isSecureContext: true, navigator: nav(media), MediaRecorder: undefined })).toBe('unsupported');
    expect(cameraUnavailable({ isSecureContext: true, navigator: nav(media), MediaRecorder: class {} })).toBeNull();
  });

  it('asks for the first recorder format the browser supports, or lets it choose', () => {
    expect(recorderMimeType((t) => t === 'video/webm;codecs=vp8' || t === 'video/webm')).toBe('video/webm;codecs=vp8');
    expect(recorderMimeType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(recorderMimeType(() => false)).toBe('');
  });

  it('uploads a take as WebM or MP4 without codec parameters, named after the order and the China time', () => {
    expect(uploadTypeOf('video/webm;codecs=vp9,opus')).toBe('video/webm');
    expect(uploadTypeOf('video/mp4; codecs="avc1"')).toBe('video/mp4');
    expect(uploadTypeOf('')).toBe('video/webm');
    const f = cameraFile(new Blob(['x'], { type: 'video/webm;codecs=vp8' }), 'JC202611220001', new Date(Date.UTC(2026, 10, 22, 1, 5, 7))); // 09:05:07 in China
    expect(f.name).toBe('camera-JC202611220001-20261122-090507.webm');
    expect(f.type).toBe('video/webm');
    expect(cameraFile(new Blob(['x'], { type: 'video/mp4' }), 'JC1', new Date(2026, 0, 1)).name).toMatch(/\.mp4$/);
  });

  it('maps getUserMedia errors to what the inspector can do about them', () => {
    expect(cameraProblemOf({ name: 'NotAllowedError' })).toBe('denied');
    expect(cameraProblemOf({ name: 'NotFoundError' })).toBe('notFound');
    expect(cameraProblemOf({ name: 'NotReadableError' })).toBe('busy');
    expect(cameraProblemOf(new Error('boom'))).toBe('failed');
  });

  it('records video alone when there is no microphone, but not when the camera was refused', async () => {
    const stream = {} as MediaStream;
    const noMic = vi.fn().mockRejectedValueOnce({ name: 'NotFoundError' }).mockResolvedValueOnce(stream);
    await expect(openCamera({ getUserMedia: noMic })).resolves.toBe(stream);
    expect(noMic.mock.calls.map(([c]) => (c as MediaStreamConstraints).audio)).toEqual([true, false]);
    const refused = vi.fn().mockRejectedValue({ name: 'NotAllowedError' });
    await expect(openCamera({ getUserMedia: refused })).rejects.toEqual({ name: 'NotAllowedError' });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('shows elapsed time as mm:ss, and h:mm:ss past an hour', () => {
    expect(elapsedText(0)).toBe('00:00');
    expect(elapsedText(65.7)).toBe('01:05');
    expect(elapsedText(3725)).toBe('1:02:05');
  });
});
