// Interception (issue 17): the order panel, the banner lines, the warehouse's return queue, the scan alarm.
export { InterceptionPanel } from './components/InterceptionPanel';
export { InterceptionBanners } from './components/InterceptionBanners';
export { InterceptedScanAlarm, playAlarm } from './components/ScanAlarm';
export { useInterception, useReturnQueue, type InterceptionPortal } from './api';
export { INTERCEPTION_NS } from './i18n';

/** The warehouse's return queue page (lazy). */
export const loadReturnQueuePage = () => import('./pages/ReturnQueuePage');
