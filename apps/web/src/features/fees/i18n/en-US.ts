import type zhCN from './zh-CN';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** en-US texts of fees; the type keeps every zh-CN key translated. */
const enUS: Texts<typeof zhCN> = {
  common: {
    search: 'Search',
    reset: 'Reset',
    export: 'Export',
    none: 'No data',
    total: '{{total}} in total',
    dateRange: 'Date range',
    all: 'All',
  },
  orders: {
    orderNo: 'Order no.',
    scanHint: 'Scan or type, then Enter',
    centre: 'Centre',
    items: 'Items',
  },
  finance: {
    title: 'Payment detail',
    balance: 'Balance',
    creditLimit: 'Credit limit',
    type: 'Type',
    types: { TOP_UP: 'Top-up', INSPECTION: 'Inspection fee', CERTIFICATE: 'Certificate fee', REVERSAL: 'Reversal', ADJUSTMENT: 'Adjustment' },
    amount: 'Amount',
    balanceAfter: 'Balance after',
    time: 'Time',
    note: 'Note',
    operator: 'Operator',
    totals: 'Totals by type',
    lowBalance: 'When the balance runs out, results wait until you top up.',
  },
};

export default enUS;
