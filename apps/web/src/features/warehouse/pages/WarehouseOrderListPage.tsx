import { Button, Card, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { OrderRow, WarehouseOrderListQuery } from '@gemqc/contract';
import { URL_PAGE_SIZES, listPagination } from '../../../components/listPagination';
import { ui } from '../../../lib/ui';
import { CenterFilterForm, fromSearchParams, OrderPortalContext, rowClass, toListQuery, toSearchParams, useCt, type CenterFilterValues } from '../../centerOrders';
import { buyerColumn, countdownColumn, createdAtColumn, exportFilters, orderNoColumn, StatusTag, serverOffset } from '../../orders';
import { useBatchDetail, useExportWarehouseOrders, useWarehouseOrderList } from '../api';
import { OrderDetailDrawer } from '../components/OrderDetailDrawer';
import { useWt } from '../i18n';
import '../warehouse.css';

const ID = /^\d{1,18}$/;

/** 订单列表: the centre's orders (the service centre's filters plus the intake batch); detail in a drawer (`?order=id`). */
export default function WarehouseOrderListPage() {
  const t = useCt();
  const wt = useWt();
  const [sp, setSp] = useSearchParams();
  const batchId = ID.test(sp.get('batch_id') ?? '') ? sp.get('batch_id') : null;
  const openId = ID.test(sp.get('order') ?? '') ? sp.get('order') : null;
  const { query, values } = useMemo(() => {
    const r = fromSearchParams(sp);
    const q: WarehouseOrderListQuery & { page: number; page_size: number } = batchId ? { ...r.query, batch_id: batchId } : r.query;
    return { query: q, values: r.values };
  }, [sp, batchId]);
  const list = useWarehouseOrderList(query);
  const batch = useBatchDetail(batchId);
  const exporter = useExportWarehouseOrders();
  const offset = serverOffset(list.data?.server_time, list.dataUpdatedAt);

  const params = (q: WarehouseOrderListQuery, extra: { batch?: string | null; order?: string | null }) => {
    const out = toSearchParams(q);
    delete out.batch_id;
    if (extra.batch) out.batch_id = extra.batch;
    if (extra.order) out.order = extra.order;
    return out;
  };
  const go = (v: CenterFilterValues, page = 1, pageSize = query.page_size, b = batchId) => setSp(params(toListQuery(v, page, pageSize), { batch: b }));
  const openOrder = (id: string | null) => setSp(params(query, { batch: batchId, order: id }));

  const doExport = () => {
    exporter.mutate(exportFilters(query), { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined });
  };

  const columns: ColumnsType<OrderRow> = [
    orderNoColumn(t('list.orderNo'), 180, (r) => (
      <a
        className="mono"
        href={`?order=${r.id}`}
        onClick={(e) => {
          e.preventDefault();
          openOrder(r.id);
        }}
      >
        {r.order_no}
      </a>
    )),
    {
      title: t('list.status'),
      dataIndex: 'status',
      width: 190,
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
          {r.merchant_name}
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
          <div>{r.inbound_waybill ? <span className="mono">{r.inbound_waybill}</span> : '—'}</div>
          {r.outbound_waybill && (
            <div className="small muted">
              → {r.outbound_carrier} <span className="mono">{r.outbound_waybill}</span>
            </div>
          )}
        </div>
      ),
    },
    buyerColumn(t('list.buyer'), 120),
    createdAtColumn(t('list.createdAt'), 140),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 80,
      render: (_v, r) => (
        <Button type="link" size="small" onClick={() => openOrder(r.id)}>
          {t('common.detail')}
        </Button>
      ),
    },
  ];

  return (
    <OrderPortalContext.Provider value="warehouse">
    <div className="wh-page center-page">
      <Card size="small">
        <CenterFilterForm values={values} onSearch={(v) => go(v)} onReset={() => go({}, 1, query.page_size, null)} className="wh-filters" testId="warehouse-order-filters" />
      </Card>
      <Card size="small">
        <div className="wh-toolbar">
          <Space wrap>
            <Button type="primary" onClick={doExport} loading={exporter.isPending}>
              {t('common.export')}
            </Button>
            <Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>
            {batchId && (
              <Tag closable color="blue" onClose={() => go(values, 1, query.page_size, null)} data-testid="batch-filter" closeIcon={<span aria-label={wt('orders.clearBatch')}>×</span>}>
                {wt('orders.batchFilter', { no: batch.data?.batch.batch_no ?? batchId })}
              </Tag>
            )}
          </Space>
        </div>
        <Table<OrderRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 1360 }}
          locale={{ emptyText: list.isPending ? ' ' : t('list.empty') }}
          rowClassName={rowClass}
          pagination={listPagination({
            page: query.page,
            pageSize: query.page_size,
            total: list.data?.total,
            pageSizeOptions: URL_PAGE_SIZES,
            // past 10,000 matches the server answers the planner's estimate (total_exact false)
            showTotal: (total) => t(list.data?.total_exact === false ? 'common.totalAbout' : 'common.total', { total }),
            onChange: (page, pageSize) => go(values, page, pageSize),
          })}
        />
      </Card>
      <OrderDetailDrawer id={openId} onClose={() => openOrder(null)} />
    </div>
    </OrderPortalContext.Provider>
  );
}
