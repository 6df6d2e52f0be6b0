import { Button } from 'antd';
import { useMemo } from 'react';
import { orderStatusValues } from '@gemqc/contract';
import { ui } from '../../../lib/ui';
import { useReportsT } from '../i18n';
import { ListError } from '../../../components/ListState';
import { useDailyReport, useExportDailyReport } from '../api';
import { feesLineOption, statusBarsOption } from '../chartOptions';
import { DailyReportTable, ReportCharts, ReportRangeBar, useReportRange } from '../components/DailyReport';

/** 日报表: per day orders by state and fees, as a table and two charts. */
export default function StatisticsPage() {
  const t = useReportsT();
  const { range, setRange, start, end } = useReportRange();
  const q = useDailyReport(start, end);
  const exporter = useExportDailyReport('merchant');
  const days = useMemo(() => q.data?.days ?? [], [q.data]);

  const bars = useMemo(() => statusBarsOption(days, (s) => t(`status.${s}`), orderStatusValues), [days, t]);
  const fees = useMemo(
    () => feesLineOption(days, { inspection: t('finance.types.INSPECTION'), certificate: t('finance.types.CERTIFICATE'), total: t('reports.feeTotal') }),
    [days, t],
  );

  return (
    <div className="merchant-page">
      <ReportRangeBar
        range={range}
        onChange={setRange}
        label={t('common.dateRange')}
        lastDays={(n) => t('reports.lastDays', { n })}
        hint={
          <Button
            loading={exporter.isPending}
            onClick={() => exporter.mutate({ start, end }, { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined })}
          >
            {t('common.export')}
          </Button>
        }
      />
      {q.isError ? (
        <ListError framed error={q.error} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <ReportCharts bars={bars} fees={fees} byStateTitle={t('reports.byState')} feesTitle={t('reports.feesLine')} />
          <DailyReportTable
            days={days}
            totals={q.data?.totals}
            loading={q.isFetching}
            scrollX={1100}
            dateTitle={t('reports.date')}
            sumTitle={t('reports.sum')}
            counts={[
              { key: 'created', title: t('reports.created') },
              { key: 'received', title: t('status.received') },
              { key: 'passed', title: t('status.passed') },
              { key: 'failed', title: t('status.failed') },
              { key: 'shipped', title: t('reports.shipped') },
              { key: 'intercepted', title: t('status.intercepted') },
              { key: 'cancelled', title: t('status.cancelled') },
            ]}
            amounts={[
              { key: 'inspection_fee', title: t('finance.types.INSPECTION') },
              { key: 'certificate_fee', title: t('finance.types.CERTIFICATE') },
              { key: 'fee_total', title: t('reports.feeTotal') },
              { key: 'top_up', title: t('finance.types.TOP_UP') },
            ]}
          />
        </>
      )}
    </div>
  );
}
