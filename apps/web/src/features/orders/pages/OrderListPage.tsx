import { Button, Empty, Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { useState } from 'react';
import { lazyRetry } from '../../../lib/lazyRetry';
import { LazyPart } from '../../../components/LazyPart';
import { Link, useNavigate } from 'react-router';
import { MAX_EXPORT_IDS, tooManyExportIds, type OrderRow, type OrderSortKey } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { useCancelOrder, useExportOrders, useOrderList } from '../api';
import { serverOffset } from '../components/DeadlineCountdown';
import { buyerColumn, countdownColumn, createdAtColumn, declaredValueColumn, orderNoColumn } from '../components/orderColumns';
import { exportFilters } from '../../../lib/listQuery';
import { OrderFilterForm } from '../components/OrderFilterForm';
import { StatusTag } from '../components/StatusTag';
import { fromSearchParams, toListQuery, toSearchParams, type OrderFilterValues } from '../filters';
import { useMt } from '../i18n';
import { ORDER_PATHS, REPORT_STATUSES } from '../paths';
import { useUrlList } from '../../../components/useUrlList';
import { onSortChange, sortable, sortOf } from '../sort';
import { listTotal, useListTable } from '../../../components/ListState';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

const { Text } = Typography;

/** The waybill dialog (form, auto-complete, its schema) is loaded when first opened. */
const loadWaybill = () => import('../components/WaybillModal');
const WaybillModal = lazyRetry(() => loadWaybill().then((m) => ({ default: m.WaybillModal })));

/** 检测管理: the merchant's testing orders. */
/**
 * 检测管理's columns left out until shown under 列设置: the list fits 1366–1440 px without scrolling
 * sideways, and the pinned 操作 column covers no sortable column.
 */
const DEFAULT_HIDDEN = ['centre_name', 'buyer_name', 'declared_value', 'created_at'] as const;

export default function OrderListPage() {
  const t = useMt();
  const navigate = useNavigate();
  const url = useUrlList(fromSearchParams, (v: OrderFilterValues, page, pageSize) => toSearchParams(toListQuery(v, page, pageSize)));
  const { query, values } = url;
  const list = useOrderList(query);
  const cancel = useCancelOrder();
  const exporter = useExportOrders();
  const [selected, setSelected] = useState<string[]>([]);
  const [waybillFor, setWaybillFor] = useState<OrderRow | null>(null);
  const [waybillUsed, setWaybillUsed] = useState(false);
  const offset = serverOffset(list.data?.server_time, list.dataUpdatedAt);

  const go = (v: OrderFilterValues, page?: number, pageSize?: number) => {
    url.go(v, page, pageSize);
    setSelected([]);
  };
  // 查询 keeps the column sort; 重置 goes back to the default (newest first)
  const search = (v: OrderFilterValues, keepSort = true) => {
    url.search(keepSort ? { ...v, ...sortOf(values) } : v);
    setSelected([]);
  };

  const doCancel = (row: OrderRow) =>
    cancel.mutateAsync({ id: row.id }).then(
      () => void ui().message.success(t('orders.cancelled')),
      (e: unknown) => showErrorOnce(e),
    );

  // 导出所选 with a selection (the ids and the list's sort), else the filtered list
  const doExport = () => {
    const done = { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined };
    if (!selected.length) return exporter.mutate(exportFilters(query), done);
    const ids = selected.join(',');
    // the contract's limit, checked before the ids go into the URL (ids come from the list: always well-formed)
    if (selected.length > MAX_EXPORT_IDS) return void ui().message.error(tooManyExportIds);
    exporter.mutate({ ids, sort_by: query.sort_by, sort_order: query.sort_order }, done);
  };

  const columns: ColumnsType<OrderRow> = [
    sortable(
      orderNoColumn(t('orders.orderNo'), 190, (r) => (
        <Link to={ORDER_PATHS.detail(r.id)} className="mono">
          {r.order_no}
        </Link>
      )),
      'order_no',
      values,
    ),
    sortable<OrderRow>(
      {
        title: t('orders.status'),
        dataIndex: 'status',
        width: 110,
        render: (_v, r) =>
          r.status === 'intercepted' && r.intercept_reason ? (
            <Tooltip title={`${t('orders.interceptReason')}：${r.intercept_reason}`}>
              <span>
                <StatusTag status={r.status} />
              </span>
            </Tooltip>
          ) : (
            <StatusTag status={r.status} />
          ),
      },
      'status',
      values,
    ),
    sortable(countdownColumn(t('orders.countdown'), t('orders.deadline'), offset), 'ship_deadline', values, 'asc'), // first click: the most urgent first
    {
      title: t('orders.items'),
      dataIndex: 'item_names',
      width: 200,
      render: (_v, r) => (
        <div>
          <Text ellipsis={{ tooltip: r.item_names }} style={{ maxWidth: 180 }}>
            {r.item_names || '—'}
          </Text>
          <div>
            <Text type="secondary" className="small">
              {r.category_names} · {t('orders.itemsCount', { count: r.item_count })}
            </Text>
          </div>
        </div>
      ),
    },
    {
      title: t('orders.waybill'),
      dataIndex: 'inbound_waybill',
      width: 170,
      render: (_v, r) =>
        r.inbound_waybill ? (
          <div>
            <span className="mono">{r.inbound_waybill}</span>
            <div>
              <Text type="secondary" className="small">
                {r.inbound_carrier}
              </Text>
            </div>
          </div>
        ) : (
          <Text type="secondary">—</Text>
        ),
    },
    {
      title: `${t('orders.shop')} / ${t('orders.centre')}`,
      dataIndex: 'centre_name',
      width: 170,
      render: (_v, r) => (
        <div>
          <Text ellipsis={{ tooltip: r.shop_name }} style={{ maxWidth: 150 }}>
            {r.shop_name || '—'}
          </Text>
          <div className="small muted">{r.centre_name}</div>
        </div>
      ),
    },
    buyerColumn(t('orders.buyer'), 110),
    sortable(declaredValueColumn(t('orders.declaredValue')), 'declared_value', values),
    sortable(createdAtColumn(t('orders.createdAt'), 150), 'created_at', values),
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 240,
      render: (_v, r) => (
        <Space size={4} wrap>
          <Link to={ORDER_PATHS.detail(r.id)}>{t('common.detail')}</Link>
          {r.can_enter_waybill && (
            <Button
              type="link"
              size="small"
              onMouseEnter={() => void loadWaybill()}
              onClick={() => {
                setWaybillUsed(true);
                setWaybillFor(r);
              }}
            >
              {r.inbound_waybill ? t('orders.editWaybill') : t('orders.enterWaybill')}
            </Button>
          )}
          <Link to={ORDER_PATHS.print([r.id])}>{t('orders.printSheet')}</Link>
          {REPORT_STATUSES.has(r.status) && <Link to={ORDER_PATHS.report(r.id)}>{t('orders.report')}</Link>}
          {r.can_cancel && (
            <Popconfirm
              title={t('orders.cancelConfirm', { no: r.order_no })}
              okText={t('orders.cancelOrder')}
              okButtonProps={{ danger: true }}
              cancelText={t('orders.keepOrder')}
              onConfirm={() => doCancel(r)}
            >
              <Button type="link" size="small" danger>
                {t('orders.cancelOrder')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const empty = (
    <Empty description={<span>{t('orders.emptyTitle')}<br /><Text type="secondary">{t('orders.emptyHint')}</Text></span>}>
      <Space>
        <Button type="primary" onClick={() => navigate('/trader/order/checkOrder')}>
          {t('orders.newOrder')}
        </Button>
        <Button onClick={() => navigate('/trader/order/detection')}>{t('orders.goDetection')}</Button>
      </Space>
    </Empty>
  );

  const view = useListTable(list, { ...url.source, reset: () => search({}, false) }, { empty, noMatchText: t('orders.noMatch') });

  return (
    <div className="merchant-page">
      <section className="gq-panel merchant-filter-card">
        <OrderFilterForm values={values} onSearch={search} onReset={() => search({}, false)} />
      </section>
      <section className="gq-panel">
        <div className="merchant-toolbar">
          <Space wrap>
            <Button type="primary" onClick={() => navigate('/trader/order/checkOrder')}>
              {t('orders.newOrder')}
            </Button>
            <Button onClick={() => navigate('/trader/order/detection')}>{t('orders.goDetection')}</Button>
            <Button
              disabled={selected.length === 0}
              onClick={() => (selected.length ? navigate(ORDER_PATHS.print(selected)) : ui().message.info(t('orders.batchSelectFirst')))}
            >
              {t('orders.batchPrint')}
              {selected.length > 0 ? ` (${selected.length})` : ''}
            </Button>
            <Button onClick={doExport} loading={exporter.isPending}>
              {selected.length ? t('common.exportSelected', { count: selected.length }) : t('common.export')}
            </Button>
          </Space>
          <Text type="secondary">{selected.length > 0 ? t('common.selected', { count: selected.length }) : ''}</Text>
        </div>
        <ResponsiveTable<OrderRow>
          rowKey="id"
          size="middle"
          columns={columns}
          {...view}
          scroll={{ x: 1530 }}
          defaultHiddenColumns={DEFAULT_HIDDEN}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
          rowClassName={(r) => (r.overdue ? 'row-overdue' : '')}
          columnsKey="trader.orders"
          onChange={onSortChange<OrderRow, OrderSortKey>((sort) => go({ ...values, ...sort }))}
          // past 10,000 matches the server answers the planner's estimate (total_exact false)
          pagination={url.pagination(listTotal(list), (total) => t(list.data?.total_exact === false ? 'common.totalAbout' : 'common.total', { total }), (page, pageSize) => go(values, page, pageSize))}
        />
      </section>
      {waybillUsed && (
        <LazyPart fallback={null}>
          <WaybillModal order={waybillFor} onClose={() => setWaybillFor(null)} />
        </LazyPart>
      )}
    </div>
  );
}
