import { Badge, Button, Card, Popconfirm, Space, Tabs, Tooltip, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { adminMerchantSortKeys, type AdminMerchantRow } from '@gemqc/contract';
import { formatFen } from '../../../lib/money';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { useExportMerchants, useMerchantList, useSetMerchantStatus } from '../api';
import { AuthStatusTag } from '../components/AuthStatusTag';
import { CentreApplications, usePendingCentreCount } from '../../centreApplications';
import { MerchantFilterForm } from '../components/MerchantFilterForm';
import { ReviewDrawer } from '../components/ReviewDrawer';
import { TopUpModal } from '../components/TopUpModal';
import { fromSearchParams, toListQuery, toSearchParams, type MerchantFilterValues } from '../filters';
import { useAt } from '../i18n';
import '../madmin.css';
import { useUrlList } from '../../../components/useUrlList';
import { listTotal, useListTable } from '../../../components/ListState';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

type TabKey = 'merchants' | 'centres';

/** 商户列表 (manager): tab 商户 (the merchant list) and tab 服务中心入驻 (?tab=centres, the centre applications). */
export default function MerchantListPage() {
  const t = useAt();
  const [sp, setSp] = useSearchParams();
  const tab: TabKey = sp.get('tab') === 'centres' ? 'centres' : 'merchants';
  const pending = usePendingCentreCount();
  const choose = (key: string) =>
    setSp((prev) => {
      const next = new URLSearchParams(prev);
      if (key === 'centres') next.set('tab', 'centres');
      else next.delete('tab');
      return next;
    });
  return (
    <Tabs
      activeKey={tab}
      onChange={choose}
      items={[
        { key: 'merchants', label: t('tabs.merchants'), children: <MerchantsTab /> },
        {
          key: 'centres',
          label: (
            <Space size={6}>
              {t('tabs.centres')}
              <Badge count={pending.data ?? 0} size="small" data-testid="centre-pending-badge" />
            </Space>
          ),
          children: <CentreApplications />,
        },
      ]}
    />
  );
}

/** 商户: merchants with balance and testing authorisation (sorted by the server: 余额, 检测授权, 账号状态, 注册时间); enable/disable, review, top up, export. */
function MerchantsTab() {
  const t = useAt();
  const url = useUrlList(fromSearchParams, (v: MerchantFilterValues, page, pageSize) => toSearchParams(toListQuery(v, page, pageSize)), adminMerchantSortKeys);
  const { query, values, sorter } = url;
  const list = useMerchantList(query);
  const setStatus = useSetMerchantStatus();
  const exporter = useExportMerchants();
  const [reviewing, setReviewing] = useState<AdminMerchantRow | null>(null);
  const [toppingUp, setToppingUp] = useState<AdminMerchantRow | null>(null);

  const toggle = (r: AdminMerchantRow) => {
    const next = r.status_id === 1 ? 0 : 1;
    return setStatus.mutateAsync({ id: r.id, status_id: next }).then(
      () => void ui().message.success(t(next === 1 ? 'actions.enabledDone' : 'actions.disabledDone')),
      (e: unknown) => showErrorOnce(e),
    );
  };

  const doExport = () => {
    const { page: _p, page_size: _s, ...filters } = query;
    exporter.mutate(filters, { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined });
  };

  const columns: ColumnsType<AdminMerchantRow> = [
    {
      title: t('list.merchant'),
      dataIndex: 'name',
      fixed: 'left',
      width: 200,
      render: (_v, r) => (
        <div>
          <Typography.Text strong>{r.name}</Typography.Text>
          {r.company_name && (
            <div>
              <Typography.Text type="secondary" className="small" ellipsis={{ tooltip: r.company_name }} style={{ maxWidth: 180 }}>
                {r.company_name}
              </Typography.Text>
            </div>
          )}
        </div>
      ),
    },
    {
      title: t('list.contact'),
      dataIndex: 'mobile',
      width: 130,
      // the testing authorisation's contact (检测信息) once submitted, else the registration's
      render: (_v, r) => (
        <span>
          {r.contact_person || r.contact || '—'}
          <div className="small muted">{r.contact_mobile || r.mobile}</div>
        </span>
      ),
    },
    {
      title: t('list.balance'),
      dataIndex: 'balance',
      width: 120,
      align: 'right',
      render: (_v, r) => (
        <div>
          <Typography.Text type={r.balance < 0 ? 'danger' : undefined} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {formatFen(r.balance)}
          </Typography.Text>
          {r.credit_limit > 0 && <div className="small muted">{t('list.creditLimit', { amount: formatFen(r.credit_limit) })}</div>}
        </div>
      ),
      ...sorter.by('balance'),
    },
    {
      title: t('list.authStatus'),
      dataIndex: 'auth_status_id',
      width: 110,
      render: (_v, r) =>
        r.auth_status_id === 2 && r.reject_reason ? (
          <Tooltip title={t('review.rejectReasonTip', { reason: r.reject_reason })}>
            <span>
              <AuthStatusTag status={r.auth_status_id} />
            </span>
          </Tooltip>
        ) : (
          <AuthStatusTag status={r.auth_status_id} />
        ),
      ...sorter.by('auth_status_id'),
    },
    { title: t('list.orders'), dataIndex: 'order_count', width: 80, align: 'right' },
    {
      title: t('list.status'),
      dataIndex: 'status_id',
      width: 90,
      render: (v: number) => (v === 1 ? <Badge status="success" text={t('list.enabled')} /> : <Badge status="default" text={t('list.disabled')} />),
      ...sorter.by('status_id'),
    },
    { title: t('list.createdAt'), dataIndex: 'created_at', width: 140, render: (v: string) => inChina(v).format('YYYY-MM-DD HH:mm'), ...sorter.by('created_at') },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 180,
      render: (_v, r) => (
        <Space size={0} wrap>
          {r.auth_status_id === 0 ? (
            <Button type="link" size="small" onClick={() => setReviewing(r)} style={{ fontWeight: 600 }}>
              <Badge status="processing" />
              {t('actions.review')}
            </Button>
          ) : (
            <Button type="link" size="small" disabled={r.auth_status_id === -1} onClick={() => setReviewing(r)}>
              {t('actions.view')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setToppingUp(r)}>
            {t('actions.topUp')}
          </Button>
          <Popconfirm
            title={t(r.status_id === 1 ? 'actions.disableTitle' : 'actions.enableTitle')}
            description={<div style={{ maxWidth: 280 }}>{t(r.status_id === 1 ? 'actions.disableConfirm' : 'actions.enableConfirm', { name: r.name })}</div>}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: r.status_id === 1 }}
            onConfirm={() => toggle(r)}
          >
            <Button type="link" size="small" danger={r.status_id === 1}>
              {t(r.status_id === 1 ? 'actions.disable' : 'actions.enable')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  const view = useListTable(list, url.source, { empty: t('list.none'), noMatchText: t('list.empty') });
  const underReview = view.dataSource.filter((r) => r.auth_status_id === 0).length;

  return (
    <div className="madmin-page">
      <Card size="small">
        <MerchantFilterForm values={values} onSearch={url.search} onReset={url.reset} />
      </Card>
      <Card size="small">
        <div className="madmin-toolbar">
          <Space wrap>
            <Button type="primary" onClick={doExport} loading={exporter.isPending}>
              {t('common.export')}
            </Button>
            <Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>
          </Space>
          {underReview > 0 && <Typography.Text type="warning">{t('list.pendingReview', { n: underReview })}</Typography.Text>}
        </div>
        <ResponsiveTable<AdminMerchantRow>
          rowKey="id"
          columnsKey="manage.merchants"
          size="middle"
          columns={columns}
          {...view}
          scroll={{ x: 1050 }}
          rowClassName={(r) => [r.status_id === 0 ? 'row-disabled' : '', r.auth_status_id === 0 ? 'row-review' : ''].join(' ')}
          pagination={url.pagination(listTotal(list), (total) => t('common.total', { total }))}
          onChange={sorter.onChange}
        />
      </Card>
      <ReviewDrawer merchant={reviewing} onClose={() => setReviewing(null)} />
      <TopUpModal merchant={toppingUp} onClose={() => setToppingUp(null)} />
    </div>
  );
}
