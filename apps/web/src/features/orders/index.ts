import './orders.css';
/** What other features may use from the orders feature (the merchant's and the service centre's order views). */
export { useMt, mt, ORDERS_NS } from './i18n';
export { StatusTag, STATUS_COLORS } from './components/StatusTag';
export { DeadlineCountdown, COUNTDOWN_STATUSES, serverOffset } from './components/DeadlineCountdown';
export { useOrderDetail, useOrderSheets, useCreateOrder, orderKeys } from './api';
export { ORDER_PATHS, REPORT_STATUSES } from './paths';
export {
  fmtDateTime,
  inspectionRows,
  InspectionFieldList,
  ResultBadge,
  OrderDetailHeader,
  OrderItemsCard,
  OrderRecordingsCard,
  OrderCodesCard,
  OrderTimelineCard,
  type DetailKeys,
  type Translate,
} from './components/OrderDetailParts';
export { ResultTag } from './components/ResultTag';
export { InspectionPhotos, photoSrc } from './components/InspectionPhotos';
export { orderStateQuery, orderStateValues, type OrderStateFilterValues } from './filters';
export { CARRIERS } from './carriers';
export { orderNoColumn, countdownColumn, buyerColumn, declaredValueColumn, createdAtColumn, exportFilters } from './components/orderColumns';
// The service centre's order pages (and the warehouse's, which reuse them with OrderPortalContext).
export { useCentreOrderDetail, useCentreOrderList, centreOrderKeys } from './centre/api';
export { CENTRE_PATHS } from './centre/paths';
export { fromSearchParams, toListQuery, toSearchParams, DEFAULT_PAGE_SIZE, type CentreFilterValues, type CentreListQuery } from './centre/filters';
export { rowClass } from './centre/pages/CentreOrderListPage';
export { useCt, ct } from './centre/i18n';
export { OrderPortalContext, useOrderPortal, portalOrderKeys, usePortalOrderList, usePortalOrderDetail, usePortalMerchants, usePortalOrderExport, type OrderPortal } from './centre/api';
export { CentreFilterForm } from './centre/components/CentreFilterForm';
export { OrderListCard } from './centre/components/OrderListCard';
export { OrderDetailView } from './centre/components/OrderDetailView';
