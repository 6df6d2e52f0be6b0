import type { DailyReportDay } from '@gemqc/contract';
import type { ChartOption } from './components/EChart';

/** Status colours for the stacked bars (close to the list's tag colours). */
const STATUS_COLOURS: Record<string, string> = {
  created: '#bfbfbf',
  awaiting_arrival: '#1890ff',
  received: '#13c2c2',
  inspecting: '#2f54eb',
  passed: '#52c41a',
  failed: '#f5222d',
  unable: '#fa8c16',
  bound: '#722ed1',
  shipped: '#096dd9',
  completed: '#389e0d',
  intercepted: '#eb2f96',
  return_pending: '#faad14',
  returned: '#8c8c8c',
  picked_up: '#595959',
  cancelled: '#d9d9d9',
};

/** Orders entering each state per day, one stacked series per state that occurs. */
export function statusBarsOption(days: DailyReportDay[], label: (status: string) => string, order: readonly string[]): ChartOption {
  const present = order.filter((s) => days.some((d) => (d.by_status[s] ?? 0) > 0));
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 40, right: 16, top: 40, bottom: 40 },
    dataZoom: days.length > 31 ? [{ type: 'inside' }, { type: 'slider', height: 16, bottom: 8 }] : [],
    xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: present.map((s) => ({
      name: label(s),
      type: 'bar',
      stack: 'orders',
      emphasis: { focus: 'series' },
      itemStyle: { color: STATUS_COLOURS[s] },
      data: days.map((d) => d.by_status[s] ?? 0),
    })),
  };
}

/** Fees per day in yuan: inspection, certificate and the net total. */
export function feesLineOption(days: DailyReportDay[], names: { inspection: string; certificate: string; total: string }): ChartOption {
  const y = (fen: number) => Math.round(fen) / 100;
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: number) => `¥${Number(v).toFixed(2)}` },
    legend: { top: 0 },
    grid: { left: 56, right: 16, top: 40, bottom: 30 },
    xAxis: { type: 'category', boundaryGap: false, data: days.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', axisLabel: { formatter: '¥{value}' } },
    series: [
      { name: names.inspection, type: 'line', smooth: true, data: days.map((d) => y(d.inspection_fee)) },
      { name: names.certificate, type: 'line', smooth: true, data: days.map((d) => y(d.certificate_fee)) },
      { name: names.total, type: 'line', smooth: true, areaStyle: { opacity: 0.12 }, lineStyle: { width: 3 }, data: days.map((d) => y(d.fee_total)) },
    ],
  };
}
