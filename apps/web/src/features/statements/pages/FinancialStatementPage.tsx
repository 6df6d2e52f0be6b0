import { App, Button, Card, Col, DatePicker, Form, Popconfirm, Result, Row, Segmented, Select, Space, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import type { Dayjs } from 'dayjs';
import { statementStatusValues, statementTypeValues, type SortKeyOf, type statementListSort, type StatementRow, type StatementStatus, type StatementTotal } from '@gemqc/contract';
import { chinaNow } from '../../../lib/chinaTime';
import { formatFen } from '../../../lib/money';
import { useHasPermission } from '../../../session/permissions';
import { EChart } from '../../reports';
import { useConfirmStatement, useExportStatements, useStatementList, useStatementMerchants, type StatementFilters } from '../api';
import { statementChartOption } from '../chart';
import { DifferenceTag, StatusTag } from '../components/tags';
import { StatementDetailDrawer } from '../components/StatementDetailDrawer';
import { useSt } from '../i18n';
import '../statements.css';
import { listPagination } from '../../../components/listPagination';
import { listTotal, useListTable } from '../../../components/ListState';
import { ResponsiveTable, SummaryCard } from '../../../components/ResponsiveTable';
import { useListSort } from '../../../components/tableSort';

type Mode = 'month' | 'range';

export interface StatementFormValues {
  mode: Mode;
  month?: Dayjs | null;
  dates?: [Dayjs | null, Dayjs | null] | null;
  merchant_id?: string;
  status?: StatementStatus;
}

/** The form's values as the list query: a month (default: this month) or a full date range. */
export function toStatementFilters(f: StatementFormValues, today: Dayjs = chinaNow()): StatementFilters {
  const q: StatementFilters = {};
  const [a, b] = f.dates ?? [];
  if (f.mode === 'range' && a && b) {
    q.start_date = a.format('YYYY-MM-DD');
    q.end_date = b.format('YYYY-MM-DD');
  } else {
    q.month = (f.month ?? today).format('YYYY-MM');
    if (f.status) q.status = f.status;
  }
  if (f.merchant_id) q.merchant_id = f.merchant_id;
  return q;
}

const initialValues = (): StatementFormValues => ({ mode: 'month', month: chinaNow() });

const byType = (totals: StatementTotal[], type: string) => totals.find((x) => x.type === type);

/** 财务账单 (/QIfinance/financialStatement): per merchant of the centre, fees by type, confirm, export. */
export default function FinancialStatementPage() {
  const t = useSt();
  const { message } = App.useApp();
  const canView = useHasPermission('warehouse.finance.view');
  const canConfirm = useHasPermission('warehouse.finance.confirm');
  const [form] = Form.useForm<StatementFormValues>();
  const mode = Form.useWatch('mode', form) ?? 'month';
  const [filters, setFilters] = useState<StatementFilters>(() => toStatementFilters(initialValues()));
  const [page, setPage] = useState({ page: 1, size: 20 });
  const [searches, setSearches] = useState(0);
  const [open, setOpen] = useState<{ id: string; name: string } | null>(null);
  const sorter = useListSort<SortKeyOf<typeof statementListSort>>(() => setPage((p) => ({ ...p, page: 1 })));
  const q = useStatementList({ ...filters, ...sorter.sort, page: page.page, page_size: page.size }, canView);
  const merchants = useStatementMerchants(canView);
  const confirm = useConfirmStatement();
  const exporter = useExportStatements();
  const search = (next: StatementFilters) => {
    setFilters(next);
    setPage((p) => ({ ...p, page: 1 }));
    setSearches((n) => n + 1);
  };
  const reset = () => {
    form.resetFields();
    sorter.reset();
    search(toStatementFilters(initialValues()));
  };
  // the month is always set: only a merchant or status narrows the period's statements
  const view = useListTable(q, { filtered: !!(filters.merchant_id || filters.status), reset, refreshToken: searches }, { empty: t('empty') });
  const d = q.isError ? undefined : q.data;
  const period = d?.period;
  const periodLabel = period ? (period.month ?? `${period.start_date} ~ ${period.end_date}`) : '';

  const chart = useMemo(() => statementChartOption(d?.days ?? [], (k) => (k === 'net' ? t('chartNet') : t(`types.${k.toUpperCase()}`))), [d?.days, t]);

  if (!canView) return <Result status="403" title="403" subTitle={t('noPermission')} />;

  const money = (v: number, strong = false) => <span className={`stmt-amount${v < 0 ? ' stmt-negative' : ''}${strong ? ' stmt-net' : ''}`}>{formatFen(v)}</span>;
  const typeCell = (tot: StatementTotal | undefined) => (
    <>
      {money(tot?.amount ?? 0)}
      <Typography.Text type="secondary" className="stmt-sub">
        {t('count', { n: tot?.count ?? 0, count: tot?.count ?? 0 })}
      </Typography.Text>
    </>
  );

  const doConfirm = (r: StatementRow) =>
    confirm.mutate(
      { merchant_id: r.merchant_id, month: period?.month ?? '' },
      { onSuccess: () => void message.success(t('confirmed')), onError: () => undefined },
    );

  return (
    <div className="stmt-page">
      <Card size="small">
        <Typography.Paragraph type="secondary" className="stmt-intro">
          {t('intro')}
        </Typography.Paragraph>
        <Form<StatementFormValues>
          form={form}
          layout="inline"
          className="stmt-filters"
          initialValues={initialValues()}
          onFinish={(v) => search(toStatementFilters(v))}
        >
          <Form.Item name="mode" label={t('period')}>
            <Segmented<Mode>
              options={[
                { value: 'month', label: t('byMonth') },
                { value: 'range', label: t('byRange') },
              ]}
            />
          </Form.Item>
          {mode === 'month' ? (
            <Form.Item name="month" label={t('month')}>
              <DatePicker picker="month" allowClear={false} disabledDate={(m) => m.isAfter(chinaNow(), 'month')} style={{ width: 130 }} />
            </Form.Item>
          ) : (
            <Form.Item name="dates" label={t('dateRange')}>
              <DatePicker.RangePicker style={{ width: 250 }} disabledDate={(m) => m.isAfter(chinaNow(), 'day')} />
            </Form.Item>
          )}
          <Form.Item name="merchant_id" label={t('merchant')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 180 }}
              placeholder={t('merchantPlaceholder')}
              loading={merchants.isFetching}
              options={merchants.data ?? []}
            />
          </Form.Item>
          <Form.Item name="status" label={t('status')} tooltip={mode === 'range' ? t('rangeNoStatus') : undefined}>
            <Select
              allowClear
              disabled={mode === 'range'}
              style={{ width: 120 }}
              placeholder={t('statusAll')}
              options={statementStatusValues.map((v) => ({ value: v, label: t(`statuses.${v}`) }))}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('search')}
              </Button>
              <Button onClick={reset}>{t('reset')}</Button>
              {canConfirm && (
                <Button loading={exporter.isPending} onClick={() => exporter.mutate(filters, { onError: () => undefined })}>
                  {t('export')}
                </Button>
              )}
            </Space>
          </Form.Item>
        </Form>
      </Card>

      <Row gutter={[12, 12]}>
        <Col xs={24} xl={10}>
          <Card size="small" title={`${t('summary')} · ${periodLabel}`} loading={q.isPending} style={{ height: '100%' }}>
            <div className="stmt-stats" data-testid="stmt-summary">
              <Statistic title={t('net')} value={formatFen(d?.summary.net_amount ?? 0)} styles={{ content: { color: '#1890ff', fontWeight: 600 } }} />
              {(d?.summary.totals ?? []).map((x) => (
                <Statistic
                  key={x.type}
                  title={
                    <span>
                      {t(`types.${x.type}`, { defaultValue: x.type_text })} <Typography.Text type="secondary">×{x.count}</Typography.Text>
                    </span>
                  }
                  value={formatFen(x.amount)}
                  styles={x.amount < 0 ? { content: { color: '#cf1322' } } : undefined}
                />
              ))}
              <Statistic title={t('merchants')} value={d?.summary.merchant_count ?? 0} />
              <Statistic title={t('items')} value={d?.summary.item_count ?? 0} />
              {period?.month && <Statistic title={t('confirmedCount')} value={d?.summary.confirmed_count ?? 0} suffix={`/ ${d?.summary.merchant_count ?? 0}`} />}
            </div>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('chartTitle')}>
            <EChart option={chart} height={240} testId="stmt-chart" />
          </Card>
        </Col>
      </Row>

      <Card size="small">
        <ResponsiveTable<StatementRow>
          rowKey="merchant_id"
          columnsKey="warehouse.statements"
          size="middle"
          {...view}
          scroll={{ x: 1200 }}
          pagination={listPagination({ page: page.page, pageSize: page.size, total: listTotal(q), showTotal: (total) => t('total', { total }), onChange: (p, size) => setPage({ page: p, size }) })}
          onChange={sorter.onChange}
          columns={[
            { title: t('merchant'), dataIndex: 'merchant_name', fixed: 'left', width: 170, ellipsis: true, ...sorter.by('merchant_name') },
            ...statementTypeValues.map((type) => ({
              title: t(`types.${type}`),
              key: type,
              width: 120,
              align: 'right' as const,
              render: (_: unknown, r: StatementRow) => typeCell(byType(r.totals, type)),
            })),
            { title: t('items'), dataIndex: 'item_count', width: 110, align: 'right', ...sorter.by('item_count') },
            { title: t('net'), dataIndex: 'net_amount', width: 130, align: 'right', render: (v: number) => money(v, true), ...sorter.by('net_amount') },
            {
              title: t('status'),
              width: 190,
              ...sorter.by('status'),
              render: (_: unknown, r) => (
                <Space size={4} wrap>
                  <StatusTag row={r} />
                  <DifferenceTag row={r} />
                </Space>
              ),
            },
            {
              title: t('actions'),
              key: 'actions',
              fixed: 'right',
              width: 150,
              render: (_: unknown, r) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setOpen({ id: r.merchant_id, name: r.merchant_name })} data-testid={`stmt-detail-${r.merchant_id}`}>
                    {t('detail')}
                  </Button>
                  {canConfirm && r.status === 'draft' && (
                    <Popconfirm
                      title={t('confirmTitle', { name: r.merchant_name, month: period?.month ?? '' })}
                      description={t('confirmHint', { amount: formatFen(r.net_amount) })}
                      okText={t('confirm')}
                      onConfirm={() => doConfirm(r)}
                    >
                      <Button type="link" size="small" loading={confirm.isPending && confirm.variables?.merchant_id === r.merchant_id} data-testid={`stmt-confirm-${r.merchant_id}`}>
                        {t('confirm')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
            },
          ]}
          mobileSummary={
            d &&
            d.list.length > 0 && (
              <SummaryCard
                title={t('summary')}
                fields={[
                  ...statementTypeValues.map((type) => ({ label: t(`types.${type}`), value: typeCell(byType(d.summary.totals, type)) })),
                  { label: t('items'), value: d.summary.item_count },
                  { label: t('net'), value: money(d.summary.net_amount, true) },
                ]}
              />
            )
          }
          summary={() =>
            d && d.list.length > 0 ? (
              <Table.Summary fixed>
                <Table.Summary.Row className="stmt-summary-row">
                  <Table.Summary.Cell index={0}>{t('summary')}</Table.Summary.Cell>
                  {statementTypeValues.map((type, i) => (
                    <Table.Summary.Cell key={type} index={i + 1} align="right">
                      {typeCell(byType(d.summary.totals, type))}
                    </Table.Summary.Cell>
                  ))}
                  <Table.Summary.Cell index={5} align="right">
                    {d.summary.item_count}
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={6} align="right">
                    <span data-testid="stmt-summary-net">{money(d.summary.net_amount, true)}</span>
                  </Table.Summary.Cell>
                  <Table.Summary.Cell index={7} colSpan={2} />
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>

      <StatementDetailDrawer
        merchant={open}
        period={{ month: period?.month ?? undefined, ...(period && !period.month ? { start_date: period.start_date, end_date: period.end_date } : {}) }}
        periodLabel={periodLabel}
        canExport={canConfirm}
        onClose={() => setOpen(null)}
      />
    </div>
  );
}
