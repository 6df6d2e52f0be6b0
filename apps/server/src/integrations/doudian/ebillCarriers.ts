/**
 * Our carrier names (the ship form's list, apps/web/src/features/orders/carriers.ts) → the Doudian
 * logistics company code an e-waybill subscription is for (`logistics_code` of
 * logistics.newCreateOrder, as order.logisticsCompanyList names them). A carrier not listed has no
 * e-waybill: its waybill is typed.
 */
export const DOUDIAN_LOGISTICS_CODES: Readonly<Record<string, string>> = {
  顺丰速运: 'shunfeng',
  京东物流: 'jd',
  中通快递: 'zhongtong',
  圆通速递: 'yuantong',
  韵达快递: 'yunda',
  申通快递: 'shentong',
  极兔速递: 'jtexpress',
  EMS: 'ems',
  德邦快递: 'debangwuliu',
};
