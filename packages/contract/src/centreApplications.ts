import { z } from 'zod';
import { endpoint, pageQuery, paged, ref } from './common';

/** Review state of a service-centre application (docs/domain.md#portals). */
export const centreApplicationStatuses = ['pending', 'approved', 'rejected'] as const;
export type CentreApplicationStatus = (typeof centreApplicationStatuses)[number];

export const centreApplicationStatusLabels: Record<CentreApplicationStatus, string> = {
  pending: '待审核',
  approved: '已通过',
  rejected: '已驳回',
};

export const centreApplicationRow = z.object({
  /** the centre's id */
  id: z.string(),
  name: z.string(),
  code: z.string(),
  address: z.string(),
  contact: z.string(),
  mobile: z.string(),
  status: z.enum(centreApplicationStatuses),
  status_text: z.string(),
  reject_reason: z.string(),
  /** when the applicant registered */
  applied_at: z.string(),
  reviewed_at: z.string().nullable(),
  reviewer_name: z.string(),
});
export type CentreApplicationRow = z.infer<typeof centreApplicationRow>;

export const centreApplicationListQuery = pageQuery.extend({
  keyword: z.string().trim().max(50, { error: '关键词不能超过50个字' }).optional(),
  status: z.enum(centreApplicationStatuses, { error: '审核状态只能是待审核、已通过或已驳回' }).optional(),
});
export type CentreApplicationListQuery = z.input<typeof centreApplicationListQuery>;

const reviewResult = z.object({ id: z.string(), status: z.enum(centreApplicationStatuses), status_text: z.string() });

/** Managers review service-centre applications: approving enables the centre and its owner account. */
export const centreApplicationsApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/v1/Centre/applications',
    summary: 'Service-centre applications (keyword on centre name / mobile; status pending | approved | rejected); pending first',
    query: centreApplicationListQuery,
    data: paged(centreApplicationRow),
  }),
  approve: endpoint({
    method: 'POST',
    path: '/admin/v1/Centre/approve',
    summary: 'Approve a pending application: the centre becomes active and its owner account is enabled',
    body: z.object({ id: ref('centre_application') }),
    data: reviewResult,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/admin/v1/Centre/reject',
    summary: 'Reject a pending application with a reason; the account stays disabled',
    body: z.object({
      id: ref('centre_application'),
      reason: z.string({ error: '请填写驳回原因' }).trim().min(1, { error: '请填写驳回原因' }).max(200, { error: '驳回原因不能超过200个字' }),
    }),
    data: reviewResult,
  }),
};
