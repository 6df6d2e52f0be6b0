import { Card, DatePicker, Form, Input, Result, Select, Tag, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { auditKindValues, auditSortKeys, type AuditRow } from '@gemqc/contract';
import { ExportRefreshBar } from '../../../components/ExportRefreshBar';
import { FilterForm } from '../../../components/FilterForm';
import { listTotal, useListTable } from '../../../components/ListState';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { useUrlList } from '../../../components/useUrlList';
import { chinaNow, inChina } from '../../../lib/chinaTime';
import { exportFilters } from '../../../lib/listQuery';
import { ui } from '../../../lib/ui';
import { useAuditList, useExportAudit } from '../api';
import { AuditChanges } from '../components/AuditChanges';
import { auditFromSearchParams, auditSearchParams, type AuditFilterValues } from '../filters';
import { useAuditT } from '../i18n';
import { useAuditPortal } from '../portal';
import '../audit.css';

const KIND_COLORS: Record<string, string> = {
  fee_rule: 'blue',
  role: 'purple',
  sub_account: 'cyan',
  balance: 'green',
  inspection_result: 'orange',
  label_template: 'geekblue',
  intercept_policy: 'magenta',
  interception: 'red',
};

/**
 * 操作日志 of every portal (the merchant's, the warehouse's, the service centre's, the platform's):
 * who changed fee rules, roles, sub-accounts, balances, results and templates, when, from which
 * address, before → after. The signed-in portal decides which endpoint it reads (portal.ts); the
 * filters and the page live in the URL; 导出 downloads the same filters as an .xlsx.
 */
export default function AuditLogPage() {
  const t = useAuditT();
  const { ns, canView } = useAuditPortal();
  const url = useUrlList(auditFromSearchParams, auditSearchParams, auditSortKeys);
  const { query, values } = url;
  const list = useAuditList(ns, query, canView);
  const exporter = useExportAudit(ns);
  const view = useListTable(list, url.source, { empty: t('empty'), noMatchText: t('noMatch') });
  const [form] = Form.useForm<AuditFilterValues>();

  if (!canView) return <Result status="403" title="403" subTitle={t('noPermission')} />;

  const columns: ColumnsType<AuditRow> = [
    {
      title: t('columns.time'),
      dataIndex: 'created_at',
      width: 160,
      render: (v: string) => <span className="audit-time">{inChina(v).format('YYYY-MM-DD HH:mm:ss')}</span>,
      ...url.sorter.by('created_at'),
    },
    {
      title: t('columns.actor'),
      dataIndex: 'actor_name',
      width: 180,
      render: (v: string, r) => (
        <div className="audit-actor">
          <div>{v || '—'}</div>
          {r.actor_id && (
            <Typography.Text type="secondary" className="audit-small audit-actor-who">
              {[r.actor_mobile, r.actor_role === '主账号' ? t('owner') : r.actor_role].filter(Boolean).join(' · ')}
            </Typography.Text>
          )}
          <div>
            <Typography.Text type="secondary" className="audit-small">
              {t(`portals.${r.actor_type}`, { defaultValue: r.actor_type })}
            </Typography.Text>
            {r.actor_id && (
              <Typography.Text type="secondary" className="audit-small">
                {` · ${t('accountId')} ${r.actor_id}`}
              </Typography.Text>
            )}
          </div>
        </div>
      ),
    },
    {
      title: t('columns.kind'),
      dataIndex: 'kind',
      width: 110,
      render: (v: string, r) => <Tag color={KIND_COLORS[v]}>{t(`kinds.${v}`, { defaultValue: r.kind_text })}</Tag>,
    },
    { title: t('columns.action'), dataIndex: 'action', width: 80, render: (v: string, r) => t(`actions.${v}`, { defaultValue: r.action_text }) },
    { title: t('columns.object'), dataIndex: 'object_label', width: 170, render: (v: string) => <span className="audit-object">{v || '—'}</span> },
    { title: t('columns.ip'), dataIndex: 'ip', width: 130, render: (v: string) => <span className="audit-ip">{v || '—'}</span> },
    { title: t('columns.changes'), key: 'changes', render: (_v, r) => <AuditChanges row={r} /> },
  ];

  return (
    <div className="audit-page">
      <Card size="small">
        <Typography.Paragraph type="secondary" className="audit-intro">
          {t('intro')}
        </Typography.Paragraph>
        <FilterForm<AuditFilterValues>
          form={form}
          values={values}
          onSearch={url.search}
          onReset={url.reset}
          searchText={t('common.search')}
          resetText={t('common.reset')}
          className="audit-filters"
          data-testid="audit-filters"
        >
          <Form.Item name="dates" label={t('filters.dates')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: 250 }} disabledDate={(d) => d.isAfter(chinaNow(), 'day')} />
          </Form.Item>
          <Form.Item name="actor" label={t('filters.actor')}>
            <Input allowClear maxLength={50} style={{ width: 160 }} placeholder={t('filters.actorPlaceholder')} aria-label={t('filters.actor')} onPressEnter={() => form.submit()} />
          </Form.Item>
          <Form.Item name="kind" label={t('filters.kind')}>
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('common.all')}
              aria-label={t('filters.kind')}
              options={auditKindValues.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
            />
          </Form.Item>
          <Form.Item name="object" label={t('filters.object')}>
            <Input allowClear maxLength={50} style={{ width: 180 }} placeholder={t('filters.objectPlaceholder')} aria-label={t('filters.object')} onPressEnter={() => form.submit()} />
          </Form.Item>
        </FilterForm>
      </Card>
      <Card size="small">
        <ExportRefreshBar
          className="audit-toolbar"
          onExport={() => exporter.mutate(exportFilters(query), { onSuccess: () => void ui().message.success(t('common.exported')), onError: () => undefined })}
          exporting={exporter.isPending}
          exportText={t('common.export')}
          onRefresh={() => void list.refetch()}
          refreshText={t('common.refresh')}
        />
        <ResponsiveTable<AuditRow>
          rowKey="id"
          columnsKey={`${ns}.audit`}
          size="middle"
          columns={columns}
          onChange={url.sorter.onChange}
          {...view}
          scroll={{ x: 1060 }}
          pagination={url.pagination(listTotal(list), (total) => t('common.total', { total }))}
          data-testid="audit-table"
        />
      </Card>
    </div>
  );
}
