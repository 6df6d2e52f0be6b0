import type { AppRoute } from '../app/types';

const infoManage = () => import('../features/auth/account/pages/InfoManagePage');

/** Service-centre portal (user_type base, any other stored role). */
export const baseRoutes: AppRoute[] = [
  { path: '/base', redirect: '/base/order/list', hidden: true },
  {
    path: '/base/order',
    title: 'route.baseOrder',
    icon: 'order',
    redirect: '/base/order/list',
    alwaysShow: true,
    children: [
      { path: 'list', title: 'route.baseOrderList', permission: 'center.order.view', page: () => import('../features/orders/centre/pages/CentreOrderListPage'), prefetch: (qc, sp) => import('../features/orders/centre/api').then((m) => m.prefetchCentreOrderList(qc, sp)) },
      { path: 'detail', title: 'route.detail', permission: 'center.order.view', page: () => import('../features/orders/centre/pages/CentreOrderDetailPage') },
      { path: 'statistics', title: 'route.statistics', permission: 'center.report.view', page: () => import('../features/reports/pages/CentreStatisticsPage') },
    ],
  },
  {
    path: '/baseAccount',
    title: 'route.account',
    icon: 'account',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      { path: 'infoManage', title: 'route.infoManage', page: infoManage },
      { path: 'childAccountManage', title: 'route.childAccountManage', permission: 'account.manage', page: () => import('../features/accounts/pages/ChildAccountManagePage') },
      { path: 'auditLog', title: 'route.auditLog', permission: 'center.audit.view', page: () => import('../features/audit/pages/AuditLogPage') },
    ],
  },
  {
    path: '/baseConfig',
    title: 'route.config',
    icon: 'setting',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      { path: 'printer', title: 'route.printer', permission: 'printer.config', page: () => import('../features/printers/pages/PrinterPage') },
      { path: 'template', title: 'route.template', hidden: true, permission: 'template.manage', page: () => import('../features/templates/pages/TemplatePage') },
      { path: 'testingFee', title: 'route.testingFee', permission: 'fee.view', page: () => import('../features/feeRules/pages/TestingFeePage') },
    ],
  },
];
