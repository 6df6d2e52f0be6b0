import type { DoudianLogisticsCompany } from '../../integrations/doudian';

/**
 * Our carriers as the shop platform knows them: the one table that maps the names the warehouse
 * types or picks (web `CARRIERS`, and the usual short forms) to the platform's carrier code in
 * `order.logisticsCompanyList`. The company's id is taken from that list (cached), never guessed.
 */
export const carrierTable: readonly { code: string; names: readonly string[] }[] = [
  { code: 'shunfeng', names: ['顺丰速运', '顺丰', '顺丰快递', 'SF'] },
  { code: 'jd', names: ['京东物流', '京东快递', '京东', 'JD'] },
  { code: 'zhongtong', names: ['中通快递', '中通', 'ZTO'] },
  { code: 'yuantong', names: ['圆通速递', '圆通快递', '圆通', 'YTO'] },
  { code: 'yunda', names: ['韵达快递', '韵达速递', '韵达', 'YD'] },
  { code: 'shentong', names: ['申通快递', '申通', 'STO'] },
  { code: 'jtexpress', names: ['极兔速递', '极兔快递', '极兔', 'J&T'] },
  { code: 'ems', names: ['EMS', '邮政EMS', '中国邮政EMS'] },
  { code: 'debangkuaidi', names: ['德邦快递', '德邦物流', '德邦'] },
];

const norm = (s: string) => s.trim().toUpperCase().replace(/\s+/g, '');

/**
 * The platform's company for our carrier name: by the table's code, else by the platform's own
 * name or code typed as is. null when the platform lists no such carrier.
 */
export function platformCompanyOf(carrier: string, companies: readonly DoudianLogisticsCompany[]): DoudianLogisticsCompany | null {
  const n = norm(carrier);
  const code = carrierTable.find((c) => c.names.some((name) => norm(name) === n))?.code;
  if (code) {
    const byCode = companies.find((c) => c.code === code);
    if (byCode) return byCode;
  }
  return companies.find((c) => norm(c.name) === n || norm(c.code) === n) ?? null;
}
