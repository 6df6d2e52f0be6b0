import { Button, Space, Tag, Typography } from 'antd';
import { retryableSyncStates, type PlatformSyncView } from '@gemqc/contract';
import { useMt } from '../i18n';
import { fmtDateTime } from './OrderDetailParts';

const colors: Record<PlatformSyncView['state'], string> = {
  none: 'default',
  not_shipped: 'default',
  pending: 'processing',
  synced: 'success',
  failed: 'error',
  waiting_auth: 'warning',
  untracked: 'default',
};

/**
 * The order's shipment write-back to the shop platform: 待同步 / 已同步 (time) / 同步失败 (the
 * platform's reason in words) / 无需同步, with 重试 for staff (`onRetry` given by the portals that may).
 */
export function PlatformSyncStatus({ sync, onRetry, retrying }: { sync: PlatformSyncView; onRetry?: () => void; retrying?: boolean }) {
  const t = useMt();
  const label = sync.state === 'synced' && sync.synced_at ? t('sync.syncedAt', { time: fmtDateTime(sync.synced_at) }) : t(`sync.states.${sync.state}`);
  return (
    <Space size={4} wrap data-testid="platform-sync">
      <Tag color={colors[sync.state]} style={{ marginInlineEnd: 0 }}>
        {label}
      </Tag>
      {sync.error && sync.state !== 'synced' && <Typography.Text type={sync.state === 'failed' ? 'danger' : 'secondary'}>{sync.error}</Typography.Text>}
      {onRetry && retryableSyncStates.includes(sync.state) && (
        <Button size="small" type="link" loading={retrying} onClick={onRetry}>
          {t('sync.retry')}
        </Button>
      )}
    </Space>
  );
}
