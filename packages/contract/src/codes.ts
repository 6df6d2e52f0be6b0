import { z } from 'zod';
import { calendarDay, endpoint, listSort, pageQuery, paged, ref } from './common';

/**
 * Tag codes (标签码): the warehouse binds a pre-printed tag to a passed item, unbinds a wrong one,
 * lists its centre's bindings; the merchant reads its 绑码记录 and exports them
 * (docs/domain.md#inspection). URLs stay the specification's (`/warehouse/v1/Code/...`,
 * `/merchant/v1/Testing/record...`).
 */

export const codeBindingView = z.object({
  id: z.string(),
  code: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  item_id: z.string(),
  item_name: z.string(),
  category_name: z.string(),
  bound_at: z.string(),
  bound_by_name: z.string(),
  unbound_at: z.string().nullable(),
  unbound_by_name: z.string(),
  /** bound | unbound */
  state: z.string(),
});

/** A tag code scanned from a pre-printed roll: letters and digits (and -), 6-32 characters; stored upper-case. */
export const tagCode = z
  .string({ error: '请扫描或输入标签码' })
  .trim()
  .min(1, { error: '请扫描或输入标签码' })
  .regex(/^[A-Za-z0-9-]{6,32}$/, { error: '标签码为6-32位字母或数字，请重新扫描' })
  .transform((s) => s.toUpperCase());

export const warehouseCodeView = codeBindingView.extend({
  merchant_name: z.string(),
  unbind_reason: z.string(),
});

export const codeBindData = z.object({
  binding: warehouseCodeView,
  order_status: z.string(),
  order_status_text: z.string(),
  /** Passed items of the order not bound yet. */
  unbound_items: z.number(),
});

export const codeListQuery = pageQuery.extend({
  /** Tag code, order no or item name. */
  keyword: z.string().trim().max(50, { error: '关键词不能超过50个字' }).optional().transform((v) => v || undefined),
  state: z.enum(['bound', 'unbound'], { error: '绑定状态只能是已绑定或已解绑' }).optional(),
  order_id: ref('order').optional(),
  start_date: calendarDay('开始日期').optional(),
  end_date: calendarDay('结束日期').optional(),
});

/** Unbind a tag code (named: the web form validates the reason with it). */
export const codeUnbindBody = z.object({
  id: ref('code_binding'),
  reason: z.string({ error: '请填写解绑原因' }).trim().min(1, { error: '请填写解绑原因' }).max(200, { error: '解绑原因不能超过200个字' }),
});

/** Filters of the merchant's bind-code records (绑码记录) and their Excel export. */
export const recordFilterQuery = z.object({
  /** Tag code, order no or item name. */
  keyword: z.string().trim().max(50, { error: '关键词不能超过50个字' }).optional().transform((v) => v || undefined),
  start_date: calendarDay().optional(),
  end_date: calendarDay().optional(),
});
/** 绑码记录 sorts by 绑定时间 (default: newest first). */
export const recordSort = listSort({ bound_at: '绑定时间' });
export const recordListQuery = pageQuery.extend({ ...recordFilterQuery.shape, ...recordSort.shape });

export const codesApi = {
  bind: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Code/bind',
    summary: 'Bind a scanned tag code to a passed item; when every passed item is bound the order moves passed → bound',
    body: z.object({ item_id: ref('item'), code: tagCode }),
    data: codeBindData,
  }),
  unbind: endpoint({
    method: 'POST',
    path: '/warehouse/v1/Code/unbind',
    summary: 'Unbind a code (the record stays, with unbound time and reason); refused once the order is bound (every item bound) or shipped',
    body: codeUnbindBody,
    data: codeBindData,
  }),
  list: endpoint({ method: 'GET', path: '/warehouse/v1/Code/list', summary: 'Code bindings of the centre’s orders (filters, paginated, newest first)', query: codeListQuery, data: paged(warehouseCodeView) }),
  merchant: {
    recordList: endpoint({ method: 'GET', path: '/merchant/v1/Testing/recordList', summary: 'Bind-code records of the merchant’s orders', query: recordListQuery, data: paged(codeBindingView) }),
    recordExport: endpoint({
      method: 'GET',
      path: '/merchant/v1/Testing/recordExport',
      summary: 'Bind-code records as an Excel file (same filters; at most 10000 rows)',
      query: recordFilterQuery,
      data: z.unknown(),
    }),
  },
};
