/** zh-CN texts of the bell (namespace `notifications`). */
const zhCN = {
  title: '通知',
  empty: '暂无通知',
  readAll: '全部已读',
  kinds: {
    intercepted: '订单 {{order}} 已拦截：{{reason}}',
    result_ready: '订单 {{order}} 检测结果已出',
    balance_low: '余额不足：当前余额 {{balance}}，请及时充值',
    overdue: '订单 {{order}} 已超过发货时限（{{deadline}}），尚未发货',
    deadline_soon: '订单 {{order}} 将于 {{deadline}} 到达发货时限（不足 {{hours}} 小时），请尽快发货',
    auth_approved: '检测信息审核已通过，可以创建检测订单了',
    auth_rejected: '检测信息审核未通过：{{reason}}，请修改后重新提交',
    return_address_missing: '订单 {{order}} 已拦截，但您尚未填写退货地址：请在「检测信息」中填写，以便检测中心寄回货品',
    sync_failed: '订单 {{order}} 的发货信息未能同步到抖店：{{reason}}',
    shop_reauth: '店铺「{{shop}}」的抖店授权已失效，请在「商家授权」中重新授权（发货同步暂停，授权后自动继续）',
    refund_in_transit: '订单 {{order}} 的货品还在寄往检测中心的路上，买家已申请售后（{{reason}}）：{{what}}',
    aftersale_closed: '订单 {{order}} 的售后已关闭（{{reason}}），如已拦截可联系检测中心解除',
  },
  /** What happens to a refund of a parcel in transit, by the merchant's 拦截策略. */
  inTransit: {
    after_sales_first: '售后优先，到仓扫描时将直接拦截，货品放入拦截退回货架',
    shipping_first: '发货优先，到仓后照常检测发货',
  },
  /** The service centre's bell: the lines of its banners. */
  centre: {
    overdue: '{{n}} 个订单已超过发货时限，请尽快发货',
    intercepted: '订单 {{order}} 已被拦截（{{reason}}），请联系商家取回货物：{{merchant}} {{contact}} {{mobile}}',
    request: '商家 {{merchant}} 申请拦截订单 {{order}}：{{reason}}，请确认',
    refund: '订单 {{order}} 的买家已在抖店申请售后（{{merchant}} 设置为发货优先，照常发货）',
    nearest: '最近一单 {{order}} 的发货截止时间：{{time}}',
  },
  todos: {
    authorisations: '{{count}} 个商家授权待审核',
    centre_applications: '{{count}} 个服务中心入驻申请待审核',
  },
};
export default zhCN;
