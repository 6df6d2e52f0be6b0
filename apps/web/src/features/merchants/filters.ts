import type { AdminMerchantListQuery } from '@gemqc/contract';
import { DEFAULT_PAGE_SIZE, pageFromUrl, toUrlParams } from '../../lib/listQuery';

/** What the filter form of 商户列表 holds. */
export interface MerchantFilterValues {
  keyword?: string;
  status_id?: 0 | 1;
  auth_status_id?: -1 | 0 | 1 | 2;
}

export { DEFAULT_PAGE_SIZE };
/** The list query with its fields as plain numbers (the contract's input type leaves them loose). */
export type MerchantListQuery = AdminMerchantListQuery & { page: number; page_size: number; status_id?: number; auth_status_id?: number };

/** Form values + page → the list endpoint's query (trimmed, empty filters left out). */
export function toListQuery(v: MerchantFilterValues, page = 1, pageSize = DEFAULT_PAGE_SIZE): MerchantListQuery {
  const q: MerchantListQuery = { page, page_size: pageSize };
  const kw = v.keyword?.trim();
  if (kw) q.keyword = kw;
  if (v.status_id === 0 || v.status_id === 1) q.status_id = v.status_id;
  if (v.auth_status_id !== undefined && [-1, 0, 1, 2].includes(v.auth_status_id)) q.auth_status_id = v.auth_status_id;
  return q;
}

/** The query kept in the page URL (defaults left out). */
export function toSearchParams(q: AdminMerchantListQuery): Record<string, string> {
  return toUrlParams(q, DEFAULT_PAGE_SIZE);
}

/** URL → query (malformed values dropped) and the form values it corresponds to. */
export function fromSearchParams(sp: URLSearchParams): { query: MerchantListQuery; values: MerchantFilterValues } {
  const values: MerchantFilterValues = {};
  const kw = sp.get('keyword')?.trim();
  if (kw) values.keyword = kw.slice(0, 50);
  const st = sp.get('status_id');
  if (st === '0' || st === '1') values.status_id = Number(st) as 0 | 1;
  const au = sp.get('auth_status_id');
  if (au === '-1' || au === '0' || au === '1' || au === '2') values.auth_status_id = Number(au) as -1 | 0 | 1 | 2;
  const { page, pageSize } = pageFromUrl(sp, DEFAULT_PAGE_SIZE);
  return { query: toListQuery(values, page, pageSize), values };
}
