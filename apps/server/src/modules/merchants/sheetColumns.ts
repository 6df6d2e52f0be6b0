import { returnMethods, interceptPolicies, chinaDateTime } from '@gemqc/contract';
import { yuanNumber, type SheetColumn } from '../../platform/export';
import type { MerchantRowView } from './service';

const time = (s: string | null) => (s ? chinaDateTime(s) : '');
const labelOf = (list: readonly { value: string; label: string }[], v: string) => list.find((x) => x.value === v)?.label ?? v;

/** Columns of the merchant-list Excel export (money in yuan, times in China time). */
export const merchantColumns: SheetColumn<MerchantRowView>[] = [
  { header: '商户', width: 18, value: (m) => m.name },
  // the testing authorisation's contact (检测信息) once submitted, else the registration's — as the list shows
  { header: '联系人', width: 10, value: (m) => m.contact_person || m.contact },
  { header: '手机号', width: 14, value: (m) => m.mobile },
  { header: '状态', width: 8, value: (m) => (m.status_id === 1 ? '启用' : '禁用') },
  { header: '余额（元）', width: 12, value: (m) => yuanNumber(m.balance) },
  { header: '信用额度（元）', width: 12, value: (m) => yuanNumber(m.credit_limit) },
  { header: '检测授权', width: 10, value: (m) => m.auth_status_text },
  { header: '驳回原因', width: 20, value: (m) => m.reject_reason },
  { header: '公司名称', width: 24, value: (m) => m.company_name },
  { header: '营业执照号', width: 22, value: (m) => m.licence_no },
  { header: '授权联系人', width: 10, value: (m) => m.contact_person },
  { header: '授权联系电话', width: 14, value: (m) => m.contact_mobile },
  { header: '退货地址', width: 30, value: (m) => m.return_address },
  { header: '退回方式', width: 10, value: (m) => (m.return_method ? labelOf(returnMethods, m.return_method) : '') },
  { header: '拦截策略', width: 22, value: (m) => (m.intercept_policy ? labelOf(interceptPolicies, m.intercept_policy) : '') },
  { header: '订单数', width: 8, value: (m) => m.order_count },
  { header: '提交时间', width: 20, value: (m) => time(m.submitted_at) },
  { header: '注册时间', width: 20, value: (m) => time(m.created_at) },
];
