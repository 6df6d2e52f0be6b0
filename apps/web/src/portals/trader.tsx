import type { AppRoute } from '../app/types';

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
      { path: 'list', title: 'route.orderList', permission: 'merchant.order.view', page: () => import('../features/orders/pages/OrderListPage'), prefetch: (qc, sp) => import('../features/orders/api').then((m) => m.prefetchOrderList(qc, sp)) },
      { path: 'checkOrder', title: 'route.checkOrder', hidden: true, permission: 'merchant.order.create', page: () => import('../features/orders/pages/CheckOrderPage') },
      { path: 'videoManage', title: 'route.videoManage', permission: 'merchant.video.view', page: () => import('../features/recordings/pages/VideoManagePage') },
      { path: 'checkInfo', title: 'route.checkInfo', permission: 'merchant.auth.manage', page: () => import('../features/merchants/pages/CheckInfoPage') },
      { path: 'detection', title: 'route.detection', permission: 'merchant.order.create', page: () => import('../features/shops/pages/DetectionPage') },
      { path: 'checkReport', title: 'route.checkReport', permission: 'merchant.order.view', page: () => import('../features/orders/pages/CheckReportPage') },
      { path: 'statistics', title: 'route.statistics', permission: 'merchant.report.view', page: () => import('../features/reports/pages/StatisticsPage') },
      { path: 'print', title: 'route.print', permission: 'merchant.order.print', page: () => import('../features/orders/sheet/pages/PrintPage') },
      { path: 'detail', title: 'route.detail', permission: 'merchant.order.view', page: () => import('../features/orders/pages/OrderDetailPage') },
      { path: 'payment-detail', title: 'route.paymentDetail', permission: 'merchant.finance.view', page: () => import('../features/fees/pages/PaymentDetailPage') },
      { path: 'record', title: 'route.record', permission: 'merchant.code.view', page: () => import('../features/codes/pages/RecordPage') },
      { path: 'auditLog', title: 'route.auditLog', permission: 'merchant.audit.view', page: () => import('../features/audit/pages/AuditLogPage') },
    ],
  },
  { path: '/trader/traderAuthorization', title: 'route.traderAuthorization', icon: 'auth', hidden: true, permission: 'merchant.shop.manage', page: () => import('../features/shops/pages/TraderAuthorizationPage') },
];
