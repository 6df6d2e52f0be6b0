import { portalSuite } from './platform-portal-suite';

portalSuite({
  userType: 'trader',
  homeTitle: '检测管理',
  redirectTarget: '/trader/order/record?page=2',
  search: { query: '绑码', option: '订单 > 绑码记录', path: '/trader/order/record', title: '绑码记录' },
  pages: [
    { menu: '绑码记录', path: '/trader/order/record' },
    { menu: '费用明细', path: '/trader/order/payment-detail' },
  ],
});
