import type { Dayjs } from 'dayjs';
import { yuanToFen, type OrderCreateBody } from '@gemqc/contract';

export interface OrderItemValues {
  name?: string;
  category_id?: string;
  weight?: number | null;
  /** yuan as typed */
  value?: number | string | null;
}

/** What the new-order form holds. */
export interface OrderFormValues {
  source: 'shop' | 'manual';
  shop_id?: string;
  platform_order_id?: string;
  centre_id?: string;
  buyer_name?: string;
  buyer_phone?: string;
  buyer_address?: string;
  start_time?: Dayjs | null;
  remark?: string;
  items?: OrderItemValues[];
}

const s = (v: string | undefined) => (v ?? '').trim();

/** Form values → orderCreate body: yuan → fen, trimmed text, shop fields only for shop orders. */
export function toCreateBody(v: OrderFormValues): OrderCreateBody {
  const items = (v.items ?? []).map((it) => {
    const fen = yuanToFen(it.value ?? null, { roundNumbers: true });
    return {
      name: s(it.name),
      category_id: it.category_id ?? '',
      ...(typeof it.weight === 'number' && it.weight > 0 ? { weight: it.weight } : {}),
      ...(fen !== null ? { declared_value: fen } : {}),
    };
  });
  const body: OrderCreateBody = {
    centre_id: v.centre_id ?? '',
    buyer_name: s(v.buyer_name),
    buyer_phone: s(v.buyer_phone),
    buyer_address: s(v.buyer_address),
    items,
  };
  if (v.source === 'shop') {
    if (v.shop_id) body.shop_id = v.shop_id;
    if (s(v.platform_order_id)) body.platform_order_id = s(v.platform_order_id);
  }
  if (v.start_time) body.start_time = v.start_time.toISOString();
  if (s(v.remark)) body.remark = s(v.remark);
  const total = items.reduce((sum, it) => sum + (it.declared_value ?? 0), 0);
  if (items.some((it) => it.declared_value !== undefined)) body.declared_value = total;
  return body;
}
