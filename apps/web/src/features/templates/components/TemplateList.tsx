import { useMemo, useState } from 'react';
import { App, Button, Card, Input, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate, useSearchParams } from 'react-router';
import dayjs from 'dayjs';
import { templateKinds, type TemplateKind, type TemplateNamespace, type TemplateSummary } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { useHasPermission } from '../../printers';
import { useDeleteTemplate, useSetDefaultTemplate, useTemplateList, type TemplateListQuery } from '../api';
import { useTt } from '../i18n';
import { templatePaths } from '../paths';
import { NewTemplateModal } from './NewTemplateModal';
import { listPagination } from '../../../components/listPagination';
import { SearchResetButtons } from '../../../components/SearchResetButtons';

const isKind = (v: string | null): v is TemplateKind => (templateKinds as readonly (string | null)[]).includes(v);

function queryOf(sp: URLSearchParams): TemplateListQuery {
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const size = Number(sp.get('page_size')) || 20;
  const kind = sp.get('kind');
  const keyword = (sp.get('keyword') ?? '').trim();
  return { page, page_size: Math.min(100, Math.max(1, size)), ...(isKind(kind) ? { kind } : {}), ...(keyword ? { keyword } : {}) };
}

/** The centre's templates: search by name, filter by kind, paginate; edit, set default, delete, new. */
export function TemplateList({ ns, configBase }: { ns: TemplateNamespace; configBase: string }) {
  const t = useTt();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [sp, setSp] = useSearchParams();
  const query = useMemo(() => queryOf(sp), [sp]);
  const list = useTemplateList(ns, query);
  const remove = useDeleteTemplate(ns);
  const setDefault = useSetDefaultTemplate(ns);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const [creating, setCreating] = useState(false);
  const canManage = useHasPermission('template.manage');

  const go = (q: TemplateListQuery) => {
    const next = new URLSearchParams();
    if (q.keyword) next.set('keyword', String(q.keyword));
    if (q.kind) next.set('kind', String(q.kind));
    if (q.page && q.page !== 1) next.set('page', String(q.page));
    if (q.page_size && q.page_size !== 20) next.set('page_size', String(q.page_size));
    setSp(next);
  };

  const columns: ColumnsType<TemplateSummary> = [
    {
      title: t('name'),
      dataIndex: 'name',
      width: 300,
      render: (_v, r) => (
        <Space size={6}>
          <Link to={templatePaths.edit(configBase, r.id)} data-testid={`template-name-${r.id}`}>
            {r.name}
          </Link>
          {r.is_default && <Tag color="blue">{t('defaultTag')}</Tag>}
        </Space>
      ),
    },
    { title: t('type'), dataIndex: 'kind', width: 120, render: (k: TemplateKind) => t(`kind.${k}`) },
    { title: t('paper'), key: 'paper', width: 110, render: (_v, r) => `${r.page_width} × ${r.page_height}` },
    { title: t('items'), dataIndex: 'item_count', width: 80, align: 'right' },
    { title: t('version'), dataIndex: 'version', width: 70, align: 'right' },
    { title: t('updatedBy'), dataIndex: 'updated_by_name', width: 180, ellipsis: true },
    { title: t('updatedAt'), dataIndex: 'updated_at', width: 170, render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
    {
      title: t('actions'),
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => navigate(templatePaths.edit(configBase, r.id))}>
            {t('edit')}
          </Button>
          <Button
            type="link"
            size="small"
            disabled={r.is_default || !canManage}
            loading={setDefault.isPending && setDefault.variables === r.id}
            onClick={() => setDefault.mutate(r.id, { onSuccess: () => void message.success(t('defaultSet')), onError: (e) => showErrorOnce(e) })}
          >
            {t('setDefault')}
          </Button>
          {!canManage ? null : r.is_default ? (
            <Tooltip title={t('deleteDefaultHint')}>
              <Button type="link" size="small" danger disabled>
                {t('delete')}
              </Button>
            </Tooltip>
          ) : (
            <Popconfirm
              title={t('deleteConfirm', { name: r.name })}
              okText={t('confirm')}
              cancelText={t('cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutateAsync(r.id).then(
                  () => void message.success(t('deleted')),
                  (e: unknown) => showErrorOnce(e),
                )
              }
            >
              <Button type="link" size="small" danger data-testid={`template-delete-${r.id}`}>
                {t('delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('title')}
      extra={
        <Space>
          <Link to={templatePaths.printer(configBase)}>{t('printerConfig')}</Link>
          <Button type="primary" onClick={() => setCreating(true)} disabled={!canManage} data-testid="template-new">
            {t('create')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" className="tpl-intro">
        {t('intro')}
      </Typography.Paragraph>
      <Space wrap className="tpl-filters">
        <Input
          allowClear
          placeholder={t('keyword')}
          value={keyword}
          maxLength={50}
          onChange={(e) => setKeyword(e.target.value)}
          onPressEnter={() => go({ ...query, keyword: keyword.trim() || undefined, page: 1 })}
          className="tpl-keyword"
          data-testid="template-keyword"
        />
        <Select
          className="tpl-kind"
          value={query.kind || ''}
          onChange={(v: string) => go({ ...query, kind: isKind(v) ? v : undefined, page: 1 })}
          options={[{ value: '', label: t('allKinds') }, ...templateKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))]}
          data-testid="template-kind"
        />
        <SearchResetButtons
          onSearch={() => go({ ...query, keyword: keyword.trim() || undefined, page: 1 })}
          onReset={() => {
            setKeyword('');
            go({ page: 1, page_size: query.page_size });
          }}
          searchText={t('search')}
          resetText={t('reset')}
        />
      </Space>
      <Table<TemplateSummary>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ x: 1250 }}
        locale={{ emptyText: t('empty') }}
        pagination={listPagination({
          page: query.page,
          pageSize: query.page_size,
          total: list.data?.total,
          showTotal: (total) => t('total', { total }),
          onChange: (page, pageSize) => go({ ...query, page, page_size: pageSize }),
        })}
        data-testid="template-table"
      />
      <NewTemplateModal ns={ns} open={creating} onClose={() => setCreating(false)} onCreated={(id) => navigate(templatePaths.edit(configBase, id))} />
    </Card>
  );
}
