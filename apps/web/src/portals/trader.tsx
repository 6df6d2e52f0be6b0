import type { AppRoute, PageLoader } from '../app/types';

/**
 * Merchant portal (user_type trader, role trader). To build a page, give its route a loader:
 *   { path: 'list', title: 'route.orderList', page: () => import('../features/orders/pages/OrderListPage') },
 * Routes without `page` show the shared PendingPage.
 */
export const traderRoutes: AppRoute[] = [
  { path: '/trader', redirect: '/trader/order/list', hidden: true },
  {
    path: '/trader/order',
    title: 'route.order',
    icon: 'order',
    redirect: '/trader/order/list',
    alwaysShow: true,
    children: [
      { path: 'list', title: 'route.orderList', page: () => import('../features/orders/pages/OrderListPage') },
      { path: 'checkOrder', title: 'route.checkOrder', hidden: true, page: () => import('../features/testing/pages/CheckOrderPage') },
      { path: 'videoManage', title: 'route.videoManage' },
      { path: 'checkInfo', title: 'route.checkInfo', page: () => import('../features/testing/pages/CheckInfoPage') },
      { path: 'detection', title: 'route.detection' },
      { path: 'checkReport', title: 'route.checkReport' },
      { path: 'statistics', title: 'route.statistics' },
      { path: 'print', title: 'route.print' },
      { path: 'detail', title: 'route.detail' },
      { path: 'payment-detail', title: 'route.paymentDetail' },
      { path: 'record', title: 'route.record' },
    ],
  },
  { path: '/trader/traderAuthorization', title: 'route.traderAuthorization', icon: 'auth', hidden: true },
];

/** Public merchant pages outside the shell (the shop-authorisation return page); PendingPage until set. */
export const traderPublicPages: { doudianAuth?: PageLoader } = {};
