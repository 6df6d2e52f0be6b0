import { Card, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { OrderRow } from '@gemqc/contract';
import { ui } from '../../../lib/ui';
import { buyerColumn, countdownColumn, createdAtColumn, declaredValueColumn, exportFilters, orderNoColumn, StatusTag, serverOffset } from '../../orders';
import { useCenterOrderList, useExportCenterOrders } from '../api';
import { CenterFilterForm } from '../components/CenterFilterForm';
import { fromSearchParams, toListQuery, toSearchParams, type CenterFilterValues } from '../filters';
import { useCt } from '../i18n';
import { CENTER_PATHS } from '../paths';
import '../center.css';
import { useUrlList } from '../../../components/useUrlList';
import { ExportRefreshBar } from '../../../components/ExportRefreshBar';

/** Row highlight: intercepted orders first (they must not ship), then overdue ones. */
export function rowClass(r: Pick<OrderRow, 'status' | 'overdue'>): string {
  if (r.status === 'intercepted') return 'row-intercepted';
  return r.overdue ? 'row-overdue' : '';
}

/** 订单查询: the service centre's orders. */
export default function CenterOrderListPage() {
  const t = useCt();
  const url = useUrlList(fromSearchParams, (v: CenterFilterValues, page, pageSize) => toSearchParams(toListQuery(v, page, pageSize)));
  const { query, values } = url;
  const list = useCenterOrderList(query);
  const exporter = useExportCenterOrders();
  const offset = serverOffset(list.data?.server_time, list.dataUpdatedAt);

  const { go } = url;

  const doExport = () => {
    exporter.mutate(exportFilters(query), { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined });
  };

  const columns: ColumnsType<OrderRow> = [
    orderNoColumn(t('list.orderNo'), 180, (r) => (
      <Link to={CENTER_PATHS.detail(r.id)} className="mono">
        {r.order_no}
      </Link>
    )),
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 200,
      render: (_v, r) => (
        <div>
          <StatusTag status={r.status} />
          {r.status === 'intercepted' && (
            <div className="center-intercept-reason" data-testid="intercept-reason">
              {t('list.intercepted', { reason: r.intercept_reason || '—' })}
              <br />
              {t('list.interceptedHint')}
            </div>
          )}
        </div>
      ),
    },
    countdownColumn(t('list.countdown'), t('list.deadline'), offset),
    {
      title: t('list.merchant'),
      dataIndex: 'merchant_name',
      width: 150,
      render: (_v, r) => (
        <div>
          <Typography.Text ellipsis={{ tooltip: r.merchant_name }} style={{ maxWidth: 140 }}>
            {r.merchant_name}
          </Typography.Text>
          {r.shop_name && <div className="small muted">{r.shop_name}</div>}
        </div>
      ),
    },
    {
      title: t('list.items'),
      dataIndex: 'item_names',
      width: 190,
      render: (_v, r) => (
        <div>
          <Typography.Text ellipsis={{ tooltip: r.item_names }} style={{ maxWidth: 175 }}>
            {r.item_names || '—'}
          </Typography.Text>
          <div className="small muted">
            {r.category_names} · {t('list.itemsCount', { count: r.item_count })}
          </div>
        </div>
      ),
    },
    {
      title: `${t('list.inbound')} / ${t('list.outbound')}`,
      dataIndex: 'inbound_waybill',
      width: 180,
      render: (_v, r) => (
        <div>
          <div>{r.inbound_waybill ? <span className="mono">{r.inbound_waybill}</span> : <Typography.Text type="secondary">—</Typography.Text>}</div>
          {r.outbound_waybill && (
            <div className="small muted">
              → {r.outbound_carrier} <span className="mono">{r.outbound_waybill}</span>
            </div>
          )}
        </div>
      ),
    },
    buyerColumn(t('list.buyer'), 120),
    declaredValueColumn(t('list.declaredValue')),
    createdAtColumn(t('list.createdAt'), 140),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_v, r) => <Link to={CENTER_PATHS.detail(r.id)}>{t('common.detail')}</Link>,
    },
  ];

  const overdueHere = (list.data?.list ?? []).filter((r) => r.overdue).length;

  return (
    <div className="center-page">
      <Card size="small">
        <CenterFilterForm values={values} onSearch={(v) => go(v)} onReset={() => go({})} />
      </Card>
      <Card size="small">
        <ExportRefreshBar
          className="center-toolbar"
          onExport={doExport}
          exporting={exporter.isPending}
          exportText={t('common.export')}
          onRefresh={() => void list.refetch()}
          refreshText={t('common.refresh')}
          note={overdueHere > 0 && <Typography.Text type="danger">{t('list.overdueCount', { n: overdueHere })}</Typography.Text>}
        />
        <Table<OrderRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 1480 }}
          locale={{ emptyText: list.isPending ? ' ' : t('list.empty') }}
          rowClassName={rowClass}
          // past 10,000 matches the server answers the planner's estimate (total_exact false)
          pagination={url.pagination(list.data?.total, (total) => t(list.data?.total_exact === false ? 'common.totalAbout' : 'common.total', { total }))}
        />
      </Card>
    </div>
  );
}
