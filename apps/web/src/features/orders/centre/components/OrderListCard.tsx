import { Button, Card, Space, Typography, type TablePaginationConfig } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { useState, type Key, type ReactNode } from 'react';
import { MAX_EXPORT_IDS, tooManyExportIds, type OrderRow, type OrderSortKey, type WarehouseOrderListQuery } from '@gemqc/contract';
import { ExportRefreshBar } from '../../../../components/ExportRefreshBar';
import { listTotal, useListTable, type ListSource } from '../../../../components/ListState';
import { ui } from '../../../../lib/ui';
import { buyerColumn, countdownColumn, createdAtColumn, declaredValueColumn, orderNoColumn } from '../../components/orderColumns';
import { exportFilters } from '../../../../lib/listQuery';
import { StatusTag } from '../../components/StatusTag';
import { serverOffset } from '../../components/DeadlineCountdown';
import { useOrderPortal, usePortalOrderExport, usePortalOrderList } from '../api';
import { useCt } from '../i18n';
import { onSortChange, sortable, type OrderSort } from '../../sort';
import '../centre.css';
import { ResponsiveTable } from '../../../../components/ResponsiveTable';

/** Row highlight: intercepted orders first (they must not ship), then overdue ones. */
/**
 * Columns left out until shown under 列设置, so the list fits 1366–1440 px without scrolling
 * sideways (the sortable columns stay in view).
 */
const CENTRE_LIST_DEFAULT_HIDDEN = ['item_names', 'buyer_name', 'declared_value'] as const;

export function rowClass(r: Pick<OrderRow, 'status' | 'overdue'>): string {
  if (r.status === 'intercepted') return 'row-intercepted';
  return r.overdue ? 'row-overdue' : '';
}

interface Props {
  /** The list query of the page's portal (the warehouse's may filter by batch). */
  query: WarehouseOrderListQuery & { page: number; page_size: number };
  /** The table's paging from the page's URL handling, given the total and its text. */
  pagination: (total: number | undefined, showTotal: (total: number) => string) => TablePaginationConfig;
  /** The page's filters (useUrlList's `source`): 重置 from "nothing matches", and 查询 loads fresh data. */
  source: ListSource;
  /** The order no cell and the 详情 action: links to the centre's detail page, or what opens the warehouse's drawer. */
  orderLink: (r: OrderRow) => ReactNode;
  detailAction: (r: OrderRow) => ReactNode;
  toolbarClass: string;
  /** Right of 导出/刷新, given the rows on screen. */
  note?: (rows: OrderRow[]) => ReactNode;
  /** The 申报价值 column (the warehouse's 订单列表 has none). */
  declaredValue?: boolean;
  /** A sortable header was clicked: the page shows the list in that order (page 1). */
  onSort?: (sort: OrderSort) => void;
  /** Names the list for 列设置 (remembered per user). */
  columnsKey?: string;
  /** The page's own buttons beside 导出/刷新, given the selected orders (as on screen, else as when picked). */
  /** Actions on the selected orders; `deselect` takes orders out of the selection (e.g. the ones just shipped). */
  selectionActions?: (selected: OrderRow[], deselect: (ids: readonly string[]) => void) => ReactNode;
}

const NONE = new Map<string, OrderRow>();

/**
 * The ticked orders of the list, across its pages, until its filters change (a new search starts
 * with none; paging and sorting keep them). Each selected order as on screen now (fresh after a
 * refresh), else as it was when ticked.
 */
function useSelection(query: Props['query'], onScreen: readonly OrderRow[]) {
  const { page: _p, page_size: _s, sort_by: _b, sort_order: _o, ...filters } = query;
  const scope = JSON.stringify(filters);
  const [picked, setPicked] = useState<{ scope: string; rows: Map<string, OrderRow> }>({ scope, rows: NONE });
  const chosen = picked.scope === scope ? picked.rows : NONE;
  const shown = new Map(onScreen.map((r) => [r.id, r]));
  const selected = [...chosen.keys()].map((id) => shown.get(id) ?? chosen.get(id)!);
  const onChange = (keys: Key[], rows: (OrderRow | undefined)[]) => {
    const given = new Map(rows.filter((r): r is OrderRow => !!r).map((r) => [r.id, r]));
    const next = new Map<string, OrderRow>();
    for (const k of keys.map(String)) {
      const r = given.get(k) ?? shown.get(k) ?? chosen.get(k);
      if (r) next.set(k, r);
    }
    setPicked({ scope, rows: next });
  };
  const deselect = (ids: readonly string[]) =>
    setPicked((p) => {
      const rows = new Map(p.scope === scope ? p.rows : NONE);
      for (const id of ids) rows.delete(id);
      return { scope, rows };
    });
  return { selected, keys: [...chosen.keys()], onChange, deselect, clear: () => setPicked({ scope, rows: NONE }) };
}

