import type { AppRoute } from '../app/types';

/** Management portal (user_type manage, role manage). */
export const managerRoutes: AppRoute[] = [
  { path: '/manage', redirect: '/manage/order/list', hidden: true },
  {
    path: '/manage/order',
    redirect: '/manage/order/list',
    children: [{ path: 'list', title: 'route.merchantList', icon: 'shop', permission: 'admin.merchant.view', page: () => import('../features/merchants/pages/MerchantListPage'), prefetch: (qc, sp) => import('../features/merchants/api').then((m) => m.prefetchMerchantList(qc, sp)) }],
  },
  {
    path: '/manage/intercept',
    redirect: '/manage/intercept/order',
    children: [{ path: 'order', title: 'route.orderIntercept', icon: 'order', permission: 'admin.order.intercept', page: () => import('../features/interception/pages/ManagerInterceptPage') }],
  },
  {
    path: '/manage/audit',
    redirect: '/manage/audit/auditLog',
    children: [{ path: 'auditLog', title: 'route.auditLog', icon: 'log', permission: 'admin.audit.view', page: () => import('../features/audit/pages/AuditLogPage') }],
  },
];
