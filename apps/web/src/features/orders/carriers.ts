/** Carriers offered for a waybill (merchant inbound, warehouse outbound); any other name may be typed. */
export const CARRIERS = ['顺丰速运', '京东物流', '中通快递', '圆通速递', '韵达快递', '申通快递', '极兔速递', 'EMS', '德邦快递'];