/**
 * The order table of 订单查询 (service centre) and 订单列表 (warehouse) with 导出/刷新 over it,
 * on the endpoints of the portal (OrderPortalContext). A failed load shows its reason and 重试 in
 * the table, a filtered search without orders says 没有符合条件的订单 with 重置 (components/ListState).
 */
export function OrderListCard({ query, pagination, source, orderLink, detailAction, toolbarClass, note, declaredValue = true, onSort, columnsKey, selectionActions }: Props) {
  const t = useCt();
  const portal = useOrderPortal();
  const list = usePortalOrderList(portal, query);
  const exporter = usePortalOrderExport(portal);
  const offset = serverOffset(list.data?.server_time, list.dataUpdatedAt);
  // unfiltered and empty: the table's own 暂无数据 (the centre has no orders yet)
  const view = useListTable(list, source, { noMatchText: t('list.empty'), empty: t('list.none') });
  const rows = view.dataSource;
  const selection = useSelection(query, rows ?? []);
  const count = selection.keys.length;

  // 导出所选 with a selection (the ids and the list's sort), else the filtered list
  const doExport = () => {
    const done = { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined };
    if (!count) return exporter.mutate(exportFilters(query), done);
    const ids = selection.keys.join(',');
    // the contract's limit, checked before the ids go into the URL (ids come from the list: always well-formed)
    if (selection.keys.length > MAX_EXPORT_IDS) return void ui().message.error(tooManyExportIds);
    exporter.mutate({ ids, sort_by: query.sort_by, sort_order: query.sort_order }, done);
  };

  const columns: ColumnsType<OrderRow> = [
    sortable(orderNoColumn(t('list.orderNo'), 180, orderLink), 'order_no', query),
    sortable<OrderRow>(
      {
        title: t('list.status'),
        dataIndex: 'status',
        width: 170,
        render: (_v, r) => (
          <div>
            <StatusTag status={r.status} />
            {r.status === 'intercepted' && (
              <div className="centre-intercept-reason" data-testid="intercept-reason">
                {t('list.intercepted', { reason: r.intercept_reason || '—' })}
                <br />
                {t('list.interceptedHint')}
              </div>
            )}
          </div>
        ),
      },
      'status',
      query,
    ),
    sortable(countdownColumn(t('list.countdown'), t('list.deadline'), offset), 'ship_deadline', query, 'asc'), // first click: the most urgent first
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
    ...(declaredValue ? [sortable(declaredValueColumn(t('list.declaredValue')), 'declared_value', query)] : []),
    sortable(createdAtColumn(t('list.createdAt'), 140), 'created_at', query),
    { title: t('common.actions'), key: 'actions', fixed: 'right', width: 80, render: (_v, r) => detailAction(r) },
  ];

  return (
    <Card size="small">
      <ExportRefreshBar
        className={toolbarClass}
        onExport={doExport}
        exporting={exporter.isPending}
        exportText={count ? t('common.exportSelected', { count }) : t('common.export')}
        onRefresh={() => void list.refetch()}
        refreshText={t('common.refresh')}
        extra={
          <>
            {selectionActions?.(selection.selected, selection.deselect)}
            {count > 0 && (
              <Space size={0}>
                <Typography.Text type="secondary" data-testid="selected-count">
                  {t('list.selected', { count })}
                </Typography.Text>
                <Button type="link" size="small" onClick={selection.clear}>
                  {t('list.clearSelection')}
                </Button>
              </Space>
            )}
          </>
        }
        note={note?.(rows)}
      />
      <ResponsiveTable<OrderRow>
        rowKey="id"
        size="middle"
        columns={columns}
        {...view}
        scroll={{ x: declaredValue ? 1450 : 1330 }}
        defaultHiddenColumns={CENTRE_LIST_DEFAULT_HIDDEN}
        rowClassName={rowClass}
        rowSelection={{ selectedRowKeys: selection.keys, preserveSelectedRowKeys: true, onChange: selection.onChange }}
        columnsKey={columnsKey}
        onChange={onSort && onSortChange<OrderRow, OrderSortKey>(onSort)}
        // past 10,000 matches the server answers the planner's estimate (total_exact false)
        pagination={pagination(listTotal(list), (total) => t(list.data?.total_exact === false ? 'common.totalAbout' : 'common.total', { total }))}
      />
    </Card>
  );
}
