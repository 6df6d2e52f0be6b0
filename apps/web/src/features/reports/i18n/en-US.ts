import type zhCN from './zh-CN';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** en-US texts of reports; the type keeps every zh-CN key translated. */
const enUS: Texts<typeof zhCN> = {
  common: {
    export: 'Export',
    dateRange: 'Date range',
    exported: 'Exported',
  },
  reports: {
    title: 'Daily report',
    date: 'Date',
    orders: 'Orders',
    created: 'Created',
    shipped: 'Shipped',
    overdue: 'Overdue',
    feeTotal: 'Total fees',
    byState: 'Orders per day by state',
    feesLine: 'Fees per day',
    sum: 'Total',
    lastDays: 'Last {{n}} days',
  },
  finance: {
    types: { TOP_UP: 'Top-up', INSPECTION: 'Inspection fee', CERTIFICATE: 'Certificate fee', REVERSAL: 'Reversal', ADJUSTMENT: 'Adjustment' },
  },
  report: {
    byState: 'Orders by state per day',
    feesLine: 'Testing fees per day',
    date: 'Date',
    created: 'Created',
    received: 'Received',
    passed: 'Passed',
    failed: 'Failed',
    shipped: 'Shipped',
    intercepted: 'Intercepted',
    cancelled: 'Cancelled',
    inspectionFee: 'Inspection fee',
    certificateFee: 'Certificate fee',
    feeTotal: 'Total fees',
    sum: 'Total',
    lastDays: 'Last {{n}} days',
    maxDays: 'At most 92 days',
  },
};

export default enUS;
