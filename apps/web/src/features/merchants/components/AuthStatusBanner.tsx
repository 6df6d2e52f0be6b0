import { Alert, Button, Tag } from 'antd';
import { useNavigate } from 'react-router';
import type { MerchantAuthorisation } from '@gemqc/contract';
import { useAt } from '../i18n';

/** The page where the merchant fills in the authorisation (the order form's gate sends there). */
export const CHECK_INFO_PATH = '/trader/order/checkInfo';

const STATUS: Record<number, { key: string; color: string; alert: 'info' | 'warning' | 'success' | 'error' }> = {
  [-1]: { key: 'statusNone', color: 'default', alert: 'info' },
  0: { key: 'statusPending', color: 'processing', alert: 'warning' },
  1: { key: 'statusApproved', color: 'success', alert: 'success' },
  2: { key: 'statusRejected', color: 'error', alert: 'error' },
};

function ReviewStatusTag({ status }: { status: number }) {
  const t = useAt();
  const s = STATUS[status] ?? STATUS[-1]!;
  return <Tag color={s.color}>{t(`authorisation.${s.key}`)}</Tag>;
}

/** Review status with what it means for the merchant (待审核 / 已通过 / 已驳回 + reason). */
export function AuthStatusBanner({ info }: { info: Pick<MerchantAuthorisation, 'status_id' | 'reason'> }) {
  const t = useAt();
  const s = STATUS[info.status_id] ?? STATUS[-1]!;
  const hint =
    info.status_id === 0
      ? t('authorisation.pendingHint')
      : info.status_id === 1
        ? t('authorisation.approvedHint')
        : info.status_id === 2
          ? t('authorisation.rejectedHint', { reason: info.reason || '—' })
          : t('authorisation.noneHint');
  return (
    <Alert
      type={s.alert}
      showIcon
      data-testid="auth-status"
      title={
        <span>
          {t('authorisation.statusTitle')}：<ReviewStatusTag status={info.status_id} />
        </span>
      }
      description={hint}
    />
  );
}

/** Above the order form while the authorisation is not approved: its status and a way to 检测信息. */
export function AuthNotApprovedAlert({ status }: { status: number }) {
  const t = useAt();
  const navigate = useNavigate();
  if (status === 1) return null;
  return (
    <Alert
      style={{ marginBottom: 16 }}
      type={status === 2 ? 'error' : 'warning'}
      showIcon
      title={status === 2 ? t('authorisation.statusRejected') : t('authorisation.statusPending')}
      description={t('authorisation.pendingHint')}
      action={<Button size="small" onClick={() => navigate(CHECK_INFO_PATH)}>{t('authorisation.title')}</Button>}
    />
  );
}
