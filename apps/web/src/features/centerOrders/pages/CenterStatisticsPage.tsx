import { Card, Col, DatePicker, Row, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { orderStatusValues, type DailyReportDay } from '@gemqc/contract';
import { formatYuan } from '../../../lib/number';
import { mt } from '../../orders';
// the merchant daily report's chart (ECharts loaded on first render, in its own chunk) and options
import { EChart } from '../../reports/components/EChart';
import { feesLineOption, statusBarsOption } from '../../reports/chartOptions';
import { useCenterDailyReport } from '../api';
import { useCt } from '../i18n';
import '../center.css';

export const MAX_DAYS = 92;

/** A picked range clamped to the server's limit of 92 days. */
export function clampRange(a: Dayjs, b: Dayjs): [Dayjs, Dayjs] {
  return [a, b.diff(a, 'day') >= MAX_DAYS ? a.add(MAX_DAYS - 1, 'day') : b];
}

/** 日报表 (service centre): per day the centre's orders by state and the fees charged at it. */
export default function CenterStatisticsPage() {
  const t = useCt();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [dayjs().subtract(29, 'day').startOf('day'), dayjs().startOf('day')]);
  const start = range[0].format('YYYY-MM-DD');
  const end = range[1].format('YYYY-MM-DD');
  const q = useCenterDailyReport(start, end);
  const days = useMemo(() => q.data?.days ?? [], [q.data]);

  const bars = useMemo(() => statusBarsOption(days, (s) => mt(`status.${s}`), orderStatusValues), [days]);
  const fees = useMemo(
    () => feesLineOption(days, { inspection: t('report.inspectionFee'), certificate: t('report.certificateFee'), total: t('report.feeTotal') }),
    [days, t],
  );

  const n = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v}</span>;
  const money = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatYuan(v)}</span>;
  const tot = q.data?.totals;
  const counts = ['created', 'received', 'passed', 'failed', 'shipped', 'intercepted', 'cancelled'] as const;
  const fens = ['inspection_fee', 'certificate_fee', 'fee_total'] as const;
  const fenTitle = { inspection_fee: 'report.inspectionFee', certificate_fee: 'report.certificateFee', fee_total: 'report.feeTotal' } as const;

  return (
    <div className="center-page">
      <Card size="small">
        <Space wrap>
          <Typography.Text>{t('common.dateRange')}</Typography.Text>
          <DatePicker.RangePicker
            value={range}
            allowClear={false}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(v) => {
              if (v?.[0] && v[1]) setRange(clampRange(v[0], v[1]));
            }}
            presets={[
              { label: t('report.lastDays', { n: 7 }), value: [dayjs().subtract(6, 'day'), dayjs()] },
              { label: t('report.lastDays', { n: 30 }), value: [dayjs().subtract(29, 'day'), dayjs()] },
              { label: t('report.lastDays', { n: 90 }), value: [dayjs().subtract(89, 'day'), dayjs()] },
            ]}
          />
          <Typography.Text type="secondary" className="small">
            {t('report.maxDays')}
          </Typography.Text>
        </Space>
      </Card>
      <Row gutter={[12, 12]}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('report.byState')}>
            <EChart option={bars} testId="chart-status" />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('report.feesLine')}>
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
          scroll={{ x: 1000, y: 480 }}
          columns={[
            { title: t('report.date'), dataIndex: 'date', width: 110, fixed: 'left' },
            ...counts.map((k) => ({ title: t(`report.${k}`), dataIndex: k, align: 'right' as const, render: n })),
            ...fens.map((k) => ({ title: t(fenTitle[k]), dataIndex: k, align: 'right' as const, render: money })),
          ]}
          summary={() =>
            tot ? (
              <Table.Summary fixed>
                <Table.Summary.Row style={{ fontWeight: 600, background: '#fafafa' }}>
                  <Table.Summary.Cell index={0}>{t('report.sum')}</Table.Summary.Cell>
                  {counts.map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 1} align="right">
                      {tot[k]}
                    </Table.Summary.Cell>
                  ))}
                  {fens.map((k, i) => (
                    <Table.Summary.Cell key={k} index={i + 1 + counts.length} align="right">
                      {formatYuan(tot[k])}
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
