/** What other features may use from the reports: the lazily loaded ECharts chart. */
export { EChart, type ChartOption } from './components/EChart';
