import { Modal, Space, Typography } from 'antd';
import { useRecordingsT } from '../i18n';
import { videoSrc } from '../api';

export interface PlayableRecording {
  id: string;
  order_no: string;
  kind: string;
  file_name: string;
  mime: string;
  url: string;
}

/** Plays a recording in a modal; the signed url streams with Range requests (seekable). */
export function VideoPlayerModal({ recording, onClose }: { recording: PlayableRecording | null; onClose: () => void }) {
  const t = useRecordingsT();
  return (
    <Modal
      open={!!recording}
      onCancel={onClose}
      footer={null}
      width={880}
      destroyOnHidden
      title={
        recording ? (
          <Space>
            <span>{recording.order_no}</span>
            <Typography.Text type="secondary">{t(`recordingKind.${recording.kind}`, { defaultValue: recording.kind })}</Typography.Text>
          </Space>
        ) : null
      }
    >
      {recording && (
        <>
          <video
            key={recording.id}
            controls
            autoPlay
            playsInline
            preload="metadata"
            style={{ width: '100%', maxHeight: '70vh', background: '#000', borderRadius: 4 }}
            data-testid="recording-video"
          >
            <source src={videoSrc(recording.url)} type={recording.mime || 'video/mp4'} />
            {t('recordings.playFailed')}
          </video>
          <div style={{ marginTop: 8, textAlign: 'right' }}>
            <a href={videoSrc(recording.url)} download={recording.file_name || `${recording.order_no}.mp4`}>
              {t('common.download')}
            </a>
          </div>
        </>
      )}
    </Modal>
  );
}
