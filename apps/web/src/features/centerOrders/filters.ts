import dayjs, { type Dayjs } from 'dayjs';
import { orderStatusValues, type CenterOrderListQuery, type OrderStatus } from '@gemqc/contract';

/** What the filter form of 订单查询 holds. */
export interface CenterFilterValues {
  order_no?: string;
  waybill?: string;
  platform_order_id?: string;
  status?: OrderStatus;
  merchant_id?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  overdue?: boolean;
}

export const DEFAULT_PAGE_SIZE = 20;
export const DAY_FORMAT = 'YYYY-MM-DD';

/** The list query with its page fields as numbers. */
export type CenterListQuery = CenterOrderListQuery & { page: number; page_size: number };

const TEXT_KEYS = ['order_no', 'waybill', 'platform_order_id', 'merchant_id'] as const;

/** Form values + page → the list endpoint's query (trimmed, empty filters left out). */
export function toListQuery(v: CenterFilterValues, page = 1, pageSize = DEFAULT_PAGE_SIZE): CenterListQuery {
  const q: CenterListQuery = { page, page_size: pageSize };
  for (const k of TEXT_KEYS) {
    const s = v[k]?.trim();
    if (s) q[k] = s;
  }
  if (v.status) q.status = v.status;
  const [from, to] = v.dates ?? [];
  if (from) q.start_date = from.format(DAY_FORMAT);
  if (to) q.end_date = to.format(DAY_FORMAT);
  if (v.overdue) q.overdue = '1';
  return q;
}

/** The query kept in the page URL (defaults left out), so coming back from an order keeps the filters. */
export function toSearchParams(q: CenterOrderListQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(q)) {
    if (val === undefined || val === null || val === '') continue;
    if (k === 'page' && Number(val) === 1) continue;
    if (k === 'page_size' && Number(val) === DEFAULT_PAGE_SIZE) continue;
    out[k] = String(val);
  }
  return out;
}

function isStatus(v: string | null): v is OrderStatus {
  return v !== null && (orderStatusValues as readonly string[]).includes(v);
}

const posInt = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

function day(s: string | null): Dayjs | null {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const d = dayjs(s);
  return d.isValid() && d.format(DAY_FORMAT) === s ? d : null;
}

/** URL → query (unknown or malformed values dropped) and the form values it corresponds to. */
export function fromSearchParams(sp: URLSearchParams): { query: CenterListQuery; values: CenterFilterValues } {
  const values: CenterFilterValues = {};
  for (const k of TEXT_KEYS) {
    const s = sp.get(k)?.trim();
    if (s) values[k] = s;
  }
  if (values.merchant_id && !/^\d{1,18}$/.test(values.merchant_id)) delete values.merchant_id;
  const status = sp.get('status');
  if (isStatus(status)) values.status = status;
  const start = day(sp.get('start_date'));
  const end = day(sp.get('end_date'));
  if (start || end) values.dates = [start, end];
  if (sp.get('overdue') === '1') values.overdue = true;
  const query = toListQuery(values, posInt(sp.get('page'), 1), Math.min(100, posInt(sp.get('page_size'), DEFAULT_PAGE_SIZE)));
  return { query, values };
}

/** A scanned or typed value of the detail lookup: an order no (JC…) or else a waybill. */
export function lookupQuery(input: string): CenterListQuery | null {
  const s = input.trim();
  if (!s) return null;
  return /^JC\d{8,}$/i.test(s) ? { page: 1, page_size: 2, order_no: s.toUpperCase() } : { page: 1, page_size: 2, waybill: s };
}
