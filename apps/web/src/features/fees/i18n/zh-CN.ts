import { ledgerTypeList } from '@gemqc/contract';
import { labelsByValue } from '../../../lib/labels';

/** zh-CN texts of fees (namespace `fees`). */
const zhCN = {
  common: {
    search: '查询',
    reset: '重置',
    export: '导出',
    none: '暂无数据',
    total: '共 {{total}} 条',
    dateRange: '日期范围',
    all: '全部',
  },
  orders: {
    orderNo: '订单号',
    scanHint: '扫码或输入后回车',
    centre: '检测中心',
    items: '商品',
  },
  finance: {
    title: '费用明细',
    balance: '账户余额',
    creditLimit: '信用额度',
    type: '类型',
    types: labelsByValue(ledgerTypeList),
    amount: '金额',
    balanceAfter: '余额',
    time: '时间',
    note: '备注',
    operator: '操作人',
    totals: '按类型合计',
    lowBalance: '余额不足时，检测结果将暂缓出具，请及时充值。',
  },
} as const;

export default zhCN;
