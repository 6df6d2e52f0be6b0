import { Alert, Button, Descriptions, Drawer, Form, Input, Radio, Space, Typography } from 'antd';
import type { AdminMerchantRow } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { useReviewMerchant } from '../api';
import { useAt } from '../i18n';
import { AuthStatusTag } from './AuthStatusTag';
import { inChina } from '../../../lib/chinaTime';

interface ReviewValues {
  decision: 1 | 2;
  reason?: string;
}

const REASON_MAX = 200;

/** The submitted testing-authorisation fields; approve, or reject with a required reason (while under review). */
export function ReviewDrawer({ merchant, onClose }: { merchant: AdminMerchantRow | null; onClose: () => void }) {
  const t = useAt();
  return (
    <Drawer
      open={!!merchant}
      onClose={onClose}
      size={typeof window === 'undefined' ? 520 : Math.min(520, window.innerWidth)}
      destroyOnHidden
      title={merchant ? t('review.title', { name: merchant.name }) : ''}
      extra={merchant ? <AuthStatusTag status={merchant.auth_status_id} /> : null}
    >
      {merchant && <ReviewBody merchant={merchant} onDone={onClose} />}
    </Drawer>
  );
}

function ReviewBody({ merchant: m, onDone }: { merchant: AdminMerchantRow; onDone: () => void }) {
  const t = useAt();
  const [form] = Form.useForm<ReviewValues>();
  const decision = Form.useWatch('decision', form);
  const review = useReviewMerchant();

  if (m.auth_status_id === -1) return <Alert type="info" showIcon title={t('review.notSubmitted')} />;

  const label = (key: string, v: string) => t(key, { defaultValue: v || '—' });
  const submit = (v: ReviewValues) => {
    if (review.isPending) return;
    const reason = v.reason?.trim();
    review.mutate(
      { id: m.id, status_id: v.decision, ...(v.decision === 2 ? { reason } : {}) },
      {
        onSuccess: () => {
          ui().message.success(t(v.decision === 1 ? 'review.approved' : 'review.rejected'));
          onDone();
        },
        onError: showErrorOnce,
      },
    );
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" column={1} bordered styles={{ label: { width: 120 } }}>
        <Descriptions.Item label={t('review.companyName')}>{m.company_name || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('review.licenceNo')}>
          <span style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>{m.licence_no || '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('review.contactPerson')}>{m.contact_person || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('review.contactMobile')}>{m.contact_mobile || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('review.returnAddress')}>{m.return_address || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('review.returnMethod')}>{m.return_method ? label(`review.methods.${m.return_method}`, m.return_method) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('review.interceptPolicy')}>
          {m.intercept_policy ? label(`review.policies.${m.intercept_policy}`, m.intercept_policy) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('review.submittedAt')}>{m.submitted_at ? inChina(m.submitted_at).format('YYYY-MM-DD HH:mm:ss') : '—'}</Descriptions.Item>
        {m.auth_status_id === 2 && <Descriptions.Item label={t('review.rejectReason')}>{m.reject_reason || '—'}</Descriptions.Item>}
      </Descriptions>

      {m.auth_status_id === 0 ? (
        <Form<ReviewValues> form={form} layout="vertical" initialValues={{ decision: 1 }} onFinish={submit} data-testid="review-form">
          <Form.Item name="decision" label={t('review.decision')} rules={[{ required: true }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 1, label: t('review.approve') },
                { value: 2, label: t('review.reject') },
              ]}
            />
          </Form.Item>
          {decision === 2 && (
            <Form.Item
              name="reason"
              label={t('review.reason')}
              rules={[
                { required: true, validator: (_r, v: unknown) => (typeof v === 'string' && v.trim() ? Promise.resolve() : Promise.reject(new Error(t('review.reasonRequired')))) },
                { max: REASON_MAX, message: t('review.reasonTooLong') },
              ]}
            >
              <Input.TextArea rows={4} maxLength={REASON_MAX} showCount placeholder={t('review.reasonPlaceholder')} aria-label={t('review.reason')} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" danger={decision === 2} loading={review.isPending} block>
            {decision === 2 ? t('review.reject') : t('review.approve')}
          </Button>
        </Form>
      ) : (
        <Typography.Text type="secondary">{t('review.notUnderReview', { status: t(`auth.${m.auth_status_id}`) })}</Typography.Text>
      )}
    </Space>
  );
}
