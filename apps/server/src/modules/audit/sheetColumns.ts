import { auditChangedFields, auditFields, auditValueText, chinaDateTime, type AuditRow, type AuditSnapshot } from '@gemqc/contract';
import type { SheetColumn } from '../../platform/export';

const portalNames: Record<string, string> = { trader: '商家', qualityInspection: '仓库', base: '服务中心', manage: '平台' };

/** "检测费：¥10.00；证书费：¥5.00" of the fields the change touched. */
function side(row: AuditRow, snap: AuditSnapshot | null): string {
  if (!snap) return '—';
  return auditChangedFields(row.before, row.after)
    .map((f) => `${(auditFields as Record<string, string>)[f] ?? f}：${auditValueText(f, snap[f])}`)
    .join('；');
}

/** Columns of the audit-log Excel export (times in China time, money in yuan). */
export const auditColumns: SheetColumn<AuditRow>[] = [
  { header: '时间', width: 20, value: (r) => chinaDateTime(r.created_at) },
  { header: '操作人', width: 12, value: (r) => r.actor_name },
  { header: '账号ID', width: 10, value: (r) => r.actor_id ?? '' },
  { header: '手机号', width: 14, value: (r) => r.actor_mobile },
  { header: '角色', width: 12, value: (r) => r.actor_role },
  { header: '账号端', width: 10, value: (r) => portalNames[r.actor_type] ?? r.actor_type },
  { header: 'IP地址', width: 16, value: (r) => r.ip },
  { header: '操作类型', width: 12, value: (r) => r.kind_text },
  { header: '操作', width: 10, value: (r) => r.action_text },
  { header: '操作对象', width: 24, value: (r) => r.object_label },
  { header: '修改前', width: 40, value: (r) => side(r, r.before) },
  { header: '修改后', width: 40, value: (r) => side(r, r.after) },
];
