import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { PermissionGroups } from '@gemqc/contract';
import { PermissionTree } from './PermissionTree';
import { permissionTreeData, selectedPermissionKeys } from '../permissionTree';

const groups: PermissionGroups = [
  {
    group: '入仓管理',
    permissions: [
      { key: 'warehouse.intake', label: '入仓质检（扫码入仓）' },
      { key: 'warehouse.batch.view', label: '批次列表' },
    ],
  },
  {
    group: '账号',
    permissions: [
      { key: 'account.manage', label: '子账号管理' },
      { key: 'role.manage', label: '角色管理' },
    ],
  },
];

// antd measures itself; jsdom has no ResizeObserver
class NoResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

beforeEach(() => vi.stubGlobal('ResizeObserver', NoResizeObserver));

function Harness({ initial, onChange }: { initial: string[]; onChange: (k: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionTree
      groups={groups}
      value={value}
      onChange={(k) => {
        setValue(k);
        onChange(k);
      }}
    />
  );
}

/** The checkbox of a tree node, found by its title. */
function nodeCheckbox(title: string): HTMLElement {
  const node = screen.getByText(title).closest('.ant-tree-treenode') as HTMLElement;
  return node.querySelector('.ant-tree-checkbox') as HTMLElement;
}

describe('permission tree helpers', () => {
  it('builds one branch per menu group with its permissions as leaves', () => {
    const data = permissionTreeData(groups, (_k, l) => l, (g) => g);
    expect(data.map((d) => d.key)).toEqual(['group:入仓管理', 'group:账号']);
    expect(data[1]!.children!.map((c) => c.key)).toEqual(['account.manage', 'role.manage']);
  });

  it('keeps only permission keys from the checked keys, in catalogue order, unknown ones dropped', () => {
    expect(selectedPermissionKeys(groups, ['role.manage', 'group:入仓管理', 'warehouse.intake', 'root.all'])).toEqual(['warehouse.intake', 'role.manage']);
  });
});

describe('permission tree', () => {
  it('labels groups and permissions with the server’s zh-CN texts and shows the count', () => {
    render(<PermissionTree groups={groups} value={['account.manage']} />);
    expect(screen.getByText('入仓管理')).toBeInTheDocument();
    expect(screen.getByText('子账号管理')).toBeInTheDocument();
    expect(screen.getByText('已选 1 / 4 项')).toBeInTheDocument();
  });

  it('checking a group selects all of its permissions; unchecking one leaves the group half checked', () => {
    const onChange = vi.fn();
    render(<Harness initial={[]} onChange={onChange} />);
    fireEvent.click(nodeCheckbox('账号'));
    expect(onChange).toHaveBeenLastCalledWith(['account.manage', 'role.manage']);
    fireEvent.click(nodeCheckbox('角色管理'));
    expect(onChange).toHaveBeenLastCalledWith(['account.manage']);
    expect(nodeCheckbox('账号').className).toContain('ant-tree-checkbox-indeterminate');
  });

  it('a single permission can be picked; select-all picks every key and clears them again', () => {
    const onChange = vi.fn();
    render(<Harness initial={['warehouse.batch.view']} onChange={onChange} />);
    fireEvent.click(nodeCheckbox('入仓质检（扫码入仓）'));
    expect(onChange).toHaveBeenLastCalledWith(['warehouse.intake', 'warehouse.batch.view']);
    expect(nodeCheckbox('入仓管理').className).toContain('ant-tree-checkbox-checked');
    fireEvent.click(screen.getByText('全选'));
    expect(onChange).toHaveBeenLastCalledWith(['warehouse.intake', 'warehouse.batch.view', 'account.manage', 'role.manage']);
    fireEvent.click(screen.getByText('全选'));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
