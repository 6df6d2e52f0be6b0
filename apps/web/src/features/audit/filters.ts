import type { Dayjs } from 'dayjs';
import { auditKindValues, type AuditKind } from '@gemqc/contract';
import { DAY_FORMAT, DEFAULT_PAGE_SIZE, pageFromUrl, parseDay, toUrlParams } from '../../lib/listQuery';
import type { AuditQuery } from './api';

/** What the filter form of 操作日志 holds. */
export interface AuditFilterValues {
  /** China days (the server reads start_date / end_date as days in Asia/Shanghai). */
  dates?: [Dayjs | null, Dayjs | null] | null;
  actor?: string;
  kind?: AuditKind;
  object?: string;
}

const isKind = (v: string | null | undefined): v is AuditKind => !!v && (auditKindValues as readonly string[]).includes(v);

/** Form values + page → the list query (trimmed, empty filters left out). */
export function toAuditQuery(v: AuditFilterValues, page = 1, pageSize = DEFAULT_PAGE_SIZE): AuditQuery {
  const q: AuditQuery = { page, page_size: pageSize };
  const [from, to] = v.dates ?? [];
  if (from) q.start_date = from.format(DAY_FORMAT);
  if (to) q.end_date = to.format(DAY_FORMAT);
  const actor = v.actor?.trim();
  if (actor) q.actor = actor.slice(0, 50);
  if (isKind(v.kind)) q.kind = v.kind;
  const object = v.object?.trim();
  if (object) q.object = object.slice(0, 50);
  return q;
}

/** Form values + page → the page URL's params (defaults left out). */
export function auditSearchParams(v: AuditFilterValues, page: number, pageSize: number): Record<string, string> {
  return toUrlParams(toAuditQuery(v, page, pageSize), DEFAULT_PAGE_SIZE);
}

/** URL → query (malformed values dropped) and the form values it corresponds to. */
export function auditFromSearchParams(sp: URLSearchParams): { query: AuditQuery; values: AuditFilterValues } {
  const values: AuditFilterValues = {};
  const start = parseDay(sp.get('start_date'));
  const end = parseDay(sp.get('end_date'));
  if (start || end) values.dates = [start, end];
  const actor = sp.get('actor')?.trim();
  if (actor) values.actor = actor.slice(0, 50);
  const kind = sp.get('kind');
  if (isKind(kind)) values.kind = kind;
  const object = sp.get('object')?.trim();
  if (object) values.object = object.slice(0, 50);
  const { page, pageSize } = pageFromUrl(sp, DEFAULT_PAGE_SIZE);
  return { query: toAuditQuery(values, page, pageSize), values };
}
