import type { PermissionGroups } from '@gemqc/contract';

/** Tree keys of menu groups carry this prefix; permission keys never do. */
export const GROUP_PREFIX = 'group:';

export interface PermissionTreeNode {
  key: string;
  title: string;
  children?: PermissionTreeNode[];
}

/** Menu groups as parents, their permissions as leaves (labels through the given functions). */
export function permissionTreeData(
  groups: PermissionGroups,
  label: (key: string, serverLabel: string) => string,
  group: (name: string) => string,
): PermissionTreeNode[] {
  return groups.map((g) => ({
    key: `${GROUP_PREFIX}${g.group}`,
    title: group(g.group),
    children: g.permissions.map((p) => ({ key: p.key, title: label(p.key, p.label) })),
  }));
}

/** The permission keys among the tree's checked keys, in catalogue order, unknown keys dropped. */
export function selectedPermissionKeys(groups: PermissionGroups, checked: readonly (string | number | bigint)[]): string[] {
  const set = new Set(checked.map(String));
  return groups.flatMap((g) => g.permissions.map((p) => p.key)).filter((k) => set.has(k));
}

export function allPermissionKeys(groups: PermissionGroups): string[] {
  return groups.flatMap((g) => g.permissions.map((p) => p.key));
}
