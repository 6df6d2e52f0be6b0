// Interception (issue 17): the order panel, the banner lines, the warehouse's return queue, the scan alarm.
export { InterceptionPanel } from './components/InterceptionPanel';
export { InterceptionBanners } from './components/InterceptionBanners';
export { InterceptedScanAlarm } from './components/ScanAlarm';
