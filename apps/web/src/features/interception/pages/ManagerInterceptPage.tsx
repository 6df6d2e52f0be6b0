import { useState } from 'react';
import { Alert, Button, Card, Input, Space, Typography, type TableColumnsType } from 'antd';
import { atCentreStatuses, type DataOf, type interceptionApi } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { StatusTag } from '../../orders';
import { ManagerSyncStatus } from '../../platformSync';
import { useManagerIntercept, useManagerOrderSearch } from '../api';
import { ReasonModal } from '../components/InterceptionPanel';
import { useIt } from '../i18n';
import '../interception.css';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

type Row = DataOf<typeof interceptionApi.manageSearch>[number];
const AT_CENTRE = new Set<string>(atCentreStatuses);
const SHIPPED = new Set<string>(['shipped', 'completed']);

/** 订单拦截 (manager): find an order of any centre by its number and intercept it with a reason. */
export default function ManagerInterceptPage() {
  const t = useIt();
  const [keyword, setKeyword] = useState('');
  const q = useManagerOrderSearch(keyword);
  const intercept = useManagerIntercept();
  const [asking, setAsking] = useState<Row | null>(null);

  const columns: TableColumnsType<Row> = [
    { title: t('manage.orderNo'), dataIndex: 'order_no', width: 170, render: (v: string) => <span className="mono">{v}</span> },
    { title: t('manage.merchant'), dataIndex: 'merchant_name', width: 140, ellipsis: true },
    { title: t('manage.centre'), dataIndex: 'centre_name', width: 150, ellipsis: true },
    { title: t('manage.status'), dataIndex: 'status', width: 100, render: (s: string) => <StatusTag status={s} /> },
    { title: t('manage.reason'), dataIndex: 'intercept_reason', width: 200, render: (v: string) => v || '—' },
    // the shipment report to Doudian of a shipped order (a manager may 重试 one that failed)
    { title: t('manage.sync'), key: 'platform_sync', width: 220, render: (_, row) => (SHIPPED.has(row.status) ? <ManagerSyncStatus orderId={row.id} /> : '—') },
    {
      title: t('manage.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_, row) =>
        AT_CENTRE.has(row.status) ? (
          <Button size="small" danger onClick={() => setAsking(row)} data-testid={`manage-intercept-${row.order_no}`}>
            {t('manage.intercept')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{row.status === 'intercepted' ? '—' : t('manage.notAtCentre')}</Typography.Text>
        ),
    },
  ];

  return (
    <div className="app-container">
      <Card size="small" title={t('manage.title')}>
        <Alert type="info" showIcon title={t('manage.hint')} style={{ marginBottom: 12 }} />
        <Space.Compact style={{ width: '100%', maxWidth: 520, marginBottom: 12 }}>
          <Input.Search
            allowClear
            enterButton={t('manage.search')}
            placeholder={t('manage.keyword')}
            aria-label={t('manage.keyword')}
            loading={q.isFetching}
            onSearch={(v) => setKeyword(v.trim())}
            data-testid="manage-order-keyword"
          />
        </Space.Compact>
        <ResponsiveTable<Row>
          rowKey="id"
          columnsKey="manage.intercept"
          size="small"
          columns={columns}
          dataSource={q.data ?? []}
          loading={q.isFetching && !q.data}
          pagination={false}
          scroll={{ x: 950 }}
          locale={{ emptyText: keyword ? t('manage.empty') : t('manage.start') }}
          data-testid="manage-order-results"
        />
      </Card>
      <ReasonModal
        open={!!asking}
        title={asking ? t('panel.interceptTitle', { no: asking.order_no }) : ''}
        hint={t('panel.interceptHint')}
        label={t('panel.reason')}
        placeholder={t('panel.reasonPlaceholder')}
        loading={intercept.isPending}
        onCancel={() => setAsking(null)}
        onOk={(reason) =>
          asking &&
          intercept.mutate(
            { id: asking.id, reason },
            {
              onSuccess: () => {
                void ui().message.success(t('panel.intercepted', { no: asking.order_no }));
                setAsking(null);
              },
              onError: showErrorOnce,
            },
          )
        }
      />
    </div>
  );
}
