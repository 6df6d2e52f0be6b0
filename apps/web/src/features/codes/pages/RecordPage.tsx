import { Button, Card, DatePicker, Form, Input, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router';
import type { DataOf } from '@gemqc/contract';
import type { codesApi, recordSort, SortKeyOf } from '@gemqc/contract';
import { ORDER_PATHS } from '../../orders';
import { useCodesT } from '../i18n';
import { useCodeRecords, useExportCodeRecords, type RecordQuery } from '../api';
import { FilterForm } from '../../../components/FilterForm';
import { useFilteredList } from '../../../components/useFilteredList';
import { listTotal, useListTable } from '../../../components/ListState';
import { dateRangeQuery, exportFilters } from '../../../lib/listQuery';
import { ui } from '../../../lib/ui';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

type Row = DataOf<typeof codesApi.merchant.recordList>['list'][number];

interface Filters {
  keyword?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

export function toRecordQuery(f: Filters, page: number, pageSize: number): RecordQuery {
  const q: RecordQuery = { page, page_size: pageSize };
  const k = f.keyword?.trim();
  if (k) q.keyword = k;
  return { ...q, ...dateRangeQuery(f.dates) };
}

const fmt = (v: string | null) => (v ? inChina(v).format('YYYY-MM-DD HH:mm:ss') : '—');

/** 绑码记录: tag codes bound to the merchant's items. */
export default function RecordPage() {
  const t = useCodesT();
  const [form] = Form.useForm<Filters>();
  const list = useFilteredList<Filters, SortKeyOf<typeof recordSort>>();
  const { filters, page, sorter } = list;
  const query = { ...toRecordQuery(filters, page.page, page.size), ...list.sort };
  const q = useCodeRecords(query);
  const exporter = useExportCodeRecords();
  // the searched filters (what the table shows, not what is typed and not searched yet)
  const doExport = () => exporter.mutate(exportFilters(query), { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined });
  const view = useListTable(q, list.source);

  return (
    <div className="merchant-page">
      <Card size="small">
        <FilterForm<Filters>
          form={form}
          values={filters}
          onSearch={list.search}
          onReset={list.reset}
          searchText={t('common.search')}
          resetText={t('common.reset')}
          style={{ rowGap: 12 }}
          extraButtons={
            <Button loading={exporter.isPending} onClick={doExport}>
              {t('common.export')}
            </Button>
          }
        >
          <Form.Item name="keyword" label={t('codes.code')}>
            <Input allowClear autoFocus placeholder={t('codes.searchHint')} style={{ width: 220 }} onPressEnter={() => form.submit()} />
          </Form.Item>
          <Form.Item name="dates" label={t('codes.boundAt')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card size="small">
        <ResponsiveTable<Row>
          rowKey="id"
          columnsKey="trader.codeRecords"
          size="middle"
          onChange={sorter.onChange}
          {...view}
          scroll={{ x: 960 }}
          pagination={list.pagination(listTotal(q), (total) => t('common.total', { total }))}
          columns={[
            { title: t('codes.code'), dataIndex: 'code', width: 170, render: (v: string) => <span className="mono">{v}</span> },
            { title: t('orders.orderNo'), dataIndex: 'order_no', width: 180, render: (v: string, r) => <Link to={ORDER_PATHS.detail(r.order_id)}>{v}</Link> },
            { title: t('codes.item'), dataIndex: 'item_name', ellipsis: true },
            { title: t('orders.category'), dataIndex: 'category_name', width: 100 },
            { title: t('codes.boundAt'), dataIndex: 'bound_at', width: 170, render: fmt, ...sorter.by('bound_at') },
            { title: t('codes.operator'), dataIndex: 'bound_by_name', width: 110 },
            {
              title: t('codes.state'),
              dataIndex: 'state',
              width: 150,
              render: (v: string, r) =>
                v === 'bound' ? (
                  <Tag color="success">{t('codes.bound')}</Tag>
                ) : (
                  <span>
                    <Tag>{t('codes.unbound')}</Tag>
                    <div className="small muted">{fmt(r.unbound_at)}</div>
                  </span>
                ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
