import { Alert, Tag } from 'antd';
import type { TestingAuthInfo } from '@gemqc/contract';
import { useTestingT } from '../i18n';

const STATUS: Record<number, { key: string; color: string; alert: 'info' | 'warning' | 'success' | 'error' }> = {
  [-1]: { key: 'statusNone', color: 'default', alert: 'info' },
  0: { key: 'statusPending', color: 'processing', alert: 'warning' },
  1: { key: 'statusApproved', color: 'success', alert: 'success' },
  2: { key: 'statusRejected', color: 'error', alert: 'error' },
};

export function AuthStatusTag({ status }: { status: number }) {
  const t = useTestingT();
  const s = STATUS[status] ?? STATUS[-1]!;
  return <Tag color={s.color}>{t(`testing.${s.key}`)}</Tag>;
}

/** Review status with what it means for the merchant (待审核 / 已通过 / 已驳回 + reason). */
export function AuthStatusBanner({ info }: { info: Pick<TestingAuthInfo, 'status_id' | 'reason'> }) {
  const t = useTestingT();
  const s = STATUS[info.status_id] ?? STATUS[-1]!;
  const hint =
    info.status_id === 0
      ? t('testing.pendingHint')
      : info.status_id === 1
        ? t('testing.approvedHint')
        : info.status_id === 2
          ? t('testing.rejectedHint', { reason: info.reason || '—' })
          : t('testing.noneHint');
  return (
    <Alert
      type={s.alert}
      showIcon
      data-testid="auth-status"
      title={
        <span>
          {t('testing.statusTitle')}：<AuthStatusTag status={info.status_id} />
        </span>
      }
      description={hint}
    />
  );
}
