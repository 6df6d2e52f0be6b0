import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import { ExportRefreshBar } from '../../../components/ExportRefreshBar';
import { FilterForm } from '../../../components/FilterForm';
import { listTotal, useListTable } from '../../../components/ListState';
import { useUrlList } from '../../../components/useUrlList';
import type { TableColumnsType as ColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { batchSortKeys, type BatchRow } from '@gemqc/contract';
import { exportFilters } from '../../../lib/listQuery';
import { ui } from '../../../lib/ui';
import { fmtDateTime } from '../../orders';
import { useHasPermission } from '../../../session/permissions';
import { useBatchList, useBatchOperators, useExportBatches } from '../api';
import { BatchDrawer, BatchStatusTag, useCloseBatchFlow } from '../components/BatchDrawer';
import { useWt } from '../i18n';
import { lotFromSearchParams, lotSearchParams, toLotQuery, type LotFilterValues } from '../lotFilters';
import '../warehouse.css';
import { ResponsiveTable } from '../../../components/ResponsiveTable';

const toParams = (v: LotFilterValues, page: number, pageSize: number) => lotSearchParams(toLotQuery(v, page, pageSize));

/**
 * 批次列表: the centre's intake batches; a batch's detail opens in a drawer (`?batch=id`). A failed
 * load shows its reason and 重试, a filtered search without batches 没有符合条件的批次 with 重置.
 */
export default function LotListPage() {
  const t = useWt();
  const url = useUrlList(lotFromSearchParams, toParams, batchSortKeys);
  const { query, values, sorter } = url;
  const [sp, setSp] = useSearchParams();
  const open = sp.get('batch');
  const list = useBatchList(query);
  // unfiltered and empty: the table's own 暂无数据
  const view = useListTable(list, url.source, { noMatchText: t('lot.empty'), empty: t('lot.none') });
  const operators = useBatchOperators();
  const exporter = useExportBatches();
  const mayClose = useHasPermission('warehouse.batch.close');
  const closing = useCloseBatchFlow();
  const [form] = Form.useForm<LotFilterValues>();

  const openBatch = (id: string | null) => setSp(lotSearchParams(query, id));

  const columns: ColumnsType<BatchRow> = [
    {
      title: t('lot.batchNo'),
      dataIndex: 'batch_no',
      width: 170,
      render: (v: string, r) => (
        <a
          className="mono"
          href={`?batch=${r.id}`}
          data-testid="batch-link"
          onClick={(e) => {
            e.preventDefault();
            openBatch(r.id);
          }}
        >
          {v}
        </a>
      ),
    },
    { title: t('lot.status'), dataIndex: 'status', width: 100, render: (v: string) => <BatchStatusTag status={v} />, ...sorter.by('status') },
    { title: t('lot.operator'), dataIndex: 'operator_name', width: 180, ellipsis: true },
    { title: t('lot.orders'), dataIndex: 'order_count', width: 100, align: 'right', ...sorter.by('order_count') },
    { title: t('lot.items'), dataIndex: 'item_count', width: 100, align: 'right', ...sorter.by('item_count') },
    { title: t('lot.openedAt'), dataIndex: 'opened_at', width: 170, render: fmtDateTime, ...sorter.by('opened_at') },
    { title: t('lot.closedAt'), dataIndex: 'closed_at', width: 170, render: fmtDateTime, ...sorter.by('closed_at') },
    { title: t('lot.closedBy'), dataIndex: 'closed_by_name', width: 180, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 150,
      render: (_v, r) => (
        <Space>
          <Button type="link" size="small" onClick={() => openBatch(r.id)}>
            {t('common.detail')}
          </Button>
          {mayClose && r.status === 'open' && (
            <Button type="link" size="small" danger onClick={() => closing.run(r)}>
              {t('lot.close')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="wh-page">
      <Card size="small">
        <FilterForm<LotFilterValues>
          form={form}
          values={values}
          onSearch={url.search}
          onReset={url.reset}
          searchText={t('common.search')}
          resetText={t('common.reset')}
          className="wh-filters"
          data-testid="lot-filters"
        >
          <Form.Item name="batch_no" label={t('lot.batchNo')}>
            <Input allowClear autoFocus style={{ width: 180 }} aria-label={t('lot.batchNo')} onPressEnter={() => form.submit()} />
          </Form.Item>
          <Form.Item name="status" label={t('lot.status')}>
            <Select
              allowClear
              style={{ width: 120 }}
              placeholder={t('common.all')}
              aria-label={t('lot.status')}
              options={(['open', 'closed'] as const).map((s) => ({ value: s, label: t(`lot.statuses.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="operator_id" label={t('lot.operator')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 180 }}
              placeholder={t('common.all')}
              aria-label={t('lot.operator')}
              loading={operators.isPending}
              options={operators.data ?? []}
            />
          </Form.Item>
          <Form.Item name="dates" label={t('lot.dates')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card size="small">
        <ExportRefreshBar
          className="wh-toolbar"
          onExport={() => exporter.mutate(exportFilters(query), { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined })}
          exporting={exporter.isPending}
          exportText={t('common.export')}
          onRefresh={() => void list.refetch()}
          refreshText={t('common.refresh')}
        />
        <ResponsiveTable<BatchRow>
          rowKey="id"
          columnsKey="warehouse.lots"
          size="middle"
          columns={columns}
          {...view}
          scroll={{ x: 1300 }}
          pagination={url.pagination(listTotal(list), (total) => t('common.total', { total }))}
          onChange={sorter.onChange}
        />
      </Card>
      <BatchDrawer id={open} onClose={() => openBatch(null)} />
    </div>
  );
}
