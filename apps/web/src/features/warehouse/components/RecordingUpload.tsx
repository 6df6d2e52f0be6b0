import { Button, Progress, Segmented, Space, Typography } from 'antd';
import { PlayCircleOutlined, UploadOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import type { IntakeScanData } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { fmtDateTime } from '../../orders';
import { VideoPlayerModal, type PlayableRecording } from '../../recordings';
import { defaultRecordingKind } from '../actions';
import { useWt } from '../i18n';
import { readVideoDuration, useUploadRecording } from '../upload';
import { CameraRecorder } from './CameraRecorder';

type Kind = 'unboxing' | 'inspection' | 'packing';
const KINDS: Kind[] = ['unboxing', 'inspection', 'packing'];

/** 录像: pick the kind (开箱/检测/打包), then a video file or a take from the camera; the upload shows its progress. */
export function RecordingUpload({ order, recordings, canUpload, onDone }: { order: IntakeScanData['order']; recordings: IntakeScanData['recordings']; canUpload: boolean; onDone: () => void }) {
  const t = useWt();
  const [kind, setKind] = useState<Kind>(() => defaultRecordingKind(order.status));
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [playing, setPlaying] = useState<PlayableRecording | null>(null);
  const [cameraOpen, setCameraOpen] = useState(false);
  const file = useRef<HTMLInputElement>(null);
  const upload = useUploadRecording();

  useEffect(() => setKind(defaultRecordingKind(order.status)), [order.id, order.status]);

  const pick = (f: File | undefined, durationSeconds?: number) => {
    if (!f) return;
    setProgress({ name: f.name, percent: 0 });
    upload.mutate(
      { file: f, query: { order_id: order.id, kind, file_name: f.name, duration_seconds: durationSeconds }, onProgress: (p) => setProgress({ name: f.name, percent: p }) },
      {
        onSuccess: () => {
          void ui().message.success(t('recording.uploaded'));
          setProgress(null);
          onDone();
        },
        onError: (e) => {
          setProgress(null);
          showErrorOnce(e);
        },
      },
    );
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {canUpload && (
        <Space wrap>
          <Segmented<Kind> value={kind} onChange={setKind} options={KINDS.map((k) => ({ value: k, label: t(`recording.kinds.${k}`) }))} aria-label={t('recording.kind')} />
          <Button icon={<UploadOutlined />} loading={upload.isPending} onClick={() => file.current?.click()}>
            {t('recording.pick')}
          </Button>
          <Button icon={<VideoCameraOutlined />} disabled={upload.isPending} onClick={() => setCameraOpen(true)}>
            {t('camera.open')}
          </Button>
          <input
            ref={file}
            type="file"
            hidden
            accept="video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov"
            data-testid="recording-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void readVideoDuration(f).then((seconds) => pick(f, seconds));
            }}
          />
        </Space>
      )}
      {progress && (
        <div data-testid="recording-progress">
          <Typography.Text type="secondary">{t('recording.uploading', { name: progress.name })}</Typography.Text>
          <Progress percent={progress.percent} size="small" status="active" />
        </div>
      )}
      {recordings.length === 0 ? (
        <Typography.Text type="secondary">{t('recording.none')}</Typography.Text>
      ) : (
        <Space wrap>
          {recordings.map((r) => (
            <Button key={r.id} size="small" icon={<PlayCircleOutlined />} onClick={() => setPlaying(r)}>
              {t(`recording.kinds.${r.kind}`, { defaultValue: r.kind_text })} · {fmtDateTime(r.uploaded_at)}
            </Button>
          ))}
        </Space>
      )}
      <VideoPlayerModal recording={playing} onClose={() => setPlaying(null)} />
      <CameraRecorder open={cameraOpen} orderNo={order.order_no} kindText={t(`recording.kinds.${kind}`)} onClose={() => setCameraOpen(false)} onRecorded={(f, seconds) => pick(f, seconds)} />
    </Space>
  );
}
