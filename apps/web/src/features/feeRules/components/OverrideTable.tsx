import { useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Select, Space, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import type { FeeOverrideRow, FeeRuleNamespace, FeeRuleRow } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { useDeleteFeeOverride, useFeeOverrides } from '../api';
import { useFt } from '../i18n';
import { fenLabel } from '../../../lib/money';
import { OverrideModal } from './OverrideModal';
import { SearchResetButtons } from '../../../components/SearchResetButtons';
import { listTotal, useListTable } from '../../../components/ListState';
import { useFilteredList } from '../../../components/useFilteredList';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

interface Filters {
  keyword?: string;
  category_id?: string;
}

/**
 * 商家专属收费: the centre's per-merchant prices, searchable, with create/edit/delete. A failed load
 * shows its reason and 重试, a search without matching prices says so with 重置.
 */
export function OverrideTable({ ns, categories, canEdit }: { ns: FeeRuleNamespace; categories: FeeRuleRow[]; canEdit: boolean }) {
  const t = useFt();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const filtered = useFilteredList<Filters>();
  const { filters, page } = filtered;
  const list = useFeeOverrides(ns, { page: page.page, page_size: page.size, ...filters });
  const remove = useDeleteFeeOverride(ns);
  const [editing, setEditing] = useState<FeeOverrideRow | null | undefined>(undefined);

  const columns: ColumnsType<FeeOverrideRow> = [
    { title: t('overrides.merchant'), dataIndex: 'merchant_name', width: 150, ellipsis: true },
    { title: t('category'), dataIndex: 'category_name', width: 110 },
    { title: t('inspectionFee'), dataIndex: 'inspection_fee', width: 120, render: (v: number) => <span className="fee-amount">{fenLabel(v)}</span> },
    { title: t('certificateFee'), dataIndex: 'certificate_fee', width: 120, render: (v: number) => <span className="fee-amount">{fenLabel(v)}</span> },
    {
      title: t('overrides.standard'),
      key: 'standard',
      width: 150,
      render: (_v, r) => (
        <Typography.Text type="secondary">
          {fenLabel(r.base_inspection_fee) ?? t('notSet')} / {fenLabel(r.base_certificate_fee) ?? t('notSet')}
        </Typography.Text>
      ),
    },
    { title: t('updatedBy'), dataIndex: 'updated_by_name', width: 140, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: t('updatedAt'), dataIndex: 'updated_at', width: 150, render: (v: string) => inChina(v).format('YYYY-MM-DD HH:mm') },
  ];
  if (canEdit) {
    columns.push({
      title: t('actions'),
      key: 'actions',
      width: 120,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(r)}>
            {t('edit')}
          </Button>
          <Popconfirm
            title={t('overrides.deleteConfirm', { merchant: r.merchant_name, category: r.category_name })}
            okText={t('confirm')}
            cancelText={t('cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove.mutateAsync(r.id).then(
                () => void message.success(t('overrides.deleted')),
                (e: unknown) => showErrorOnce(e),
              )
            }
          >
            <Button type="link" size="small" danger data-testid={`override-delete-${r.id}`}>
              {t('overrides.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  // 查询 (always fresh data) with the typed keyword; 重置 — also from "nothing matches" — clears the field too
  const search = (over: Filters = {}) => filtered.search({ ...filters, keyword: keyword.trim() || undefined, ...over });
  const reset = () => {
    setKeyword('');
    filtered.reset();
  };
  const view = useListTable(list, { ...filtered.source, reset }, { empty: t('overrides.empty') });

  return (
    <Card
      size="small"
      title={t('overrides.title')}
      className="fee-card"
      extra={
        canEdit && (
          <Button type="primary" onClick={() => setEditing(null)} data-testid="override-new">
            {t('overrides.create')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary" className="fee-intro">
        {t('overrides.intro')}
      </Typography.Paragraph>
      <Space wrap className="fee-filters">
        <Input allowClear className="fee-keyword" placeholder={t('overrides.merchantKeyword')} maxLength={50} value={keyword} onChange={(e) => setKeyword(e.target.value)} onPressEnter={() => search()} />
        <Select<string>
          className="fee-select"
          value={filters.category_id ?? ''}
          onChange={(v) => search({ category_id: v || undefined })}
          options={[{ value: '', label: t('overrides.allCategories') }, ...categories.map((c) => ({ value: c.category_id, label: c.category_name }))]}
        />
        <SearchResetButtons
          onSearch={() => search()}
          onReset={reset}
          searchText={t('search')}
          resetText={t('reset')}
        />
      </Space>
      <ResponsiveTable<FeeOverrideRow>
        rowKey="id"
        columnsKey="feeOverrides"
        size="middle"
        columns={columns}
        {...view}
        scroll={{ x: 1040 }}
        pagination={filtered.pagination(listTotal(list), (total) => t('total', { total }))}
        data-testid="override-table"
      />
      <OverrideModal
        ns={ns}
        open={editing !== undefined}
        override={editing ?? null}
        categories={categories}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          void message.success(t('saved'));
          setEditing(undefined);
        }}
      />
    </Card>
  );
}
