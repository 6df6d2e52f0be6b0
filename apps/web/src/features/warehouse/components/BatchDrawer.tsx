import { Button, Descriptions, Drawer, Empty, Skeleton, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { BatchDetail, BatchPrintData } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import { StatusTag, fmtDateTime } from '../../orders';
import { useHasPermission } from '../../../session/permissions';
import { useBatchDetail, useBatchPrintData, useCloseBatch, useExportWarehouseOrders } from '../api';
import { useWt } from '../i18n';
import { WAREHOUSE_PATHS } from '../paths';
import { useBatchPrinter } from './useBatchPrinter';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

type Row = BatchDetail['orders'][number];

export function BatchStatusTag({ status }: { status: string }) {
  const t = useWt();
  return <Tag color={status === 'open' ? 'processing' : 'default'}>{t(`lot.statuses.${status}`, { defaultValue: status })}</Tag>;
}

/** Asks before closing a batch; closing prints its list when the inspector wants it. */
export function useCloseBatchFlow() {
  const t = useWt();
  const close = useCloseBatch();
  const printer = useBatchPrinter();
  const run = (b: { id: string; batch_no: string }) =>
    ui().confirm({
      title: t('lot.closeTitle', { no: b.batch_no }),
      content: t('lot.closeBody'),
      okText: t('lot.close'),
      cancelText: t('common.cancel'),
      onOk: () =>
        close.mutateAsync(b.id).then(
          (data: BatchPrintData) => {
            void ui().message.success(t('lot.closed', { no: b.batch_no }));
            ui().confirm({
              title: t('lot.closed', { no: b.batch_no }),
              content: t('lot.print'),
              okText: t('common.print'),
              cancelText: t('common.close'),
              onOk: () => printer.print(data),
            });
          },
          (e: unknown) => showErrorOnce(e),
        ),
    });
  return { run, pending: close.isPending };
}

/** A batch: its numbers, orders by status, its orders; print, export, close. */
export function BatchDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useWt();
  const q = useBatchDetail(id);
  const mayClose = useHasPermission('warehouse.batch.close');
  const closing = useCloseBatchFlow();
  const printData = useBatchPrintData();
  const printer = useBatchPrinter();
  const exporter = useExportWarehouseOrders();
  const d = q.data;

  const print = () => {
    if (!id) return;
    printData.mutate(id, { onSuccess: (data) => void printer.print(data), onError: showErrorOnce });
  };

  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={Math.min(960, window.innerWidth)}
      title={d ? t('lot.detailTitle', { no: d.batch.batch_no }) : t('common.loading')}
      data-testid="batch-drawer"
      extra={
        d && (
          <Space wrap>
            <Button icon={<PrinterOutlined />} loading={printData.isPending || printer.busy} onClick={print}>
              {t('lot.print')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              loading={exporter.isPending}
              onClick={() => exporter.mutate({ batch_id: d.batch.id }, { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined })}
            >
              {t('lot.exportOrders')}
            </Button>
            {mayClose && d.batch.status === 'open' && (
              <Button danger loading={closing.pending} onClick={() => closing.run(d.batch)}>
                {t('lot.close')}
              </Button>
            )}
          </Space>
        )
      }
    >
      {q.isPending && !!id ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : !d ? (
        <Empty />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
            <Descriptions.Item label={t('lot.batchNo')}>
              <span className="mono">{d.batch.batch_no}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('lot.status')}>
              <BatchStatusTag status={d.batch.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('lot.operator')}>{d.batch.operator_name}</Descriptions.Item>
            <Descriptions.Item label={t('lot.orders')}>{d.batch.order_count}</Descriptions.Item>
            <Descriptions.Item label={t('lot.items')}>{d.batch.item_count}</Descriptions.Item>
            <Descriptions.Item label={t('lot.openedAt')}>{fmtDateTime(d.batch.opened_at)}</Descriptions.Item>
            <Descriptions.Item label={t('lot.closedAt')}>{fmtDateTime(d.batch.closed_at)}</Descriptions.Item>
            <Descriptions.Item label={t('lot.closedBy')}>{d.batch.closed_by_name || '—'}</Descriptions.Item>
          </Descriptions>
          <div>
            <Typography.Title level={5}>{t('lot.statusCounts')}</Typography.Title>
            <Space wrap data-testid="batch-status-counts">
              {d.status_counts.length === 0
                ? '—'
                : d.status_counts.map((s) => (
                    <Link key={s.status} to={`${WAREHOUSE_PATHS.ordersOfBatch(d.batch.id)}&status=${s.status}`}>
                      <Space size={4}>
                        <StatusTag status={s.status} />
                        <Typography.Text strong>{s.count}</Typography.Text>
                      </Space>
                    </Link>
                  ))}
            </Space>
          </div>
          <div>
            <div className="wh-toolbar" style={{ marginBottom: 8 }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('lot.orderList')}
              </Typography.Title>
              <Link to={WAREHOUSE_PATHS.ordersOfBatch(d.batch.id)}>{t('lot.viewOrders')}</Link>
            </div>
            <ResponsiveTable<Row>
              rowKey="id"
              size="small"
              dataSource={d.orders}
              pagination={d.orders.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
              locale={{ emptyText: t('lot.noOrders') }}
              scroll={{ x: 760 }}
              columns={[
                {
                  title: t('orders.orderNo'),
                  dataIndex: 'order_no',
                  render: (v: string, r) => (
                    <Link to={WAREHOUSE_PATHS.order(r.id)} className="mono">
                      {v}
                    </Link>
                  ),
                },
                { title: t('lot.status'), dataIndex: 'status', render: (v: string) => <StatusTag status={v} /> },
                { title: t('order.merchant'), dataIndex: 'merchant_name' },
                { title: t('order.items'), dataIndex: 'item_names', render: (v: string, r) => `${v || '—'} (${r.item_count})` },
                { title: t('order.inbound'), dataIndex: 'inbound_waybill', render: (v: string) => <span className="mono">{v || '—'}</span> },
                // the latest scans first (the inspector looks for what was just received); the print keeps intake order
                {
                  title: t('lot.receivedAt'),
                  dataIndex: 'received_at',
                  render: fmtDateTime,
                  defaultSortOrder: 'descend',
                  sorter: (a, b) => (a.received_at ?? '').localeCompare(b.received_at ?? ''),
                },
              ]}
            />
          </div>
        </Space>
      )}
    </Drawer>
  );
}
