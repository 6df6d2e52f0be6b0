/** zh-CN texts of the bell (namespace `notifications`). */
const zhCN = {
  title: '通知',
  empty: '暂无通知',
  readAll: '全部已读',
  kinds: {
    intercepted: '订单 {{order}} 已拦截：{{reason}}',
    result_ready: '订单 {{order}} 检测结果已出',
    balance_low: '余额不足：当前余额 {{balance}}，请及时充值',
    overdue: '订单 {{order}} 已超过发货时限',
    deadline_soon: '订单 {{order}} 将在 6 小时内到达发货时限',
  },
  todos: {
    authorisations: '{{count}} 个商家授权待审核',
    centre_applications: '{{count}} 个服务中心入驻申请待审核',
  },
};
export default zhCN;
