import { Checkbox, Tree, Typography } from 'antd';
import type { PermissionGroups } from '@gemqc/contract';
import { groupLabel, permissionLabel, useAt } from '../i18n';
import { allPermissionKeys, permissionTreeData, selectedPermissionKeys } from '../permissionTree';

export interface PermissionTreeProps {
  groups: PermissionGroups;
  /** Selected permission keys (an antd Form field: value/onChange). */
  value?: string[];
  onChange?: (keys: string[]) => void;
  disabled?: boolean;
}

/** The role editor's permission tree: one branch per menu group; checking a group checks all of it. */
export function PermissionTree({ groups, value, onChange, disabled }: PermissionTreeProps) {
  const t = useAt();
  const all = allPermissionKeys(groups);
  const selected = (value ?? []).filter((k) => all.includes(k));
  const treeData = permissionTreeData(
    groups,
    (key, label) => permissionLabel(t, key, label),
    (name) => groupLabel(t, name),
  );
  const allChecked = all.length > 0 && selected.length === all.length;
  return (
    <div className="acc-perm-tree" data-testid="permission-tree">
      <div className="acc-perm-tree-head">
        <Checkbox
          checked={allChecked}
          indeterminate={selected.length > 0 && !allChecked}
          disabled={disabled}
          onChange={(e) => onChange?.(e.target.checked ? all : [])}
          data-testid="permission-all"
        >
          {t('roles.selectAll')}
        </Checkbox>
        <Typography.Text type="secondary">{t('roles.selectedCount', { count: selected.length, total: all.length })}</Typography.Text>
      </div>
      <Tree
        checkable
        selectable={false}
        defaultExpandAll
        disabled={disabled}
        treeData={treeData}
        checkedKeys={selected}
        onCheck={(checked) => onChange?.(selectedPermissionKeys(groups, Array.isArray(checked) ? checked : checked.checked))}
      />
    </div>
  );
}
