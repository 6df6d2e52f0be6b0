import type { Dayjs } from 'dayjs';
import type { BatchListQuery } from '@gemqc/contract';
import { DAY_FORMAT, pageFromUrl, parseDay, toUrlParams } from '../../lib/listQuery';

/** What the filter form of 批次列表 holds. */
export interface LotFilterValues {
  batch_no?: string;
  status?: 'open' | 'closed';
  operator_id?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

export const LOT_PAGE_SIZE = 20;

export type LotListQuery = BatchListQuery & { page: number; page_size: number };

/** Form values + page → the batch list's query (trimmed, empty filters left out). */
export function toLotQuery(v: LotFilterValues, page = 1, pageSize = LOT_PAGE_SIZE): LotListQuery {
  const q: LotListQuery = { page, page_size: pageSize };
  const no = v.batch_no?.trim();
  if (no) q.batch_no = no;
  if (v.status) q.status = v.status;
  if (v.operator_id) q.operator_id = v.operator_id;
  const [from, to] = v.dates ?? [];
  if (from) q.start_date = from.format(DAY_FORMAT);
  if (to) q.end_date = to.format(DAY_FORMAT);
  return q;
}

/** URL → query (malformed values dropped) and the form values it corresponds to. */
export function lotFromSearchParams(sp: URLSearchParams): { query: LotListQuery; values: LotFilterValues } {
  const values: LotFilterValues = {};
  const no = sp.get('batch_no')?.trim();
  if (no) values.batch_no = no;
  const status = sp.get('status');
  if (status === 'open' || status === 'closed') values.status = status;
  const op = sp.get('operator_id');
  if (op && /^\d{1,18}$/.test(op)) values.operator_id = op;
  const start = parseDay(sp.get('start_date'));
  const end = parseDay(sp.get('end_date'));
  if (start || end) values.dates = [start, end];
  const { page, pageSize } = pageFromUrl(sp, LOT_PAGE_SIZE);
  return { query: toLotQuery(values, page, pageSize), values };
}

/** The query kept in the page URL (defaults left out); `batch` keeps an open detail. */
export function lotSearchParams(q: LotListQuery, batch?: string | null): Record<string, string> {
  const out = toUrlParams(q, LOT_PAGE_SIZE);
  if (batch) out.batch = batch;
  return out;
}
