import { centreApplicationStatusLabels } from '@gemqc/contract';

/** zh-CN texts of the service-centre applications (namespace `centreApplications`). */
const zhCN = {
  common: {
    search: '查询',
    reset: '重置',
    actions: '操作',
    all: '全部',
    total: '共 {{total}} 条',
    confirm: '确定',
    cancel: '取消',
    refresh: '刷新',
  },
  centres: {
    keyword: '关键词',
    keywordPlaceholder: '服务中心名称 / 手机号',
    status: '审核状态',
    statuses: centreApplicationStatusLabels,
    name: '服务中心',
    address: '地址',
    contact: '联系人',
    mobile: '手机号',
    appliedAt: '申请时间',
    reviewed: '{{name}} 于 {{time}} 审核',
    empty: '没有符合条件的入驻申请',
    none: '还没有服务中心申请入驻',
    pendingHint: '{{n}} 个服务中心的入驻申请待审核',
    approve: '通过',
    reject: '驳回',
    approveTitle: '通过入驻申请',
    approveConfirm: '确定通过「{{name}}」的入驻申请吗？通过后该服务中心即可使用申请时的手机号和密码登录。',
    approved: '已通过，申请人现在可以登录了',
    rejectTitle: '驳回入驻申请 · {{name}}',
    reason: '驳回原因',
    reasonTip: '驳回原因：{{reason}}',
    reasonPlaceholder: '请写明驳回原因，如：地址与营业执照不符',
    reasonRequired: '请填写驳回原因',
    reasonTooLong: '驳回原因不能超过200个字',
    rejected: '已驳回该入驻申请',
  },
};
export default zhCN;
