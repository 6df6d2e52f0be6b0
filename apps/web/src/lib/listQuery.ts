import dayjs, { type Dayjs } from 'dayjs';

/**
 * What the list pages that keep their filters and page in the URL share: a list query ↔ the
 * page's search params (defaults left out, malformed values dropped).
 */

export const DAY_FORMAT = 'YYYY-MM-DD';

/** Rows per page of a list when the URL does not say (every list's first page). */
export const DEFAULT_PAGE_SIZE = 20;

/** The query kept in the page URL: empty values, page 1 and the default page size left out. */
export function toUrlParams(q: object, defaultPageSize: number): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(q)) {
    if (val === undefined || val === null || val === '') continue;
    if (k === 'page' && Number(val) === 1) continue;
    if (k === 'page_size' && Number(val) === defaultPageSize) continue;
    out[k] = String(val);
  }
  return out;
}

/** A whole number above 0, else `fallback`. */
export function positiveInt(v: string | null, fallback: number): number {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** The page and page size of a list URL (page size at most 100). */
export function pageFromUrl(sp: URLSearchParams, defaultPageSize: number): { page: number; pageSize: number } {
  return { page: positiveInt(sp.get('page'), 1), pageSize: Math.min(100, positiveInt(sp.get('page_size'), defaultPageSize)) };
}

/** 'YYYY-MM-DD' that is a real day → that day; anything else → null. */
export function parseDay(s: string | null): Dayjs | null {
  if (!s || !/^\d{4}-\d{2}-\d{2}$/.test(s)) return null;
  const d = dayjs(s);
  return d.isValid() && d.format(DAY_FORMAT) === s ? d : null;
}

/** A picked date range → the list's start_date / end_date (an open end left out). */
export function dateRangeQuery(dates: [Dayjs | null, Dayjs | null] | null | undefined): { start_date?: string; end_date?: string } {
  const q: { start_date?: string; end_date?: string } = {};
  const [from, to] = dates ?? [];
  if (from) q.start_date = from.format(DAY_FORMAT);
  if (to) q.end_date = to.format(DAY_FORMAT);
  return q;
}

/** A list query without its page fields: what an export sends. */
export function exportFilters<Q extends { page?: unknown; page_size?: unknown }>(query: Q): Omit<Q, 'page' | 'page_size'> {
  const { page: _p, page_size: _s, ...filters } = query;
  return filters;
}

/** Whether a filter value narrows the list: not empty, not blank text, not an unticked box, not an empty range. */
function isSet(v: unknown): boolean {
  if (v === undefined || v === null || v === false) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.some(isSet);
  return true;
}

/** Whether any of a filter form's values narrows the list (its empty state then says nothing matches). */
export function hasFilters(values: object): boolean {
  return Object.values(values).some(isSet);
}

/** Search params in one order (to tell whether a search would change the URL). */
export function canonicalParams(params: URLSearchParams | Record<string, string>): string {
  const sp = new URLSearchParams(params);
  sp.sort();
  return sp.toString();
}
