import { useState } from 'react';
import { lazyRetry } from '../../../lib/lazyRetry';
import { LazyPart } from '../../../components/LazyPart';
import { App, Button, Card, Input, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { templateKinds, type TemplateKind, type TemplateNamespace, type TemplateSummary } from '@gemqc/contract';
import { showErrorOnce } from '../../../lib/request';
import { useHasPermission } from '../../../session/permissions';
import { useDeleteTemplate, useFetchTemplateDetail, useSetDefaultTemplate, useTemplateList, type TemplateListQuery } from '../api';
import { useTt } from '../i18n';
import { templatePaths } from '../paths';
import { NewTemplateModal } from './NewTemplateModal';

/** The import dialog and the kr format code load when first used (not with the list). */
const KrImportModal = lazyRetry(() => import('./KrImportModal').then((m) => ({ default: m.KrImportModal })));
import { SearchResetButtons } from '../../../components/SearchResetButtons';
import { listTotal, useListTable } from '../../../components/ListState';
import { useUrlList } from '../../../components/useUrlList';
import { toUrlParams } from '../../../lib/listQuery';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { inChina } from '../../../lib/chinaTime';

const isKind = (v: string | null): v is TemplateKind => (templateKinds as readonly (string | null)[]).includes(v);

const PAGE_SIZE = 20;

/** The filters of the list, as the URL keeps them. */
interface Filters {
  kind?: TemplateKind;
  keyword?: string;
}

type Query = TemplateListQuery;

function queryOf(sp: URLSearchParams): { query: Query; values: Filters } {
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const size = Number(sp.get('page_size')) || PAGE_SIZE;
  const kind = sp.get('kind');
  const keyword = (sp.get('keyword') ?? '').trim();
  const values: Filters = { ...(isKind(kind) ? { kind } : {}), ...(keyword ? { keyword } : {}) };
  return { query: { page, page_size: Math.min(100, Math.max(1, size)), ...values }, values };
}

/** Filters + page → the URL (page 1, the default size and empty filters left out). */
const toParams = (v: Filters, page: number, pageSize: number) => toUrlParams({ keyword: v.keyword?.trim(), kind: v.kind, page, page_size: pageSize }, PAGE_SIZE);

/**
 * The centre's templates: search by name, filter by kind, paginate; edit, set default, delete, new.
 * A failed load shows its reason and 重试, a filtered search without templates says so with 重置.
 */
export function TemplateList({ ns, configBase }: { ns: TemplateNamespace; configBase: string }) {
  const t = useTt();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const url = useUrlList(queryOf, toParams);
  const { query, values } = url;
  const list = useTemplateList(ns, query);
  const remove = useDeleteTemplate(ns);
  const setDefault = useSetDefaultTemplate(ns);
  const [keyword, setKeyword] = useState(query.keyword ?? '');
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const fetchDetail = useFetchTemplateDetail(ns);

  /** 导出: the template as a kr-print-designer JSON file, downloaded under the template's name. */
  const exportTemplate = async (r: TemplateSummary) => {
    try {
      const [{ krFileText, safeParseTemplate }, detail] = await Promise.all([import('@gemqc/label-designer/model'), fetchDetail(r.id)]);
      const parsed = safeParseTemplate(detail.template);
      if (!parsed.ok) return void message.error(t('exportFailed'));
      const url = URL.createObjectURL(new Blob([krFileText(parsed.template)], { type: 'application/json' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `${r.name}.json`;
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      showErrorOnce(e);
    }
  };
  const canManage = useHasPermission('template.manage');

  // 查询 (always fresh data) with the typed keyword; 重置 — also from "nothing matches" — clears the field too
  const search = (over: Filters = {}) => url.search({ ...values, keyword: keyword.trim() || undefined, ...over });
  const reset = () => {
    setKeyword('');
    url.reset();
  };
  const view = useListTable(list, { ...url.source, reset }, { empty: t('empty') });

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
    { title: t('updatedAt'), dataIndex: 'updated_at', width: 170, render: (v: string) => inChina(v).format('YYYY-MM-DD HH:mm:ss') },
    {
      title: t('actions'),
      key: 'actions',
      width: 270,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={4}>
          <Button type="link" size="small" onClick={() => navigate(templatePaths.edit(configBase, r.id))}>
            {t('edit')}
          </Button>
          <Button type="link" size="small" onClick={() => void exportTemplate(r)} data-testid={`template-export-${r.id}`}>
            {t('export')}
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
          <Button onClick={() => setImporting(true)} disabled={!canManage} data-testid="template-import">
            {t('import')}
          </Button>
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
          onPressEnter={() => search()}
          className="tpl-keyword"
          data-testid="template-keyword"
        />
        <Select
          className="tpl-kind"
          value={query.kind || ''}
          onChange={(v: string) => search({ kind: isKind(v) ? v : undefined })}
          options={[{ value: '', label: t('allKinds') }, ...templateKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))]}
          data-testid="template-kind"
        />
        <SearchResetButtons
          onSearch={() => search()}
          onReset={reset}
          searchText={t('search')}
          resetText={t('reset')}
        />
      </Space>
      <ResponsiveTable<TemplateSummary>
        rowKey="id"
        columnsKey="templates"
        size="middle"
        columns={columns}
        {...view}
        scroll={{ x: 1300 }}
        // fits 1366–1440 px: 组件数, 版本 and 修改人 under 列设置 until shown
        defaultHiddenColumns={['item_count', 'version', 'updated_by_name']}
        pagination={url.pagination(listTotal(list), (total) => t('total', { total }))}
        data-testid="template-table"
      />
      {importing && (
        <LazyPart fallback={null}>
          <KrImportModal ns={ns} open onClose={() => setImporting(false)} />
        </LazyPart>
      )}
      <NewTemplateModal ns={ns} open={creating} onClose={() => setCreating(false)} onCreated={(id) => navigate(templatePaths.edit(configBase, id))} />
    </Card>
  );
}
