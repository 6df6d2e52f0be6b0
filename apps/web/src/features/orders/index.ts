import './orders.css';
/** What other merchant features may use from the orders feature. */
export { useMt, mt, MERCHANT_NS } from './i18n';
export { zodRule, trimValues, type SafeParser } from './forms';
export { StatusTag, STATUS_COLORS } from './components/StatusTag';
export { DeadlineCountdown, COUNTDOWN_STATUSES, serverOffset } from './components/DeadlineCountdown';
export { countdown, formatCountdown, useNow } from './countdown';
export { downloadFile } from './download';
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
