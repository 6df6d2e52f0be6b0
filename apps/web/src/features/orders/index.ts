import './orders.css';
/** What other features may use from the orders feature (the merchant's and the service centre's order views). */
export { useMt, mt } from './i18n';
export { StatusTag } from './components/StatusTag';
export { serverOffset } from './components/DeadlineCountdown';
export { ORDER_PATHS } from './paths';
export { fmtDateTime, OrderDetailHeader } from './components/OrderDetailParts';
export { ResultTag } from './components/ResultTag';
export { PlatformSyncStatus } from './components/PlatformSync';
export { CARRIERS } from './carriers';

// The service centre's order pages, which the warehouse's order list reuses with OrderPortalContext.
export { fromSearchParams, toListQuery, toSearchParams, type CentreFilterValues } from './centre/filters';
export { useCt } from './centre/i18n';
export { OrderPortalContext, portalOrderKeys, prefetchPortalOrderList, usePortalOrderDetail, usePortalOrderExport } from './centre/api';
export { CentreFilterForm } from './centre/components/CentreFilterForm';
export { OrderListCard } from './centre/components/OrderListCard';
export { sortOf } from './sort';
export { OrderDetailView } from './centre/components/OrderDetailView';
export { CENTRE_PATHS } from './centre/paths';
// The service centre's banners above every page (the layout loads them, for centre users only), and
// their query: the bell of the centre reads it too (features/notifications).
export const loadCentreBanners = () => import('./centreAlerts/components/CentreBanners');
export { useCentreAlerts } from './centreAlerts/api';
