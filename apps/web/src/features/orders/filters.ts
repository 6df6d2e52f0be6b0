import dayjs, { type Dayjs } from 'dayjs';
import { orderStatusValues, type OrderListQuery, type OrderStatus } from '@gemqc/contract';

/** What the filter form of 检测管理 holds. */
export interface OrderFilterValues {
  order_no?: string;
  platform_order_id?: string;
  waybill?: string;
  status?: OrderStatus;
  category_id?: string;
  shop_id?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
  overdue?: boolean;
}

export const DEFAULT_PAGE_SIZE = 20;

/** The list query with its page fields as numbers (the contract's input type leaves them loose). */
export type ListQuery = OrderListQuery & { page: number; page_size: number };
export const DAY_FORMAT = 'YYYY-MM-DD';

const TEXT_KEYS = ['order_no', 'platform_order_id', 'waybill', 'category_id', 'shop_id'] as const;

/** Form values + page → the list endpoint's query (trimmed, empty filters left out). */
export function toListQuery(v: OrderFilterValues, page = 1, pageSize = DEFAULT_PAGE_SIZE): ListQuery {
  const q: ListQuery = { page, page_size: pageSize };
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

/** The query kept in the page URL, so that coming back from an order keeps the filters. */
export function toSearchParams(q: OrderListQuery): Record<string, string> {
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

/** URL → query (unknown or malformed values dropped) and the form values it corresponds to. */
export function fromSearchParams(sp: URLSearchParams): { query: ListQuery; values: OrderFilterValues } {
  const values: OrderFilterValues = {};
  for (const k of TEXT_KEYS) {
    const s = sp.get(k);
    if (s) values[k] = s;
  }
  const status = sp.get('status');
  if (isStatus(status)) values.status = status;
  const start = sp.get('start_date');
  const end = sp.get('end_date');
  const d = (s: string | null) => {
    if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
    const day = dayjs(s);
    return day.isValid() && day.format(DAY_FORMAT) === s ? day : null;
  };
  if (d(start) || d(end)) values.dates = [d(start), d(end)];
  if (sp.get('overdue') === '1') values.overdue = true;
  const query = toListQuery(values, posInt(sp.get('page'), 1), Math.min(100, posInt(sp.get('page_size'), DEFAULT_PAGE_SIZE)));
  return { query, values };
}
