import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { installDomShims } from '../../../test/utils';
import { setUi } from '../../../lib/ui';
import { fakeUi } from '../../../test/warehouseFixtures';
import { CameraRecorder } from './CameraRecorder';

/** A MediaRecorder that hands over one chunk of its type when stopped. */
class FakeRecorder {
  static last: FakeRecorder | null = null;
  static isTypeSupported = (t: string) => t === 'video/webm;codecs=vp8';
  state: 'inactive' | 'recording' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    readonly stream: unknown,
    readonly options?: { mimeType?: string },
  ) {
    FakeRecorder.last = this;
  }
  get mimeType() {
    return this.options?.mimeType ?? '';
  }
  start = vi.fn(() => {
    this.state = 'recording';
  });
  stop = vi.fn(() => {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['frames'], { type: this.mimeType }) });
    this.onstop?.();
  });
}

function camera(getUserMedia: (c: MediaStreamConstraints) => Promise<unknown>) {
  const track = { stop: vi.fn() };
  const media = { getUserMedia: vi.fn(getUserMedia) };
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: media });
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  return { media, track, stream: { getTracks: () => [track] } };
}

function open(props: Partial<Parameters<typeof CameraRecorder>[0]> = {}) {
  const onClose = vi.fn();
  const onRecorded = vi.fn();
  const view = render(<CameraRecorder open orderNo="JC202611220001" kindText="开箱" onClose={onClose} onRecorded={onRecorded} {...props} />);
  return { onClose, onRecorded, view };
}

describe('摄像头录制', () => {
  beforeAll(installDomShims);
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:take'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setUi(null);
    FakeRecorder.last = null;
  });

  it('records a take, plays it back and hands it over as a WebM file with its length', async () => {
    const cam = camera(() => Promise.resolve(null).then(() => cam.stream));
    const { onClose, onRecorded, view } = open();
    expect(screen.getByText('摄像头录制（开箱） · JC202611220001')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '开始录制' }));
    expect(FakeRecorder.last!.options).toEqual({ mimeType: 'video/webm;codecs=vp8' });
    expect(FakeRecorder.last!.start).toHaveBeenCalledWith(1000);
    expect(screen.getByTestId('camera-elapsed').textContent).toContain('00:00');
    fireEvent.click(screen.getByRole('button', { name: '停止录制' }));
    expect(await screen.findByText(/已录制 00:0\d/)).toBeTruthy();
    expect(screen.getByTestId('camera-take').getAttribute('src')).toBe('blob:take');
    fireEvent.click(screen.getByRole('button', { name: '上传录像' }));
    expect(onRecorded).toHaveBeenCalledTimes(1);
    const [file, seconds] = onRecorded.mock.calls[0] as [File, number];
    expect(file.name).toMatch(/^camera-JC202611220001-\d{8}-\d{6}\.webm$/);
    expect(file.type).toBe('video/webm');
    expect(seconds).toBeGreaterThanOrEqual(0);
    expect(onClose).toHaveBeenCalled();
    view.rerender(<CameraRecorder open={false} orderNo="JC202611220001" kindText="开箱" onClose={onClose} onRecorded={onRecorded} />);
    await waitFor(() => expect(cam.track.stop).toHaveBeenCalled());
  });

  it('asks before closing on a take that was not uploaded', async () => {
    const ui = fakeUi();
    ui.confirm.mockImplementation(() => undefined); // the inspector answers 继续
    const cam = camera(() => Promise.resolve(cam.stream));
    const { onClose } = open();
    fireEvent.click(await screen.findByRole('button', { name: '开始录制' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(ui.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: '放弃这段录像吗？', okText: '放弃', cancelText: '继续' }));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '停止录制' })).toBeTruthy();
  });

  it('closes at once when nothing was recorded', async () => {
    const ui = fakeUi();
    const cam = camera(() => Promise.resolve(cam.stream));
    const { onClose } = open();
    await screen.findByRole('button', { name: '开始录制' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(ui.confirm).not.toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('says what to do when the camera is refused', async () => {
    camera(() => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })));
    open();
    expect((await screen.findByTestId('camera-problem')).textContent).toContain('未获得摄像头权限，请在浏览器地址栏允许使用摄像头后重试');
    expect(screen.queryByRole('button', { name: '开始录制' })).toBeNull();
  });

  it('says so when the browser has no camera API', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
    open();
    expect((await screen.findByTestId('camera-problem')).textContent).toContain('当前浏览器不支持摄像头录制');
  });
});
