import type { AppRoute } from '../app/types';

/** Management portal (user_type manage, role manage). */
export const managerRoutes: AppRoute[] = [
  { path: '/manage', redirect: '/manage/order/list', hidden: true },
  {
    path: '/manage/order',
    redirect: '/manage/order/list',
    children: [{ path: 'list', title: 'route.merchantList', icon: 'shop', permission: 'admin.merchant.view', page: () => import('../features/merchants/pages/MerchantListPage') }],
  },
];
