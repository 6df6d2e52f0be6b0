import type { Dayjs } from 'dayjs';
import type { CenterOrderListQuery, OrderSortKey, OrderStatus } from '@gemqc/contract';
import { DEFAULT_PAGE_SIZE, pageFromUrl, toUrlParams } from '../../../lib/listQuery';
import { orderStateQuery, orderStateValues } from '../filters';

/** What the filter form of 订单查询 holds. */
export interface CentreFilterValues {
  order_no?: string;
  waybill?: string;
  platform_order_id?: string;
  status?: OrderStatus;
  merchant_id?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  overdue?: boolean;
  sort_by?: OrderSortKey;
  sort_order?: 'asc' | 'desc';
}

export { DEFAULT_PAGE_SIZE };

/** The list query with its page fields as numbers. */
export type CentreListQuery = CenterOrderListQuery & { page: number; page_size: number };

const TEXT_KEYS = ['order_no', 'waybill', 'platform_order_id', 'merchant_id'] as const;

/** Form values + page → the list endpoint's query (trimmed, empty filters left out). */
export function toListQuery(v: CentreFilterValues, page = 1, pageSize = DEFAULT_PAGE_SIZE): CentreListQuery {
  const q: CentreListQuery = { page, page_size: pageSize };
  for (const k of TEXT_KEYS) {
    const s = v[k]?.trim();
    if (s) q[k] = s;
  }
  return { ...q, ...orderStateQuery(v) };
}

/** The query kept in the page URL (defaults left out), so coming back from an order keeps the filters. */
export function toSearchParams(q: CenterOrderListQuery): Record<string, string> {
  return toUrlParams(q, DEFAULT_PAGE_SIZE);
}

/** URL → query (unknown or malformed values dropped) and the form values it corresponds to. */
export function fromSearchParams(sp: URLSearchParams): { query: CentreListQuery; values: CentreFilterValues } {
  const values: CentreFilterValues = {};
  for (const k of TEXT_KEYS) {
    const s = sp.get(k)?.trim();
    if (s) values[k] = s;
  }
  if (values.merchant_id && !/^\d{1,18}$/.test(values.merchant_id)) delete values.merchant_id;
  Object.assign(values, orderStateValues(sp));
  const { page, pageSize } = pageFromUrl(sp, DEFAULT_PAGE_SIZE);
  return { query: toListQuery(values, page, pageSize), values };
}

/** A scanned or typed value of the detail lookup: an order no (JC…) or else a waybill. */
export function lookupQuery(input: string): CentreListQuery | null {
  const s = input.trim();
  if (!s) return null;
  return /^JC\d{8,}$/i.test(s) ? { page: 1, page_size: 2, order_no: s.toUpperCase() } : { page: 1, page_size: 2, waybill: s };
}
