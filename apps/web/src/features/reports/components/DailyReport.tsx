import { Card, Col, DatePicker, Row, Space, Table, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import type { Dayjs } from 'dayjs';
import type { DailyReportDay } from '@gemqc/contract';
import { chinaNow } from '../../../lib/chinaTime';
import { formatFen } from '../../../lib/money';
import { EChart, type ChartOption } from './EChart';
import { ResponsiveTable, SummaryCard } from '../../../components/ResponsiveTable';

/**
 * The parts of a 日报表 page the merchant's and the service centre's reports share: the date range
 * bar, the two charts and the per-day table with its sum row. Texts come from the caller's
 * namespace.
 */

/** The server answers at most this many days at once. */
export const MAX_DAYS = 92;

/** A picked range clamped to the server's limit of 92 days. */
export function clampRange(a: Dayjs, b: Dayjs): [Dayjs, Dayjs] {
  return [a, b.diff(a, 'day') >= MAX_DAYS ? a.add(MAX_DAYS - 1, 'day') : b];
}

/** The report's range (the last 30 days at first) and its start and end as YYYY-MM-DD. */
export function useReportRange() {
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [chinaNow().subtract(29, 'day').startOf('day'), chinaNow().startOf('day')]);
  return { range, setRange, start: range[0].format('YYYY-MM-DD'), end: range[1].format('YYYY-MM-DD') };
}

/** The range picker card: no future days, presets of 7/30/90 days, a pick clamped to 92 days. */
export function ReportRangeBar({
  range,
  onChange,
  label,
  lastDays,
  hint,
}: {
  range: [Dayjs, Dayjs];
  onChange: (range: [Dayjs, Dayjs]) => void;
  label: string;
  /** The preset's text for n days. */
  lastDays: (n: number) => string;
  hint?: ReactNode;
}) {
  return (
    <Card size="small">
      <Space wrap>
        <Typography.Text>{label}</Typography.Text>
        <DatePicker.RangePicker
          value={range}
          allowClear={false}
          disabledDate={(d) => d.isAfter(chinaNow(), 'day')}
          onChange={(v) => {
            if (v?.[0] && v[1]) onChange(clampRange(v[0], v[1]));
          }}
          presets={[
            { label: lastDays(7), value: [chinaNow().subtract(6, 'day'), chinaNow()] },
            { label: lastDays(30), value: [chinaNow().subtract(29, 'day'), chinaNow()] },
            { label: lastDays(90), value: [chinaNow().subtract(89, 'day'), chinaNow()] },
          ]}
        />
        {hint}
      </Space>
    </Card>
  );
}

/** Orders by state (bars) beside the fees (lines). */
export function ReportCharts({ bars, fees, byStateTitle, feesTitle }: { bars: ChartOption; fees: ChartOption; byStateTitle: string; feesTitle: string }) {
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} xl={14}>
        <Card size="small" title={byStateTitle}>
          <EChart option={bars} testId="chart-status" />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card size="small" title={feesTitle}>
          <EChart option={fees} testId="chart-fees" />
        </Card>
      </Col>
    </Row>
  );
}

type Totals = Omit<DailyReportDay, 'date' | 'by_status'>;
type CountKey = 'created' | 'received' | 'passed' | 'failed' | 'shipped' | 'intercepted' | 'cancelled';
type FenKey = 'inspection_fee' | 'certificate_fee' | 'fee_total' | 'top_up';

const num = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{v}</span>;
const money = (v: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatFen(v)}</span>;

/** One row a day, newest first: order counts, then amounts (fen shown as ¥), and a sum row. */
export function DailyReportTable({
  days,
  totals,
  loading,
  scrollX,
  dateTitle,
  sumTitle,
  counts,
  amounts,
}: {
  days: DailyReportDay[];
  totals: Totals | undefined;
  loading: boolean;
  scrollX: number;
  dateTitle: string;
  sumTitle: string;
  counts: { key: CountKey; title: string }[];
  amounts: { key: FenKey; title: string }[];
}) {
  return (
    <Card size="small">
      <ResponsiveTable<DailyReportDay>
        rowKey="date"
        size="small"
        loading={loading}
        dataSource={[...days].reverse()}
        pagination={false}
        scroll={{ x: scrollX, y: 480 }}
        columns={[
          { title: dateTitle, dataIndex: 'date', width: 110, fixed: 'left' },
          ...counts.map((c) => ({ title: c.title, dataIndex: c.key, align: 'right' as const, render: num })),
          ...amounts.map((c) => ({ title: c.title, dataIndex: c.key, align: 'right' as const, render: money })),
        ]}
        mobileSummary={
          totals && (
            <SummaryCard
              title={sumTitle}
              fields={[...counts.map((c) => ({ label: c.title, value: totals[c.key] })), ...amounts.map((c) => ({ label: c.title, value: formatFen(totals[c.key]) }))]}
            />
          )
        }
        summary={() =>
          totals ? (
            <Table.Summary fixed>
              <Table.Summary.Row style={{ fontWeight: 600, background: '#fafafa' }}>
                <Table.Summary.Cell index={0}>{sumTitle}</Table.Summary.Cell>
                {counts.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i + 1} align="right">
                    {totals[c.key]}
                  </Table.Summary.Cell>
                ))}
                {amounts.map((c, i) => (
                  <Table.Summary.Cell key={c.key} index={i + 1 + counts.length} align="right">
                    {formatFen(totals[c.key])}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Card>
  );
}
