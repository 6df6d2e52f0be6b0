/** Orders with inspection results, for which a report exists. */
export const REPORT_STATUSES = new Set(['passed', 'failed', 'unable', 'bound', 'shipped', 'completed', 'return_pending', 'returned', 'picked_up']);

export const ORDER_PATHS = {
  list: '/trader/order/list',
  detail: (id: string) => `/trader/order/detail?id=${encodeURIComponent(id)}`,
  report: (id: string) => `/trader/order/checkReport?id=${encodeURIComponent(id)}`,
  print: (ids: string[]) => `/trader/order/print?ids=${ids.map(encodeURIComponent).join(',')}`,
};
