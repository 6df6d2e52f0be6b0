import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import type { AccountNamespace, accountSort, SortKeyOf, SubAccount } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { useAccountList, useAccountStatus, useDeleteAccount, useRoleOptions } from '../api';
import { useAt } from '../i18n';
import { useMyAccountId } from '../portal';
import { AccountFormModal } from './AccountFormModal';
import { ResetPasswordModal } from './ResetPasswordModal';
import { SearchResetButtons } from '../../../components/SearchResetButtons';
import { listTotal, useListTable } from '../../../components/ListState';
import { useFilteredList } from '../../../components/useFilteredList';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

interface Filters {
  keyword?: string;
  status?: 0 | 1;
  role_id?: string;
}

const time = (v: string | null) => (v ? inChina(v).format('YYYY-MM-DD HH:mm') : null);

/**
 * 子账号管理: search, filter, paginate; create/edit, enable/disable, reset password, delete. A failed
 * load shows its reason and 重试, a filtered search without accounts says so with 重置.
 */
export function AccountList({ ns, onGoRoles }: { ns: AccountNamespace; onGoRoles?: () => void }) {
  const t = useAt();
  const { message } = App.useApp();
  const me = useMyAccountId();
  const filtered = useFilteredList<Filters, SortKeyOf<typeof accountSort>>();
  const { filters, page, sorter } = filtered;
  const [draft, setDraft] = useState<Filters>({});
  const list = useAccountList(ns, { page: page.page, page_size: page.size, ...filters, ...filtered.sort });
  const roles = useRoleOptions(ns);
  const status = useAccountStatus(ns);
  const remove = useDeleteAccount(ns);
  const [editing, setEditing] = useState<SubAccount | null | undefined>(undefined);
  const [resetting, setResetting] = useState<SubAccount | null>(null);

  // 查询 (always fresh data) and 重置 — also from the "nothing matches" state, so the fields clear too
  const search = (f: Filters) => {
    setDraft(f);
    filtered.search(f);
  };
  const reset = () => {
    setDraft({});
    filtered.reset();
  };
  const view = useListTable(list, { ...filtered.source, reset }, { empty: t('accounts.empty') });

  const columns: ColumnsType<SubAccount> = [
    {
      title: t('accounts.name'),
      dataIndex: 'name',
      width: 160,
      render: (v: string, r) => (
        <Space size={4}>
          <span>{v}</span>
          {r.id === me && <Tag>{t('accounts.self')}</Tag>}
        </Space>
      ),
    },
    { title: t('accounts.mobile'), dataIndex: 'mobile', width: 130 },
    { title: t('accounts.role'), dataIndex: 'role_name', width: 140, render: (v: string | null) => v ?? '—' },
    {
      title: t('accounts.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: number) => (v === 1 ? <Tag color="success">{t('accounts.enabled')}</Tag> : <Tag>{t('accounts.disabled')}</Tag>),
      ...sorter.by('status'),
    },
    {
      title: t('accounts.lastLogin'),
      dataIndex: 'last_login_at',
      width: 150,
      render: (v: string | null) => time(v) ?? <Typography.Text type="secondary">{t('accounts.neverLoggedIn')}</Typography.Text>,
      ...sorter.by('last_login_at'),
    },
    { title: t('accounts.createdAt'), dataIndex: 'created_at', width: 150, render: (v: string) => time(v), ...sorter.by('created_at') },
    {
      title: t('accounts.actions'),
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_v, r) => {
        const self = r.id === me;
        const enabled = r.status === 1;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setEditing(r)} data-testid={`account-edit-${r.id}`}>
              {t('common.edit')}
            </Button>
            <Button type="link" size="small" disabled={self} onClick={() => setResetting(r)}>
              {t('accounts.resetPassword')}
            </Button>
            <Popconfirm
              title={enabled ? t('accounts.disableConfirm', { name: r.name }) : t('accounts.enableConfirm', { name: r.name })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ danger: enabled }}
              disabled={self}
              onConfirm={() =>
                status.mutateAsync({ id: r.id, status: enabled ? 0 : 1 }).then(
                  () => void message.success(enabled ? t('accounts.disabledDone') : t('accounts.enabledDone')),
                  (e: unknown) => showErrorOnce(e),
                )
              }
            >
              <Button type="link" size="small" danger={enabled} disabled={self} data-testid={`account-status-${r.id}`}>
                {enabled ? t('accounts.disable') : t('accounts.enable')}
              </Button>
            </Popconfirm>
            {r.can_delete && !self ? (
              <Popconfirm
                title={t('accounts.deleteConfirm', { name: r.name })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() =>
                  remove.mutateAsync(r.id).then(
                    () => void message.success(t('accounts.deleted')),
                    (e: unknown) => showErrorOnce(e),
                  )
                }
              >
                <Button type="link" size="small" danger data-testid={`account-delete-${r.id}`}>
                  {t('accounts.delete')}
                </Button>
              </Popconfirm>
            ) : (
              <Tooltip title={self ? undefined : t('accounts.deleteUsedHint')}>
                <Button type="link" size="small" danger disabled>
                  {t('accounts.delete')}
                </Button>
              </Tooltip>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card
      size="small"
      title={t('accounts.title')}
      extra={
        <Button type="primary" onClick={() => setEditing(null)} data-testid="account-new">
          {t('accounts.create')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" className="acc-intro">
        {t('accounts.intro')}
      </Typography.Paragraph>
      <Space wrap className="acc-filters">
        <Input
          allowClear
          className="acc-keyword"
          placeholder={t('accounts.keyword')}
          maxLength={50}
          value={draft.keyword ?? ''}
          onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
          onPressEnter={() => search({ ...draft, keyword: draft.keyword?.trim() || undefined })}
          data-testid="account-keyword"
        />
        <Select<number | ''>
          className="acc-select"
          value={draft.status ?? ''}
          onChange={(v) => search({ ...draft, status: v === '' ? undefined : (v as 0 | 1) })}
          options={[
            { value: '', label: t('accounts.allStatus') },
            { value: 1, label: t('accounts.enabled') },
            { value: 0, label: t('accounts.disabled') },
          ]}
        />
        <Select<string>
          className="acc-select"
          value={draft.role_id ?? ''}
          onChange={(v) => search({ ...draft, role_id: v || undefined })}
          options={[{ value: '', label: t('accounts.allRoles') }, ...(roles.data ?? [])]}
        />
        <SearchResetButtons
          onSearch={() => search({ ...draft, keyword: draft.keyword?.trim() || undefined })}
          onReset={reset}
          searchText={t('common.search')}
          resetText={t('common.reset')}
        />
      </Space>
      <ResponsiveTable<SubAccount>
        rowKey="id"
        columnsKey="accounts"
        size="middle"
        columns={columns}
        {...view}
        scroll={{ x: 1080 }}
        pagination={filtered.pagination(listTotal(list), (total) => t('common.total', { total }))}
        onChange={sorter.onChange}
        data-testid="account-table"
      />
      <AccountFormModal
        ns={ns}
        open={editing !== undefined}
        account={editing ?? null}
        onClose={() => setEditing(undefined)}
        onGoRoles={onGoRoles ? () => { setEditing(undefined); onGoRoles(); } : undefined}
        onSaved={(_a, created) => {
          void message.success(created ? t('accounts.created') : t('accounts.saved'));
          setEditing(undefined);
        }}
      />
      <ResetPasswordModal ns={ns} account={resetting} onClose={() => setResetting(null)} />
    </Card>
  );
}
