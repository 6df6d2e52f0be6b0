import type zhCN from './zh-CN';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** en-US texts of the service-centre applications (namespace `centreApplications`). */
const enUS: Texts<typeof zhCN> = {
  common: {
    search: 'Search',
    reset: 'Reset',
    actions: 'Actions',
    all: 'All',
    total: '{{total}} in total',
    confirm: 'OK',
    cancel: 'Cancel',
    refresh: 'Refresh',
  },
  centres: {
    keyword: 'Keyword',
    keywordPlaceholder: 'Centre name / mobile',
    status: 'Review status',
    statuses: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' },
    name: 'Service centre',
    address: 'Address',
    contact: 'Contact',
    mobile: 'Mobile',
    appliedAt: 'Applied',
    reviewed: 'Reviewed by {{name}} at {{time}}',
    empty: 'No applications match the filters',
    none: 'No service centre has applied yet',
    pendingHint: '{{n}} service-centre application(s) awaiting review',
    approve: 'Approve',
    reject: 'Reject',
    approveTitle: 'Approve the application',
    approveConfirm: 'Approve the application of "{{name}}"? The centre can then sign in with the mobile and password it applied with.',
    approved: 'Approved: the applicant can sign in now',
    rejectTitle: 'Reject the application · {{name}}',
    reason: 'Reason',
    reasonTip: 'Reason: {{reason}}',
    reasonPlaceholder: 'Why the application is rejected, e.g. the address does not match the business licence',
    reasonRequired: 'Please give the reason',
    reasonTooLong: 'The reason may be at most 200 characters',
    rejected: 'The application was rejected',
  },
};
export default enUS;
