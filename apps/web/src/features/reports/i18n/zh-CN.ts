import { ledgerTypeList } from '@gemqc/contract';
import { labelsByValue } from '../../../lib/labels';

/** zh-CN texts of reports (namespace `reports`). */
const zhCN = {
  common: {
    export: '导出',
    dateRange: '日期范围',
    exported: '已导出',
  },
  reports: {
    title: '日报表',
    date: '日期',
    orders: '订单数',
    created: '新建',
    shipped: '发货',
    overdue: '超时',
    feeTotal: '费用合计',
    byState: '每日订单（按状态）',
    feesLine: '每日费用',
    sum: '合计',
    lastDays: '近 {{n}} 天',
  },
  finance: {
    types: labelsByValue(ledgerTypeList),
  },
  report: {
    byState: '每日订单状态',
    feesLine: '每日检测费用',
    date: '日期',
    created: '新建',
    received: '入仓',
    passed: '合格',
    failed: '不合格',
    shipped: '发货',
    intercepted: '拦截',
    cancelled: '取消',
    inspectionFee: '检测费',
    certificateFee: '证书费',
    feeTotal: '费用合计',
    sum: '合计',
    lastDays: '最近{{n}}天',
    maxDays: '最多查询92天',
  },
} as const;

export default zhCN;
