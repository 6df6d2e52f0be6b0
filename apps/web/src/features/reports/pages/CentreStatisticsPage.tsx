import { Button, Typography } from 'antd';
import { useMemo } from 'react';
import { orderStatusValues } from '@gemqc/contract';
import { ui } from '../../../lib/ui';
import { ListError } from '../../../components/ListState';
// the merchant daily report's parts (ECharts loaded on first render, in its own chunk)
import { DailyReportTable, ReportCharts, ReportRangeBar, useReportRange } from '../components/DailyReport';
import { feesLineOption, statusBarsOption } from '../chartOptions';
import { useCentreDailyReport, useExportDailyReport } from '../api';
import { useReportsT } from '../i18n';

export { MAX_DAYS, clampRange } from '../components/DailyReport';

const COUNTS = ['created', 'received', 'passed', 'failed', 'shipped', 'intercepted', 'cancelled'] as const;
const FEES = [
  ['inspection_fee', 'report.inspectionFee'],
  ['certificate_fee', 'report.certificateFee'],
  ['fee_total', 'report.feeTotal'],
] as const;

/** 日报表 (service centre): per day the centre's orders by state and the fees charged at it. */
export default function CentreStatisticsPage() {
  const t = useReportsT();
  const { range, setRange, start, end } = useReportRange();
  const q = useCentreDailyReport(start, end);
  const exporter = useExportDailyReport('centre');
  const days = useMemo(() => q.data?.days ?? [], [q.data]);

  const bars = useMemo(() => statusBarsOption(days, (s) => t(`status.${s}`), orderStatusValues), [days, t]);
  const fees = useMemo(
    () => feesLineOption(days, { inspection: t('report.inspectionFee'), certificate: t('report.certificateFee'), total: t('report.feeTotal') }),
    [days, t],
  );

  return (
    <div className="center-page">
      <ReportRangeBar
        range={range}
        onChange={setRange}
        label={t('common.dateRange')}
        lastDays={(n) => t('report.lastDays', { n })}
        hint={
          <>
            <Typography.Text type="secondary" className="small">
              {t('report.maxDays')}
            </Typography.Text>
            <Button
              loading={exporter.isPending}
              onClick={() => exporter.mutate({ start, end }, { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined })}
            >
              {t('common.export')}
            </Button>
          </>
        }
      />
      {q.isError ? (
        <ListError framed error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <ReportCharts bars={bars} fees={fees} byStateTitle={t('report.byState')} feesTitle={t('report.feesLine')} />
          <DailyReportTable
            days={days}
            totals={q.data?.totals}
            loading={q.isFetching}
            scrollX={1000}
            dateTitle={t('report.date')}
            sumTitle={t('report.sum')}
            counts={COUNTS.map((k) => ({ key: k, title: t(`report.${k}`) }))}
            amounts={FEES.map(([k, title]) => ({ key: k, title: t(title) }))}
          />
        </>
      )}
    </div>
  );
}
