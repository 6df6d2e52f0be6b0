import type zhCN from './zh-CN';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** en-US texts of codes; the type keeps every zh-CN key translated. */
const enUS: Texts<typeof zhCN> = {
  common: {
    search: 'Search',
    reset: 'Reset',
    export: 'Export',
    total: '{{total}} in total',
    exported: 'Exported',
  },
  orders: {
    orderNo: 'Order no.',
    category: 'Category',
  },
  codes: {
    title: 'Bound codes',
    code: 'Tag code',
    item: 'Item',
    boundAt: 'Bound at',
    operator: 'Operator',
    unboundAt: 'Unbound at',
    state: 'State',
    bound: 'Bound',
    unbound: 'Unbound',
    searchHint: 'Tag code / order no.',
  },
};

export default enUS;
