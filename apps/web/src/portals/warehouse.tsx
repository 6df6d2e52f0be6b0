import type { AppRoute } from '../app/types';

const infoManage = () => import('../features/auth/account/pages/InfoManagePage');

/** Warehouse quality-inspection portal (user_type qualityInspection, role inspector). */
export const warehouseRoutes: AppRoute[] = [
  {
    path: '/warehousing',
    title: 'route.warehousing',
    icon: 'warehouse',
    redirect: '/warehousing/qualityInspection',
    alwaysShow: true,
    children: [
      { path: 'qualityInspection', title: 'route.qualityInspection', permission: 'warehouse.intake', page: () => import('../features/warehouse/pages/QualityInspectionPage') },
      { path: 'lotList', title: 'route.lotList', permission: 'warehouse.batch.view', page: () => import('../features/warehouse/pages/LotListPage') },
      {
        path: 'orderList',
        title: 'route.orderList2',
        permission: 'warehouse.order.view',
        page: () => import('../features/warehouse/pages/WarehouseOrderListPage'),
        prefetch: (qc, sp) => import('../features/warehouse/orderListQuery').then((m) => m.prefetchWarehouseOrderList(qc, sp)),
      },
      { path: 'interceptReturn', title: 'route.interceptReturn', permission: 'warehouse.ship', page: () => import('../features/interception/pages/ReturnQueuePage') },
    ],
  },
  {
    path: '/qualityInspection',
    title: 'route.account',
    icon: 'account',
    redirect: 'noRedirect',
    alwaysShow: true,
    children: [
      { path: 'infoManage', title: 'route.infoManage', page: infoManage },
      { path: 'childAccountManage', title: 'route.childAccountManage', permission: 'account.manage', page: () => import('../features/accounts/pages/ChildAccountManagePage') },
      { path: 'roleManage', title: 'route.roleManage', permission: 'role.manage', page: () => import('../features/accounts/pages/RoleManagePage') },
      { path: 'auditLog', title: 'route.auditLog', permission: 'warehouse.audit.view', page: () => import('../features/audit/pages/AuditLogPage') },
    ],
  },
  {
    path: '/QIconfig',
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
  {
    path: '/QIfinance',
    icon: 'finance',
    redirect: '/QIfinance/financialStatement',
    children: [{ path: 'financialStatement', title: 'route.financialStatement', icon: 'finance', permission: 'warehouse.finance.view', page: () => import('../features/statements/pages/FinancialStatementPage') }],
  },
];
