import type { AdminMerchantListQuery } from '@gemqc/contract';

/** What the filter form of 商户列表 holds. */
export interface MerchantFilterValues {
  keyword?: string;
  status_id?: 0 | 1;
  auth_status_id?: -1 | 0 | 1 | 2;
}

export const DEFAULT_PAGE_SIZE = 20;
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
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(q)) {
    if (val === undefined || val === null || val === '') continue;
    if (k === 'page' && Number(val) === 1) continue;
    if (k === 'page_size' && Number(val) === DEFAULT_PAGE_SIZE) continue;
    out[k] = String(val);
  }
  return out;
}

const posInt = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** URL → query (malformed values dropped) and the form values it corresponds to. */
export function fromSearchParams(sp: URLSearchParams): { query: MerchantListQuery; values: MerchantFilterValues } {
  const values: MerchantFilterValues = {};
  const kw = sp.get('keyword')?.trim();
  if (kw) values.keyword = kw.slice(0, 50);
  const st = sp.get('status_id');
  if (st === '0' || st === '1') values.status_id = Number(st) as 0 | 1;
  const au = sp.get('auth_status_id');
  if (au === '-1' || au === '0' || au === '1' || au === '2') values.auth_status_id = Number(au) as -1 | 0 | 1 | 2;
  const query = toListQuery(values, posInt(sp.get('page'), 1), Math.min(100, posInt(sp.get('page_size'), DEFAULT_PAGE_SIZE)));
  return { query, values };
}
