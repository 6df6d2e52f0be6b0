import { Button, Card, Form, Input, Modal, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { useState } from 'react';
import type { CentreApplicationRow, CentreApplicationStatus } from '@gemqc/contract';
import { FilterForm } from '../../../components/FilterForm';
import { listTotal, useListTable } from '../../../components/ListState';
import { useFilteredList } from '../../../components/useFilteredList';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { DEFAULT_PAGE_SIZE } from '../../../lib/listQuery';
import { useApproveCentre, useCentreApplications, useRejectCentre } from '../api';
import { useCat } from '../i18n';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

interface Filters {
  keyword?: string;
  status?: CentreApplicationStatus;
}

const STATUSES: CentreApplicationStatus[] = ['pending', 'approved', 'rejected'];
const COLORS: Record<CentreApplicationStatus, string> = { pending: 'processing', approved: 'success', rejected: 'error' };
const REASON_MAX = 200;
const time = (v: string) => inChina(v).format('YYYY-MM-DD HH:mm');

export function CentreStatusTag({ status }: { status: CentreApplicationStatus }) {
  const t = useCat();
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }}>
      {t(`centres.statuses.${status}`)}
    </Tag>
  );
}

/** The searched filters → the list query's (keyword trimmed, empty ones left out). */
function toQuery(v: Filters): Filters {
  const kw = v.keyword?.trim();
  return { ...(kw ? { keyword: kw } : {}), ...(v.status ? { status: v.status } : {}) };
}

/**
 * 服务中心入驻 (manager): applications of service centres; approve (confirm) or reject (with a reason).
 * A failed load shows its reason and 重试, a filtered search without applications says so with 重置.
 */
export function CentreApplications() {
  const t = useCat();
  const [form] = Form.useForm<Filters>();
  const filtered = useFilteredList<Filters>(DEFAULT_PAGE_SIZE);
  const { filters, page } = filtered;
  const list = useCentreApplications({ ...toQuery(filters), page: page.page, page_size: page.size });
  const approve = useApproveCentre();
  const [rejecting, setRejecting] = useState<CentreApplicationRow | null>(null);
  const view = useListTable(list, filtered.source, { empty: t('centres.none'), noMatchText: t('centres.empty') });

  const doApprove = (r: CentreApplicationRow) =>
    approve.mutateAsync({ id: r.id }).then(
      () => void ui().message.success(t('centres.approved')),
      (e: unknown) => showErrorOnce(e),
    );

  const columns: ColumnsType<CentreApplicationRow> = [
    {
      title: t('centres.name'),
      dataIndex: 'name',
      width: 180,
      render: (_v, r) => (
        <div>
          <Typography.Text strong>{r.name}</Typography.Text>
          <div className="small muted">{r.code}</div>
        </div>
      ),
    },
    { title: t('centres.address'), dataIndex: 'address', width: 220, ellipsis: { showTitle: true } },
    { title: t('centres.contact'), dataIndex: 'contact', width: 100, render: (v: string) => v || '—' },
    { title: t('centres.mobile'), dataIndex: 'mobile', width: 120 },
    { title: t('centres.appliedAt'), dataIndex: 'applied_at', width: 140, render: time },
    {
      title: t('centres.status'),
      dataIndex: 'status',
      width: 100,
      render: (_v, r) =>
        r.status === 'rejected' && r.reject_reason ? (
          <Tooltip title={t('centres.reasonTip', { reason: r.reject_reason })}>
            <span>
              <CentreStatusTag status={r.status} />
            </span>
          </Tooltip>
        ) : (
          <CentreStatusTag status={r.status} />
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 160,
      render: (_v, r) =>
        r.status === 'pending' ? (
          <Space size={0}>
            <Popconfirm
              title={t('centres.approveTitle')}
              description={<div style={{ maxWidth: 280 }}>{t('centres.approveConfirm', { name: r.name })}</div>}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              onConfirm={() => doApprove(r)}
            >
              <Button type="link" size="small">
                {t('centres.approve')}
              </Button>
            </Popconfirm>
            <Button type="link" size="small" danger onClick={() => setRejecting(r)}>
              {t('centres.reject')}
            </Button>
          </Space>
        ) : (
          <span className="small muted">{r.reviewed_at ? t('centres.reviewed', { name: r.reviewer_name || '—', time: time(r.reviewed_at) }) : '—'}</span>
        ),
    },
  ];

  const pending = view.dataSource.filter((r) => r.status === 'pending').length;

  return (
    <div className="madmin-page">
      <Card size="small">
        <FilterForm<Filters>
          form={form}
          values={filters}
          onSearch={filtered.search}
          onReset={filtered.reset}
          searchText={t('common.search')}
          resetText={t('common.reset')}
          className="madmin-filters"
        >
          <Form.Item name="keyword" label={t('centres.keyword')}>
            <Input allowClear maxLength={50} placeholder={t('centres.keywordPlaceholder')} style={{ width: 240 }} aria-label={t('centres.keyword')} />
          </Form.Item>
          <Form.Item name="status" label={t('centres.status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('common.all')}
              aria-label={t('centres.status')}
              options={STATUSES.map((s) => ({ value: s, label: t(`centres.statuses.${s}`) }))}
            />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card size="small">
        <div className="madmin-toolbar">
          <Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>
          {pending > 0 && <Typography.Text type="warning">{t('centres.pendingHint', { n: pending })}</Typography.Text>}
        </div>
        <ResponsiveTable<CentreApplicationRow>
          rowKey="id"
          columnsKey="centreApplications"
          size="middle"
          columns={columns}
          {...view}
          scroll={{ x: 1040 }}
          rowClassName={(r) => (r.status === 'pending' ? 'row-review' : '')}
          pagination={filtered.pagination(listTotal(list), (total) => t('common.total', { total }))}
        />
      </Card>
      {rejecting && <RejectDialog key={rejecting.id} centre={rejecting} onClose={() => setRejecting(null)} />}
    </div>
  );
}

function RejectDialog({ centre, onClose }: { centre: CentreApplicationRow; onClose: () => void }) {
  const t = useCat();
  const [form] = Form.useForm<{ reason: string }>();
  const reject = useRejectCentre();

  const submit = ({ reason }: { reason: string }) => {
    if (reject.isPending) return;
    reject.mutate(
      { id: centre.id, reason: reason.trim() },
      {
        onSuccess: () => {
          ui().message.success(t('centres.rejected'));
          onClose();
        },
        onError: showErrorOnce,
      },
    );
  };

  return (
    <Modal
      open
      title={t('centres.rejectTitle', { name: centre.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('centres.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={reject.isPending}
      destroyOnHidden
    >
      <Form<{ reason: string }> form={form} layout="vertical" onFinish={submit} data-testid="centre-reject-form">
        <Form.Item
          name="reason"
          label={t('centres.reason')}
          rules={[
            { required: true, validator: (_r, v: unknown) => (typeof v === 'string' && v.trim() ? Promise.resolve() : Promise.reject(new Error(t('centres.reasonRequired')))) },
            { max: REASON_MAX, message: t('centres.reasonTooLong') },
          ]}
        >
          <Input.TextArea rows={4} maxLength={REASON_MAX} showCount autoFocus placeholder={t('centres.reasonPlaceholder')} aria-label={t('centres.reason')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
