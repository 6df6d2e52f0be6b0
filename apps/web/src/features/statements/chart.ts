import type { StatementDay } from '@gemqc/contract';
import type { ChartOption } from '../reports';

const COLOURS = { inspection: '#1890ff', certificate: '#2f54eb', reversal: '#fa8c16', adjustment: '#722ed1', net: '#389e0d' };

/**
 * Fees per day of the period: stacked bars per type (a reversal below zero) and the day's amount
 * due as a line; yuan on the axis (the API sends fen).
 */
export function statementChartOption(days: StatementDay[], label: (key: keyof typeof COLOURS) => string): ChartOption {
  const yuan = (fen: number) => Math.round(fen) / 100;
  const kinds = (['inspection', 'certificate', 'reversal', 'adjustment'] as const).filter((k) => k === 'inspection' || days.some((d) => d[k] !== 0));
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, valueFormatter: (v: number) => `¥${Number(v).toFixed(2)}` },
    legend: { top: 0 },
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: days.map((d) => d.date.slice(5)) },
    yAxis: { type: 'value', axisLabel: { formatter: '¥{value}' } },
    series: [
      ...kinds.map((k) => ({ name: label(k), type: 'bar', stack: 'fees', itemStyle: { color: COLOURS[k] }, emphasis: { focus: 'series' }, data: days.map((d) => yuan(d[k])) })),
      { name: label('net'), type: 'line', smooth: true, symbolSize: 4, itemStyle: { color: COLOURS.net }, data: days.map((d) => yuan(d.net)) },
    ],
  };
}
