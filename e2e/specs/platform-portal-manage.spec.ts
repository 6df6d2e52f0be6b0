import { portalSuite } from './platform-portal-suite';

// The manager's route set has one page; the redirect target is that page with a query.
portalSuite({
  userType: 'manage',
  homeTitle: '商户列表',
  redirectTarget: '/manage/order/list?page=2',
  search: { from: '/manage/order/list?page=2', query: '商户', option: '商户列表', path: '/manage/order/list', title: '商户列表' },
  pages: [],
});
