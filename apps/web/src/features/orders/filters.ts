import type { Dayjs } from 'dayjs';
import { orderSortKeys, orderStatusValues, type OrderListQuery, type OrderSortKey, type OrderStatus } from '@gemqc/contract';
import { DAY_FORMAT, DEFAULT_PAGE_SIZE, pageFromUrl, parseDay, toUrlParams } from '../../lib/listQuery';

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
  sort_by?: OrderSortKey;
  sort_order?: 'asc' | 'desc';
}

export { DEFAULT_PAGE_SIZE };

/** The list query with its page fields as numbers (the contract's input type leaves them loose). */
export type ListQuery = OrderListQuery & { page: number; page_size: number };
export { DAY_FORMAT };

const TEXT_KEYS = ['order_no', 'platform_order_id', 'waybill', 'category_id', 'shop_id'] as const;

/** The status, created-date and overdue filters both portals' order lists have, and the list's sort (column headers). */
export interface OrderStateFilterValues {
  status?: OrderStatus;
  dates?: [Dayjs | null, Dayjs | null] | null;
  overdue?: boolean;
  /** Set by a sortable column (absent: the server's default, newest first). */
  sort_by?: OrderSortKey;
  sort_order?: 'asc' | 'desc';
}

type StateQuery = Pick<OrderListQuery, 'status' | 'start_date' | 'end_date' | 'overdue' | 'sort_by' | 'sort_order'>;

/** Status, created dates, overdue and the sort → their query fields (empty ones left out). */
export function orderStateQuery(v: OrderStateFilterValues): StateQuery {
  const q: StateQuery = {};
  if (v.status) q.status = v.status;
  const [from, to] = v.dates ?? [];
  if (from) q.start_date = from.format(DAY_FORMAT);
  if (to) q.end_date = to.format(DAY_FORMAT);
  if (v.overdue) q.overdue = '1';
  if (v.sort_by) {
    q.sort_by = v.sort_by;
    q.sort_order = v.sort_order === 'asc' ? 'asc' : 'desc';
  }
  return q;
}

/** The URL's status, created dates and overdue → form values (unknown or malformed ones dropped). */
export function orderStateValues(sp: URLSearchParams): OrderStateFilterValues {
  const values: OrderStateFilterValues = {};
  const status = sp.get('status');
  if (isStatus(status)) values.status = status;
  const start = parseDay(sp.get('start_date'));
  const end = parseDay(sp.get('end_date'));
  if (start || end) values.dates = [start, end];
  if (sp.get('overdue') === '1') values.overdue = true;
  const sortBy = sp.get('sort_by');
  if (sortBy && (orderSortKeys as readonly string[]).includes(sortBy)) {
    values.sort_by = sortBy as OrderSortKey;
    values.sort_order = sp.get('sort_order') === 'asc' ? 'asc' : 'desc';
  }
  return values;
}

/** Form values + page → the list endpoint's query (trimmed, empty filters left out). */
export function toListQuery(v: OrderFilterValues, page = 1, pageSize = DEFAULT_PAGE_SIZE): ListQuery {
  const q: ListQuery = { page, page_size: pageSize };
  for (const k of TEXT_KEYS) {
    const s = v[k]?.trim();
    if (s) q[k] = s;
  }
  return { ...q, ...orderStateQuery(v) };
}

/** The query kept in the page URL, so that coming back from an order keeps the filters. */
export function toSearchParams(q: OrderListQuery): Record<string, string> {
  return toUrlParams(q, DEFAULT_PAGE_SIZE);
}

function isStatus(v: string | null): v is OrderStatus {
  return v !== null && (orderStatusValues as readonly string[]).includes(v);
}

/** URL → query (unknown or malformed values dropped) and the form values it corresponds to. */
export function fromSearchParams(sp: URLSearchParams): { query: ListQuery; values: OrderFilterValues } {
  const values: OrderFilterValues = {};
  for (const k of TEXT_KEYS) {
    const s = sp.get(k);
    if (s) values[k] = s;
  }
  Object.assign(values, orderStateValues(sp));
  const { page, pageSize } = pageFromUrl(sp, DEFAULT_PAGE_SIZE);
  return { query: toListQuery(values, page, pageSize), values };
}
