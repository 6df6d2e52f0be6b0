/** What other features may use from the reports feature (ECharts itself loads with the first chart). */
export { EChart, type ChartOption } from './components/EChart';

