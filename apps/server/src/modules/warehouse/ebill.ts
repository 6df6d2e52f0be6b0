import { orderStatusLabel } from '@gemqc/contract';
import { DoudianError, type DoudianClient, type EbillParty } from '../../integrations/doudian';
import { DOUDIAN_LOGISTICS_CODES } from '../../integrations/doudian/ebillCarriers';
import { BusinessError, NotFoundError } from '../../platform/errors';
import { findShopById, withShopToken, type ShopEnv } from '../shops/service';
import { findOrder } from '../orders/service';
import * as repo from './repo';
import type { Station } from './service';

/**
 * 电子面单取号: the warehouse asks the shop platform for the outbound waybill of a Doudian order
 * instead of typing one (`logistics.newCreateOrder` on the shop's e-waybill subscription with the
 * carrier chosen). Sender: the centre (name, contact, mobile, address); receiver: the buyer exactly
 * as the platform holds it — the encrypted name, phone and detail of `order.orderDetail`, passed on
 * as they are (GemQC never decrypts them). Pack id = our order no, so the platform answers the same
 * waybill when asked again; GemQC keeps the first per order and carrier (`order_ebills`), so a second
 * click, or two at once, gets the same number and never a second waybill. The number only fills
 * the ship form: the order ships (and is reported) when the warehouse presses 发货.
 */

/** A one-line Chinese address split into the parts the platform asks for (province, city, district, rest). */
export function splitAddress(text: string): EbillParty['address'] {
  const s = text.replace(/\s+/g, '');
  const municipal = /^(北京|天津|上海|重庆)市/.exec(s)?.[0];
  const rest = municipal ? s.slice(municipal.length) : s;
  const m = municipal ? /^()(.+?(?:区|县))?(.*)$/.exec(rest) : /^(.+?(?:省|自治区|特别行政区))?(.+?(?:市|自治州|地区|盟))?(.+?(?:区|县|旗|市))?(.*)$/.exec(rest);
  if (municipal) return { country_code: 'CHN', province_name: municipal, city_name: municipal, district_name: m?.[2] ?? '', street_name: '', detail_address: m?.[3] ?? rest };
  const province = m?.[1] ?? '';
  const city = m?.[2] ?? '';
  return { country_code: 'CHN', province_name: province, city_name: city, district_name: m?.[3] ?? '', street_name: '', detail_address: m?.[4] ?? s };
}

export interface EbillData {
  carrier: string;
  logistics_code: string;
  waybill: string;
  sort_code: string;
  /** true when this request got it from the platform; false when it had been got before (the same number). */
  issued: boolean;
}

/** Why the platform refused, as a sentence for the warehouse. */
function platformRefusal(err: DoudianError): BusinessError {
  if (err.kind === 'timeout' || err.kind === 'network') return new BusinessError('取号失败：抖店开放平台暂时无法连接，请稍后重试或手工填写运单号', 'ebill.platform_unreachable');
  if (err.kind === 'rate_limited') return new BusinessError('取号失败：抖店接口调用过于频繁，请稍后重试', 'ebill.platform_rate_limited');
  return new BusinessError(`取号失败：${err.message}`, 'ebill.platform_refused');
}

export async function getEbill(env: ShopEnv, station: Station, a: { orderId: number; carrier: string; operatorName: string }): Promise<EbillData> {
  const { db } = env;
  const order = await findOrder(db, a.orderId, { centreId: station.centreId });
  if (!order) throw new NotFoundError('订单不存在');
  if (order.status !== 'bound') throw new BusinessError(`订单${orderStatusLabel(order.status)}，不是待发货的订单，不能取号`, 'ebill.order_state');
  if (!order.shopId || !order.platformOrderId) throw new BusinessError('该订单不是抖店店铺的订单，没有平台电子面单，请手工填写运单号', 'ebill.no_shop');
  const carrier = a.carrier.trim();
  const code = DOUDIAN_LOGISTICS_CODES[carrier];
  if (!code) throw new BusinessError(`「${carrier}」没有抖店电子面单，请选择${Object.keys(DOUDIAN_LOGISTICS_CODES).join('、')}之一，或手工填写运单号`, 'ebill.carrier');
  const kept = await repo.ebillOf(db, order.id, code);
  if (kept) return { carrier: kept.carrier, logistics_code: code, waybill: kept.trackNo, sort_code: kept.sortCode, issued: false };
  const shop = await findShopById(db, order.shopId);
  if (!shop || shop.status !== 'active') throw new BusinessError('该订单的抖店店铺授权已失效，请商家重新授权后再取号，或手工填写运单号', 'ebill.shop_expired');
  const centre = await repo.centreOf(db, station.centreId);
  if (!centre?.address || !centre.mobile) throw new BusinessError('检测中心的地址或联系电话未填写，不能作为寄件人取号，请先在账号信息中补全', 'ebill.sender_incomplete');
  if (!env.doudian) throw new BusinessError('抖店开放平台未配置，请联系管理员设置 DOUDIAN_GATEWAY_URL', 'shops.not_configured');
  const client: DoudianClient = env.doudian;
  const items = await repo.itemLines(db, order.id);
  let result;
  try {
    result = await withShopToken(env, shop, async (token) => {
      const r = await client.orderReceiver(token, order.platformOrderId!);
      const addr = r.post_addr;
      const receiver: EbillParty = {
        address: {
          country_code: 'CHN',
          province_name: addr?.province?.name ?? '',
          city_name: addr?.city?.name ?? '',
          district_name: addr?.town?.name ?? '',
          street_name: addr?.street?.name ?? '',
          detail_address: addr?.encrypt_detail ?? '',
        },
        contact: { name: r.encrypt_post_receiver, mobile: r.encrypt_post_tel },
      };
      return client.newCreateOrder(token, {
        logisticsCode: code,
        sender: { address: splitAddress(centre.address), contact: { name: centre.contact || centre.name, mobile: centre.mobile } },
        orderId: order.platformOrderId!,
        packId: order.orderNo,
        receiver,
        items: items.map((i) => ({ item_name: i.name.slice(0, 50), item_count: i.quantity })),
      });
    });
  } catch (err) {
    if (err instanceof DoudianError) throw platformRefusal(err);
    throw err;
  }
  const issued = result.ebill_infos.find((e) => e.order_id === order.platformOrderId) ?? result.ebill_infos[0];
  if (!issued) {
    const why = result.err_infos[0]?.err_msg || '平台没有返回运单号';
    throw new BusinessError(`取号失败：${why}`, 'ebill.platform_refused');
  }
  const row = await repo.keepEbill(db, { orderId: order.id, logisticsCode: code, carrier, trackNo: issued.track_no, sortCode: issued.sort_code ?? '', createdByName: a.operatorName, createdAt: env.now });
  return { carrier: row.carrier, logistics_code: code, waybill: row.trackNo, sort_code: row.sortCode, issued: row.trackNo === issued.track_no };
}
