import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import type { AccountNamespace, RoleRow } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { useDeleteRole, usePermissionGroups, useRoleList } from '../api';
import { permissionLabel, useAt } from '../i18n';
import { RoleFormModal } from './RoleFormModal';
import { SearchResetButtons } from '../../../components/SearchResetButtons';
import { listTotal, useListTable } from '../../../components/ListState';
import { useFilteredList } from '../../../components/useFilteredList';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

const SHOWN_PERMISSIONS = 4;

/**
 * 角色管理: search and paginate roles; create/edit with the permission tree; delete unused roles. A
 * failed load shows its reason and 重试, a keyword without roles says so with 重置.
 */
export function RoleList({ ns, bordered = true }: { ns: AccountNamespace; bordered?: boolean }) {
  const t = useAt();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const filtered = useFilteredList<{ keyword?: string }>();
  const { filters, page } = filtered;
  const list = useRoleList(ns, { page: page.page, page_size: page.size, ...filters });
  const groups = usePermissionGroups(ns);
  const remove = useDeleteRole(ns);
  const [editing, setEditing] = useState<RoleRow | null | undefined>(undefined);

  const labels = new Map((groups.data ?? []).flatMap((g) => g.permissions.map((p) => [p.key, permissionLabel(t, p.key, p.label)] as const)));

  const columns: ColumnsType<RoleRow> = [
    { title: t('roles.name'), dataIndex: 'name', width: 150 },
    { title: t('roles.description'), dataIndex: 'description', width: 220, ellipsis: true, render: (v: string) => v || '—' },
    {
      title: t('roles.permissions'),
      dataIndex: 'permissions',
      render: (keys: string[]) => (
        <Tooltip title={keys.map((k) => labels.get(k) ?? k).join('、')}>
          <span className="acc-perm-tags">
            {keys.slice(0, SHOWN_PERMISSIONS).map((k) => (
              <Tag key={k}>{labels.get(k) ?? k}</Tag>
            ))}
            {keys.length > SHOWN_PERMISSIONS && <Typography.Text type="secondary">{t('roles.permissionCount', { count: keys.length })}</Typography.Text>}
          </span>
        </Tooltip>
      ),
    },
    { title: t('roles.accountCount'), dataIndex: 'account_count', width: 90, align: 'right' },
    { title: t('roles.createdAt'), dataIndex: 'created_at', width: 150, render: (v: string) => inChina(v).format('YYYY-MM-DD HH:mm') },
    {
      title: t('roles.actions'),
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`role-edit-${r.id}`}>
            {t('common.edit')}
          </Button>
          {r.account_count > 0 ? (
            <Tooltip title={t('roles.deleteInUse', { count: r.account_count })}>
              <Button type="link" size="small" danger disabled>
                {t('roles.delete')}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('roles.deleteConfirm', { name: r.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutateAsync(r.id).then(
                  () => void message.success(t('roles.deleted')),
                  (e: unknown) => showErrorOnce(e),
                )
              }
            >
              <Button type="link" size="small" danger data-testid={`role-delete-${r.id}`}>
                {t('roles.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  // 查询 (always fresh data) and 重置 — also from the "nothing matches" state, so the field clears too
  const search = () => filtered.search({ keyword: keyword.trim() || undefined });
  const reset = () => {
    setKeyword('');
    filtered.reset();
  };
  const view = useListTable(list, { ...filtered.source, reset }, { empty: t('roles.empty') });

  return (
    <Card
      size="small"
      variant={bordered ? 'outlined' : 'borderless'}
      title={t('roles.title')}
      extra={
        <Button type="primary" onClick={() => setEditing(null)} data-testid="role-new">
          {t('roles.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" className="acc-intro">
        {t('roles.intro')}
      </Typography.Paragraph>
      <Space wrap className="acc-filters">
        <Input allowClear className="acc-keyword" placeholder={t('roles.keyword')} maxLength={50} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={search} />
        <SearchResetButtons
          onSearch={search}
          onReset={reset}
          searchText={t('common.search')}
          resetText={t('common.reset')}
        />
      </Space>
      <ResponsiveTable<RoleRow>
        rowKey="id"
        columnsKey="roles"
        size="middle"
        columns={columns}
        {...view}
        scroll={{ x: 960 }}
        pagination={filtered.pagination(listTotal(list), (total) => t('common.total', { total }))}
        data-testid="role-table"
      />
      <RoleFormModal
        ns={ns}
        open={editing !== undefined}
        role={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          void message.success(t('roles.saved'));
          setEditing(undefined);
        }}
      />
    </Card>
  );
}
