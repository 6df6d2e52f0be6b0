import { Alert, Button, Modal, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { CONFIRM_MOTION, ui } from '../../../lib/ui';
import { CAMERA_MAX_SECONDS, cameraFile, cameraProblemOf, cameraUnavailable, elapsedText, openCamera, recorderMimeType, type CameraProblem } from '../camera';
import { useWt } from '../i18n';

type Phase = { name: 'opening' } | { name: 'ready' } | { name: 'recording'; startedAt: number } | { name: 'recorded'; blob: Blob; url: string; seconds: number } | { name: 'problem'; problem: CameraProblem };

interface Props {
  open: boolean;
  orderNo: string;
  /** What is being recorded (开箱 / 检测 / 打包), shown in the title. */
  kindText: string;
  onClose: () => void;
  /** A finished recording to upload; the dialog closes and the page shows the upload's progress. */
  onRecorded: (file: File, seconds: number) => void;
}

/**
 * 摄像头录制: live preview of the station's camera, record / stop with the elapsed time, play the take
 * back, record again or upload it. The camera is released whenever the dialog closes.
 */
export function CameraRecorder(props: Props) {
  const t = useWt();
  // set by the recorder: closing now would lose a take (recording, or recorded and not uploaded)
  const takeAtRisk = useRef(false);
  const requestClose = () => {
    if (!takeAtRisk.current) return props.onClose();
    ui().confirm({ title: t('camera.discardTitle'), content: t('camera.discardBody'), okText: t('camera.discard'), cancelText: t('camera.keep'), onOk: props.onClose });
  };
  return (
    <Modal
      open={props.open}
      title={t('camera.title', { kind: props.kindText, no: props.orderNo })}
      footer={null}
      width={720}
      destroyOnHidden
      {...CONFIRM_MOTION /* no closing animation: the camera is released the moment the dialog closes */}
      mask={{ closable: false }}
      keyboard={false}
      onCancel={requestClose}
    >
      {props.open && <Recorder {...props} takeAtRisk={takeAtRisk} />}
    </Modal>
  );
}

function stopRecorder(r: MediaRecorder | null) {
  if (r?.state === 'recording') r.stop();
}

function Recorder({ orderNo, onClose, onRecorded, takeAtRisk }: Props & { takeAtRisk: { current: boolean } }) {
  const t = useWt();
  const [phase, setPhase] = useState<Phase>(() => {
    const problem = cameraUnavailable();
    return problem ? { name: 'problem', problem } : { name: 'opening' };
  });
  const [now, setNow] = useState(() => Date.now());
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const live = useRef<HTMLVideoElement>(null);
  const phaseRef = useRef(phase);
  useEffect(() => {
    phaseRef.current = phase;
    takeAtRisk.current = phase.name === 'recording' || phase.name === 'recorded';
  }, [phase, takeAtRisk]);

  // open the camera once; release it (and any take's object URL) when the dialog goes
  useEffect(() => {
    if (phaseRef.current.name !== 'opening') return;
    let gone = false;
    openCamera().then(
      (s) => {
        if (gone) return s.getTracks().forEach((track) => track.stop());
        stream.current = s;
        if (live.current) live.current.srcObject = s;
        setPhase({ name: 'ready' });
      },
      (e: unknown) => !gone && setPhase({ name: 'problem', problem: cameraProblemOf(e) }),
    );
    return () => {
      gone = true;
      if (recorder.current?.state === 'recording') {
        recorder.current.ondataavailable = null;
        recorder.current.onstop = null;
        recorder.current.stop();
      }
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
      const p = phaseRef.current;
      if (p.name === 'recorded') URL.revokeObjectURL(p.url);
      takeAtRisk.current = false;
    };
  }, [takeAtRisk]);

  // the elapsed time while recording, and the automatic stop at the limit
  useEffect(() => {
    if (phase.name !== 'recording') return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() - phase.startedAt >= CAMERA_MAX_SECONDS * 1000) stopRecorder(recorder.current);
    }, 250);
    return () => window.clearInterval(timer);
  }, [phase]);

  const start = () => {
    if (!stream.current) return;
    const mimeType = recorderMimeType();
    const r = new MediaRecorder(stream.current, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    const startedAt = Date.now();
    r.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    r.onstop = () => {
      const blob = new Blob(chunks, { type: r.mimeType || mimeType || 'video/webm' });
      setPhase({ name: 'recorded', blob, url: URL.createObjectURL(blob), seconds: Math.round((Date.now() - startedAt) / 1000) });
    };
    r.start(1000); // a chunk a second: a long take is not one huge buffer at the end
    recorder.current = r;
    setNow(startedAt);
    setPhase({ name: 'recording', startedAt });
  };

  const stop = () => stopRecorder(recorder.current);

  const again = () => {
    if (phase.name === 'recorded') URL.revokeObjectURL(phase.url);
    setPhase({ name: 'ready' });
  };

  const upload = () => {
    if (phase.name !== 'recorded') return;
    takeAtRisk.current = false;
    onRecorded(cameraFile(phase.blob, orderNo, new Date()), phase.seconds);
    onClose();
  };

  if (phase.name === 'problem') {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t(`camera.problems.${phase.problem}`)} data-testid="camera-problem" />
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Space>
    );
  }

  const recording = phase.name === 'recording';
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <div className="wh-camera">
        <video ref={live} autoPlay muted playsInline data-testid="camera-live" style={{ display: phase.name === 'recorded' ? 'none' : 'block' }} />
        {phase.name === 'recorded' && <video src={phase.url} controls playsInline data-testid="camera-take" />}
        {recording && (
          <span className="wh-camera-rec" role="timer" data-testid="camera-elapsed">
            ● {t('camera.recording')} {elapsedText((now - phase.startedAt) / 1000)}
          </span>
        )}
      </div>
      {phase.name === 'opening' && <Typography.Text type="secondary">{t('camera.opening')}</Typography.Text>}
      <Space wrap>
        {phase.name === 'ready' && (
          <Button type="primary" danger onClick={start} autoFocus>
            {t('camera.start')}
          </Button>
        )}
        {recording && (
          <Button type="primary" onClick={stop} autoFocus>
            {t('camera.stop')}
          </Button>
        )}
        {phase.name === 'recorded' && (
          <>
            <Typography.Text type="secondary">{t('camera.taken', { time: elapsedText(phase.seconds) })}</Typography.Text>
            <Button onClick={again}>{t('camera.again')}</Button>
            <Button type="primary" onClick={upload} autoFocus>
              {t('camera.upload')}
            </Button>
          </>
        )}
      </Space>
    </Space>
  );
}
