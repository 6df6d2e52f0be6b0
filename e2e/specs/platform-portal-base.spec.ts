import { portalSuite } from './platform-portal-suite';

portalSuite({
  userType: 'base',
  homeTitle: '订单查询',
  redirectTarget: '/baseAccount/infoManage?tab=password',
  search: { query: '打印机', option: '配置 > 打印机配置', path: '/baseConfig/printer', title: '打印机配置' },
  pages: [
    { menu: '日报表', path: '/base/order/statistics' },
    { menu: '订单详情', path: '/base/order/detail' },
  ],
});
