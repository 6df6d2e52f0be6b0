import { Card, Col, DatePicker, Row, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { orderStatusValues, type DailyReportDay } from '@gemqc/contract';
import { formatFen } from '../../finance/money';
import { useMt } from '../../orders';
import { useDailyReport } from '../api';
import { feesLineOption, statusBarsOption } from '../chartOptions';
import { EChart } from '../components/EChart';

const MAX_DAYS = 92;

/** 日报表: per day orders by state and fees, as a table and two charts. */
export default function StatisticsPage() {
  const t = useMt();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day').startOf('day'), dayjs().startOf('day')]);
  const start = range[0].format('YYYY-MM-DD');
  const end = range[1].format('YYYY-MM-DD');
  const q = useDailyReport(start, end);
  const days = useMemo(() => q.data?.days ?? [], [q.data]);

  const bars = useMemo(() => statusBarsOption(days, (s) => t(`status.${s}`), orderStatusValues), [days, t]);
  const fees = useMemo(
    () => feesLineOption(days, { inspection: t('finance.types.INSPECTION'), certificate: t('finance.types.CERTIFICATE'), total: t('reports.fees') }),
    [days, t],
  );

  const n = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v}</span>;
  const money = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatFen(v)}</span>;
  const tot = q.data?.totals;

  return (
    <div className="merchant-page">
      <Card size="small">
        <Space wrap>
          <Typography.Text>{t('common.dateRange')}</Typography.Text>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(v) => {
              if (!v?.[0] || !v[1]) return;
              const [a, b] = v;
              setRange([a, b.diff(a, 'day') >= MAX_DAYS ? a.add(MAX_DAYS - 1, 'day') : b]);
            }}
            presets={[
              { label: t('reports.lastDays', { n: 7 }), value: [dayjs().subtract(6, 'day'), dayjs()] },
              { label: t('reports.lastDays', { n: 30 }), value: [dayjs().subtract(29, 'day'), dayjs()] },
              { label: t('reports.lastDays', { n: 90 }), value: [dayjs().subtract(89, 'day'), dayjs()] },
            ]}
          />
        </Space>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('reports.byState')}>
            <EChart option={bars} testId="chart-status" />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('reports.feesLine')}>
            <EChart option={fees} testId="chart-fees" />
          </Card>
        </Col>
      </Row>
      <Card size="small">
        <Table<DailyReportDay>
          rowKey="date"
          size="small"
          loading={q.isFetching}
          dataSource={[...days].reverse()}
          pagination={false}
          scroll={{ x: 1100, y: 480 }}
          columns={[
            { title: t('reports.date'), dataIndex: 'date', width: 110, fixed: 'left' },
            { title: t('reports.created'), dataIndex: 'created', align: 'right', render: n },
            { title: t('status.received'), dataIndex: 'received', align: 'right', render: n },
            { title: t('status.passed'), dataIndex: 'passed', align: 'right', render: n },
            { title: t('status.failed'), dataIndex: 'failed', align: 'right', render: n },
            { title: t('reports.shipped'), dataIndex: 'shipped', align: 'right', render: n },
            { title: t('status.intercepted'), dataIndex: 'intercepted', align: 'right', render: n },
            { title: t('status.cancelled'), dataIndex: 'cancelled', align: 'right', render: n },
            { title: t('finance.types.INSPECTION'), dataIndex: 'inspection_fee', align: 'right', render: money },
            { title: t('finance.types.CERTIFICATE'), dataIndex: 'certificate_fee', align: 'right', render: money },
            { title: t('reports.fees'), dataIndex: 'fee_total', align: 'right', render: money },
            { title: t('finance.types.TOP_UP'), dataIndex: 'top_up', align: 'right', render: money },
          ]}
          summary={() =>
            tot ? (
              <Table.Summary fixed>
                <Table.Summary.Row style={{ fontWeight: 600, background: '#fafafa' }}>
                  <Table.Summary.Cell index={0}>{t('reports.sum')}</Table.Summary.Cell>
                  {[tot.created, tot.received, tot.passed, tot.failed, tot.shipped, tot.intercepted, tot.cancelled].map((v, i) => (
                    <Table.Summary.Cell key={i} index={i + 1} align="right">
                      {v}
                    </Table.Summary.Cell>
                  ))}
                  {[tot.inspection_fee, tot.certificate_fee, tot.fee_total, tot.top_up].map((v, i) => (
                    <Table.Summary.Cell key={`m${i}`} index={i + 8} align="right">
                      {formatFen(v)}
                    </Table.Summary.Cell>
                  ))}
                </Table.Summary.Row>
              </Table.Summary>
            ) : null
          }
        />
      </Card>
    </div>
  );
}
