import { auditActions, auditFields, auditKinds, inspectionResults, interceptPolicies, returnMethods, templateKindNames } from '@gemqc/contract';
import appTexts from '../../../i18n/zh-CN';
import { labelsByValue } from '../../../lib/labels';

/** zh-CN texts of 操作日志 (namespace `audit`). */
const zhCN = {
  title: '操作日志',
  intro: '检测费配置、角色、子账号、余额、检测结果、标签模板、个人资料、商户与检测授权、入驻审核、财务账单、绑码、订单拦截和退货信息的每一次操作：谁做的（姓名、手机号、角色）、什么时间、从哪个 IP 地址、改前 → 改后。',
  noPermission: '没有查看操作日志的权限，请联系主账号开通',
  common: {
    search: '查询',
    reset: '重置',
    export: '导出',
    exported: '已导出',
    refresh: '刷新',
    all: '全部',
    total: '共 {{total}} 条',
  },
  filters: {
    dates: '日期',
    actor: '操作人',
    actorPlaceholder: '姓名或手机号',
    kind: '类型',
    object: '对象',
    objectPlaceholder: '名称或编号',
  },
  columns: {
    time: '时间',
    actor: '操作人',
    kind: '类型',
    action: '操作',
    object: '对象',
    ip: 'IP 地址',
    changes: '变更',
  },
  empty: '暂无操作记录',
  noMatch: '没有符合条件的操作记录',
  yes: '是',
  no: '否',
  added: '新增',
  removed: '移除',
  /** A change without recorded fields (a password reset: the password is never recorded). */
  noFields: '无字段变更',
  /** Punctuation of a change line: 检测费：¥30.00 → ¥33.00; lists joined with 、; parts with ；. */
  colon: '：',
  listSep: '、',
  partSep: '；',
  /** The operator's role: 主账号 or a sub-account's role name (as recorded); its account id. */
  accountId: '账号ID',
  owner: '主账号',
  portals: appTexts.portal,
  kinds: labelsByValue(auditKinds),
  actions: labelsByValue(auditActions),
  fields: { ...auditFields },
  /** Recorded values shown by name: an inspection result, a label template's type. */
  values: {
    result: labelsByValue(inspectionResults),
    intercept_policy: labelsByValue(interceptPolicies),
    return_method: labelsByValue(returnMethods),
    kind: templateKindNames,
  },
};

export default zhCN;
