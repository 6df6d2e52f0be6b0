import { Button, Card, Col, DatePicker, Form, Input, Row, Select, Statistic, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { Link } from 'react-router';
import { ledgerTypeValues, type ledgerSort, type LedgerRow, type SortKeyOf } from '@gemqc/contract';
import { ORDER_PATHS } from '../../orders';
import { useFeesT } from '../i18n';
import { useExportLedger, useLedger, type LedgerQuery } from '../api';
import { formatFen } from '../../../lib/money';
import { FilterForm } from '../../../components/FilterForm';
import { useFilteredList } from '../../../components/useFilteredList';
import { listTotal, useListTable } from '../../../components/ListState';
import { dateRangeQuery } from '../../../lib/listQuery';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

type LedgerType = (typeof ledgerTypeValues)[number];

interface Filters {
  type?: LedgerType;
  order_no?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

export function toLedgerFilters(f: Filters): Omit<LedgerQuery, 'page' | 'page_size'> {
  const q: Omit<LedgerQuery, 'page' | 'page_size'> = {};
  if (f.type) q.type = f.type;
  const no = f.order_no?.trim();
  if (no) q.order_no = no;
  return { ...q, ...dateRangeQuery(f.dates) };
}

const TYPE_COLORS: Record<string, string> = { TOP_UP: 'green', INSPECTION: 'blue', CERTIFICATE: 'geekblue', REVERSAL: 'orange', ADJUSTMENT: 'purple' };

/** 费用明细: balance, ledger entries with filters (sorted by 时间 or 金额 on the server), totals by type, export. */
export default function PaymentDetailPage() {
  const t = useFeesT();
  const [form] = Form.useForm<Filters>();
  const list = useFilteredList<Filters, SortKeyOf<typeof ledgerSort>>();
  const { filters, page, sorter } = list;
  const base = toLedgerFilters(filters);
  const q = useLedger({ ...base, ...list.sort, page: page.page, page_size: page.size });
  const exporter = useExportLedger();
  const view = useListTable(q, list.source);
  const d = q.isError ? undefined : q.data;

  return (
    <div className="merchant-page">
      <Row gutter={[12, 12]}>
        <Col xs={24} md={8} lg={6}>
          <Card size="small" loading={q.isPending}>
            <Statistic title={t('finance.balance')} value={d ? formatFen(d.balance) : '—'} valueStyle={{ color: (d?.balance ?? 0) < 0 ? '#cf1322' : '#1890ff', fontWeight: 600 }} />
            <Typography.Text type="secondary" className="small">
              {t('finance.creditLimit')}：{d ? formatFen(d.credit_limit) : '—'}
            </Typography.Text>
          </Card>
        </Col>
        <Col xs={24} md={16} lg={18}>
          <Card size="small" title={t('finance.totals')} loading={q.isPending}>
            <div className="merchant-stat-row">
              {(d?.totals ?? []).map((tot) => (
                <Statistic
                  key={tot.type}
                  title={
                    <span>
                      {t(`finance.types.${tot.type}`, { defaultValue: tot.type_text })} <Typography.Text type="secondary">×{tot.count}</Typography.Text>
                    </span>
                  }
                  value={formatFen(tot.amount, { sign: true })}
                  valueStyle={{ fontSize: 18, color: tot.amount < 0 ? '#cf1322' : tot.amount > 0 ? '#389e0d' : undefined }}
                />
              ))}
              {d && d.totals.length === 0 && <Typography.Text type="secondary">{t('common.none')}</Typography.Text>}
            </div>
          </Card>
        </Col>
      </Row>
      {d && d.balance <= 0 && <Typography.Text type="warning">{t('finance.lowBalance')}</Typography.Text>}
      <Card size="small">
        <FilterForm<Filters>
          form={form}
          values={filters}
          onSearch={list.search}
          onReset={list.reset}
          searchText={t('common.search')}
          resetText={t('common.reset')}
          style={{ rowGap: 12, marginBottom: 12 }}
          extraButtons={
            <Button loading={exporter.isPending} onClick={() => exporter.mutate(base, { onError: () => undefined })}>
              {t('common.export')}
            </Button>
          }
        >
          <Form.Item name="type" label={t('finance.type')}>
            <Select allowClear style={{ width: 130 }} placeholder={t('common.all')} options={ledgerTypeValues.map((v) => ({ value: v, label: t(`finance.types.${v}`) }))} />
          </Form.Item>
          <Form.Item name="order_no" label={t('orders.orderNo')}>
            <Input allowClear style={{ width: 190 }} placeholder={t('orders.scanHint')} onPressEnter={() => form.submit()} />
          </Form.Item>
          <Form.Item name="dates" label={t('common.dateRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} />
          </Form.Item>
        </FilterForm>
        <ResponsiveTable<LedgerRow>
          rowKey="id"
          columnsKey="trader.payments"
          size="middle"
          {...view}
          scroll={{ x: 1150 }}
          pagination={list.pagination(listTotal(q), (total) => t('common.total', { total }))}
          onChange={sorter.onChange}
          columns={[
            { title: t('finance.time'), dataIndex: 'created_at', width: 160, render: (v: string) => inChina(v).format('YYYY-MM-DD HH:mm'), ...sorter.by('created_at') },
            { title: t('finance.type'), dataIndex: 'type', width: 100, render: (v: string, r) => <Tag color={TYPE_COLORS[v]}>{t(`finance.types.${v}`, { defaultValue: r.type_text })}</Tag> },
            {
              title: t('orders.orderNo'),
              dataIndex: 'order_no',
              width: 180,
              render: (v: string | null, r) => (v && r.order_id ? <Link to={ORDER_PATHS.detail(r.order_id)}>{v}</Link> : '—'),
            },
            { title: t('orders.items'), dataIndex: 'item_name', ellipsis: true, render: (v: string | null) => v || '—' },
            { title: t('orders.centre'), dataIndex: 'centre_name', ellipsis: true, render: (v: string | null) => v || '—' },
            {
              title: t('finance.amount'),
              dataIndex: 'amount',
              width: 120,
              align: 'right',
              render: (v: number) => <span style={{ color: v < 0 ? '#cf1322' : '#389e0d', fontVariantNumeric: 'tabular-nums' }}>{formatFen(v, { sign: true })}</span>,
              ...sorter.by('amount'),
            },
            { title: t('finance.balanceAfter'), dataIndex: 'balance_after', width: 120, align: 'right', render: (v: number) => formatFen(v) },
            { title: t('finance.operator'), dataIndex: 'operator_name', width: 150, ellipsis: true, render: (v: string) => v || '—' },
            { title: t('finance.note'), dataIndex: 'note', ellipsis: true, render: (v: string) => v || '—' },
          ]}
        />
      </Card>
    </div>
  );
}
