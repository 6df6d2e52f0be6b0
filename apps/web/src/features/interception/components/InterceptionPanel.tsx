import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Image, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { atCentreStatuses, interceptReason, releaseReason } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { photoSrc } from '../../photos';
import { useCentreIntercept, useConfirmRequest, useInterception, useRejectRequest, useReleaseInterception, useRequestInterception, type InterceptionPortal } from '../api';
import { useIt } from '../i18n';
import '../interception.css';
import { ReturnContactInfo } from './ReturnContact';
import { inChina } from '../../../lib/chinaTime';

const AT_CENTRE = new Set<string>(atCentreStatuses);
const fmt = (iso: string | null) => (iso ? inChina(iso).format('YYYY-MM-DD HH:mm') : '—');
const reasonRule = interceptReason;

/** A reason (or note) asked in a modal; resolves on submit. */
export function ReasonModal({ open, title, hint, label, placeholder, loading, onOk, onCancel, rule = reasonRule }: {
  rule?: typeof reasonRule;
  open: boolean;
  title: string;
  hint?: string;
  label: string;
  placeholder?: string;
  loading: boolean;
  onOk: (text: string) => void;
  onCancel: () => void;
}) {
  const t = useIt();
  const [form] = Form.useForm<{ text: string }>();
  const submit = (v: { text: string }) => {
    const r = rule.safeParse(v.text ?? '');
    if (!r.success) return form.setFields([{ name: 'text', errors: [r.error.issues[0]!.message] }]);
    onOk(r.data);
  };
  return (
    <Modal open={open} title={title} okText={t('panel.submit')} cancelText={t('panel.cancel')} confirmLoading={loading} onOk={() => form.submit()} onCancel={onCancel} destroyOnHidden>
      {hint && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
        <Form.Item name="text" label={label} required>
          <Input.TextArea rows={3} maxLength={200} showCount placeholder={placeholder} autoFocus data-testid="intercept-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 拦截与退回 on an order's detail: what happens next, the platform's refund messages, merchants'
 * requests and the return; the centre intercepts (or confirms a request), a merchant requests.
 */
export function InterceptionPanel({ portal, order }: { portal: InterceptionPortal; order: { id: string; order_no: string; status: string } }) {
  const t = useIt();
  const info = useInterception(portal, order.id);
  const intercept = useCentreIntercept();
  const request = useRequestInterception();
  const confirm = useConfirmRequest();
  const reject = useRejectRequest();
  const release = useReleaseInterception(portal);
  const [asking, setAsking] = useState<null | 'intercept' | 'request' | 'release' | { reject: string }>(null);
  const d = info.data;
  const pending = d?.requests.find((r) => r.status === 'pending');
  const atCentre = AT_CENTRE.has(order.status);
  const canIntercept = portal === 'base' && atCentre;
  const canRequest = portal === 'trader' && atCentre && !pending;
  if (!d) return null;
  // staff release an interception: an intercepted order, or a parcel in transit that a refund will stop at the scan
  const inTransitStop = (order.status === 'created' || order.status === 'awaiting_arrival') && d.refund_notices.some((m) => m.outcome === 'intercept_on_arrival');
  const canRelease = portal !== 'trader' && (order.status === 'intercepted' || inTransitStop);
  const empty = !d.next_step && !d.refund_notices.length && !d.requests.length && !d.return_info;
  if (empty && !canIntercept && !canRequest && !canRelease) return null;

  const onText = (text: string) => {
    const done = () => setAsking(null);
    if (asking === 'intercept')
      intercept.mutate({ id: order.id, reason: text }, { onSuccess: () => (done(), void ui().message.success(t('panel.intercepted', { no: order.order_no }))), onError: showErrorOnce });
    else if (asking === 'release')
      release.mutate({ id: order.id, reason: text }, { onSuccess: () => (done(), void ui().message.success(t('panel.released', { no: order.order_no }))), onError: showErrorOnce });
    else if (asking === 'request')
      request.mutate({ id: order.id, reason: text }, { onSuccess: () => (done(), void ui().message.success(t('panel.requestDone'))), onError: showErrorOnce });
    else if (asking && typeof asking === 'object')
      reject.mutate({ id: asking.reject, note: text }, { onSuccess: () => (done(), void ui().message.success(t('panel.rejected'))), onError: showErrorOnce });
  };

  return (
    <Card
      size="small"
      className="interception-panel"
      title={t('panel.title')}
      data-testid="interception-panel"
      extra={
        <Space>
          {canIntercept && (
            <Button danger onClick={() => setAsking('intercept')} data-testid="intercept-button">
              {t('panel.intercept')}
            </Button>
          )}
          {canRelease && (
            <Button onClick={() => setAsking('release')} data-testid="release-button">
              {t('panel.release')}
            </Button>
          )}
          {canRequest && (
            <Button danger onClick={() => setAsking('request')} data-testid="request-intercept-button">
              {t('panel.request')}
            </Button>
          )}
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {d.next_step && <Alert type={order.status === 'returned' || order.status === 'picked_up' ? 'success' : 'warning'} showIcon title={t('panel.nextStep')} description={d.next_step_key ? t(`panel.next.${d.next_step_key}`) : d.next_step} data-testid="interception-next-step" />}
        {(order.status === 'intercepted' || order.status === 'return_pending') && <ReturnContactInfo to={d.return_to} merchantView={portal === 'trader'} />}
        {d.return_info && (
          <Descriptions size="small" column={1} title={t('panel.returnInfo')}>
            <Descriptions.Item label={d.return_info.mode_text}>
              {d.return_info.mode === 'post'
                ? t('panel.post', { carrier: d.return_info.carrier, waybill: d.return_info.waybill })
                : t('panel.pickup', { who: d.return_info.picked_up_by, at: fmt(d.return_info.picked_up_at) })}
            </Descriptions.Item>
            {d.return_info.mode === 'post' && d.return_info.address && (
              <Descriptions.Item label={t('panel.returnAddress')}>{t('panel.sentTo', { contact: d.return_info.contact, mobile: d.return_info.mobile, address: d.return_info.address })}</Descriptions.Item>
            )}
            {d.return_info.signature_url && (
              <Descriptions.Item label={t('panel.signature')}>
                <Image width={96} src={photoSrc(d.return_info.signature_url)} alt={t('panel.signature')} data-testid="return-signature" />
              </Descriptions.Item>
            )}
            <Descriptions.Item label={fmt(d.return_info.created_at)}>{t('panel.operator', { name: d.return_info.operator_name })}</Descriptions.Item>
          </Descriptions>
        )}
        {d.requests.length > 0 && (
          <List
            size="small"
            header={<strong>{t('panel.requests')}</strong>}
            dataSource={d.requests}
            renderItem={(r) => (
              <List.Item
                actions={
                  portal === 'base' && r.status === 'pending'
                    ? [
                        <Button key="c" type="primary" danger size="small" loading={confirm.isPending} onClick={() => confirm.mutate(r.id, { onSuccess: () => void ui().message.success(t('panel.confirmed', { no: order.order_no })), onError: showErrorOnce })}>
                          {t('panel.confirm')}
                        </Button>,
                        <Button key="r" size="small" onClick={() => setAsking({ reject: r.id })}>
                          {t('panel.reject')}
                        </Button>,
                      ]
                    : undefined
                }
              >
                <Space wrap>
                  <Tag color={r.status === 'pending' ? 'orange' : r.status === 'confirmed' ? 'red' : 'default'}>{r.status_text}</Tag>
                  <span>{r.reason}</span>
                  <Typography.Text type="secondary">
                    {r.requested_by_name} {fmt(r.requested_at)}
                    {r.decision_note ? ` · ${r.decision_note}` : ''}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
        {d.refund_notices.length > 0 && (
          <List
            size="small"
            header={<strong>{t('panel.refunds')}</strong>}
            dataSource={d.refund_notices}
            renderItem={(m) => (
              <List.Item>
                <Space wrap>
                  <Tag color={m.outcome === 'intercepted' ? 'red' : 'blue'}>{m.outcome_text}</Tag>
                  <span>{m.reason}</span>
                  <Typography.Text type="secondary">{fmt(m.received_at)}</Typography.Text>
                </Space>
              </List.Item>
            )}
          />
        )}
      </Space>
      <ReasonModal
        open={asking !== null}
        title={
          asking === 'intercept'
            ? t('panel.interceptTitle', { no: order.order_no })
            : asking === 'release'
              ? t('panel.releaseTitle', { no: order.order_no })
              : asking === 'request' ? t('panel.requestTitle', { no: order.order_no }) : t('panel.rejectTitle', { no: order.order_no })
        }
        hint={asking === 'intercept' ? t('panel.interceptHint') : asking === 'release' ? t('panel.releaseHint') : asking === 'request' ? t('panel.requestHint') : undefined}
        rule={asking === 'release' ? releaseReason : reasonRule}
        label={asking && typeof asking === 'object' ? t('panel.rejectNote') : t('panel.reason')}
        placeholder={asking === 'intercept' ? t('panel.reasonPlaceholder') : undefined}
        loading={intercept.isPending || request.isPending || reject.isPending || release.isPending}
        onOk={onText}
        onCancel={() => setAsking(null)}
      />
    </Card>
  );
}
