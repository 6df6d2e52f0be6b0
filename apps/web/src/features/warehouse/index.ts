/** What other features may use from the warehouse pages. */
export { WAREHOUSE_PATHS } from './paths';
export { warehouseKeys, useWarehouseOrderList, useWarehouseOrderDetail, useBatchList, useBatchDetail } from './api';
export { useWt, wt, WAREHOUSE_NS } from './i18n';
