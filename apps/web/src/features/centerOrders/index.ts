/** What other features may use from the service centre's order pages. */
export { useCenterOrderDetail, useCenterOrderList, centerOrderKeys } from './api';
export { CENTER_PATHS } from './paths';
export { fromSearchParams, toListQuery, toSearchParams, DEFAULT_PAGE_SIZE, type CenterFilterValues, type CenterListQuery } from './filters';
export { rowClass } from './pages/CenterOrderListPage';
export { useCt, ct, CENTER_NS } from './i18n';
export { OrderPortalContext, useOrderPortal, portalOrderKeys, usePortalOrderList, usePortalOrderDetail, usePortalMerchants, usePortalOrderExport, type OrderPortal } from './api';
export { CenterFilterForm } from './components/CenterFilterForm';
export { OrderListCard } from './components/OrderListCard';
export { OrderDetailView } from './components/OrderDetailView';
