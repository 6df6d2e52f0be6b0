/** zh-CN texts of codes (namespace `codes`). */
const zhCN = {
  common: {
    search: '查询',
    reset: '重置',
    export: '导出',
    total: '共 {{total}} 条',
    exported: '已导出',
  },
  orders: {
    orderNo: '订单号',
    category: '品类',
  },
  codes: {
    title: '绑码记录',
    code: '标签码',
    item: '商品',
    boundAt: '绑码时间',
    operator: '操作人',
    unboundAt: '解绑时间',
    state: '状态',
    bound: '已绑定',
    unbound: '已解绑',
    searchHint: '标签码 / 订单号',
  },
} as const;

export default zhCN;
