import { portalSuite } from './platform-portal-suite';

portalSuite({
  userType: 'qualityInspection',
  homeTitle: '入仓质检',
  redirectTarget: '/qualityInspection/infoManage?tab=password',
  search: { query: '财务', option: '财务账单', path: '/QIfinance/financialStatement', title: '财务账单' },
  pages: [
    { menu: '批次列表', path: '/warehousing/lotList' },
    { menu: '订单列表', path: '/warehousing/orderList' },
  ],
});
