export const CENTRE_PATHS = {
  list: '/base/order/list',
  listWith: (q: Record<string, string>) => `/base/order/list?${new URLSearchParams(q).toString()}`,
  detail: (id: string) => `/base/order/detail?id=${encodeURIComponent(id)}`,
  detailBase: '/base/order/detail',
};
