/** The warehouse pages (portals/warehouse.tsx). */
export const WAREHOUSE_PATHS = {
  inspection: '/warehousing/qualityInspection',
  lots: '/warehousing/lotList',
  lot: (id: string) => `/warehousing/lotList?batch=${encodeURIComponent(id)}`,
  orders: '/warehousing/orderList',
  ordersOfBatch: (id: string) => `/warehousing/orderList?batch_id=${encodeURIComponent(id)}`,
  order: (id: string) => `/warehousing/orderList?order=${encodeURIComponent(id)}`,
};
