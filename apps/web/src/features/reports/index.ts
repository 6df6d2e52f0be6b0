/** What other features may use from the reports feature (ECharts itself loads with the first chart). */
export { EChart, type ChartOption } from './components/EChart';
export { feesLineOption, statusBarsOption } from './chartOptions';
export { MAX_DAYS, clampRange, useReportRange, ReportRangeBar, ReportCharts, DailyReportTable } from './components/DailyReport';
export { useExportDailyReport } from './api';
