import { Alert, Button, Descriptions, Drawer, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { statementTypeValues, type LedgerRow, type SortKeyOf, type statementDetailSort, type StatementRow, type StatementType } from '@gemqc/contract';
import { formatFen } from '../../../lib/money';
import { useExportStatementDetail, useStatementDetail, type StatementFilters } from '../api';
import { useSt } from '../i18n';
import { DifferenceTag, StatusTag, TYPE_COLORS } from './tags';
import { listPagination } from '../../../components/listPagination';
import { listTotal, useListTable } from '../../../components/ListState';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { useListSort } from '../../../components/tableSort';
import { inChina } from '../../../lib/chinaTime';

interface Props {
  /** The merchant whose entries are shown (null: closed). */
  merchant: { id: string; name: string } | null;
  period: Pick<StatementFilters, 'month' | 'start_date' | 'end_date'>;
  periodLabel: string;
  canExport: boolean;
  onClose: () => void;
}

/**
 * The ledger entries behind one merchant's statement, with its totals and confirmation. A failed
 * load shows its reason and 重试; a type without entries says nothing matches with 重置 (all types).
 */
export function StatementDetailDrawer({ merchant, period, periodLabel, canExport, onClose }: Props) {
  const t = useSt();
  const [type, setType] = useState<StatementType | undefined>();
  const [page, setPage] = useState({ page: 1, size: 20 });
  const sorter = useListSort<SortKeyOf<typeof statementDetailSort>>(() => setPage((p) => ({ ...p, page: 1 })));
  const base = merchant ? { ...period, merchant_id: merchant.id, ...(type ? { type } : {}) } : null;
  const q = useStatementDetail(base ? { ...base, ...sorter.sort, page: page.page, page_size: page.size } : null);
  const exporter = useExportStatementDetail();
  const pickType = (v: StatementType | undefined) => {
    setType(v);
    setPage((p) => ({ ...p, page: 1 }));
  };
  // the type is the only filter (picking one loads it; no 查询 here)
  const view = useListTable(q, { filtered: type !== undefined, reset: () => pickType(undefined), refreshToken: 0 }, { empty: t('empty') });
  const d = q.isError ? undefined : q.data;
  const s: StatementRow | undefined = d?.statement;

  return (
    <Drawer
      open={merchant !== null}
      onClose={() => {
        pickType(undefined);
        sorter.reset();
        onClose();
      }}
      size={typeof window === 'undefined' ? 960 : Math.min(960, window.innerWidth)}
      title={merchant ? t('detailTitle', { name: merchant.name, period: periodLabel }) : ''}
      data-testid="statement-drawer"
      destroyOnHidden
    >
      {s && (
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered className="stmt-desc">
          {s.totals.map((x) => (
            <Descriptions.Item key={x.type} label={t(`types.${x.type}`, { defaultValue: x.type_text })}>
              <span className="stmt-amount">{formatFen(x.amount)}</span> <Typography.Text type="secondary">{t('count', { n: x.count, count: x.count })}</Typography.Text>
            </Descriptions.Item>
          ))}
          <Descriptions.Item label={t('items')}>{s.item_count}</Descriptions.Item>
          <Descriptions.Item label={t('net')}>
            <strong className="stmt-amount">{formatFen(s.net_amount)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <Space size={4}>
              <StatusTag row={s} />
              <DifferenceTag row={s} />
            </Space>
          </Descriptions.Item>
        </Descriptions>
      )}
      {s?.confirmed && (
        <Alert
          className="stmt-alert"
          type={s.difference ? 'warning' : 'success'}
          showIcon
          title={`${t('confirmedBy', { name: s.confirmed.confirmed_by_name, time: inChina(s.confirmed.confirmed_at).format('YYYY-MM-DD HH:mm') })}${t('clauseSep')}${t('confirmedAmount')} ${formatFen(s.confirmed.net_amount)}`}
          description={
            s.difference || s.entry_count !== s.confirmed.entry_count
              ? t('differenceHint', { n: s.entry_count - s.confirmed.entry_count, count: s.entry_count - s.confirmed.entry_count, amount: formatFen(s.difference ?? 0) })
              : undefined
          }
        />
      )}
      <Space wrap className="stmt-filters">
        <Select<StatementType>
          allowClear
          style={{ width: 140 }}
          placeholder={t('typeAll')}
          value={type}
          aria-label={t('type')}
          onChange={pickType}
          options={statementTypeValues.map((v) => ({ value: v, label: t(`types.${v}`) }))}
        />
        {canExport && base && (
          <Button loading={exporter.isPending} onClick={() => exporter.mutate(base, { onError: () => undefined })}>
            {t('exportDetail')}
          </Button>
        )}
      </Space>
      <ResponsiveTable<LedgerRow>
        rowKey="id"
        size="small"
        {...view}
        scroll={{ x: 860 }}
        pagination={listPagination({ page: page.page, pageSize: page.size, total: listTotal(q), showTotal: (total) => t('total', { total }), onChange: (p, size) => setPage({ page: p, size }) })}
        onChange={sorter.onChange}
        columns={[
          { title: t('time'), dataIndex: 'created_at', width: 140, render: (v: string) => inChina(v).format('YYYY-MM-DD HH:mm'), ...sorter.by('created_at') },
          { title: t('type'), dataIndex: 'type', width: 90, render: (v: string, r) => <Tag color={TYPE_COLORS[v]}>{t(`types.${v}`, { defaultValue: r.type_text })}</Tag> },
          {
            title: t('amount'),
            dataIndex: 'amount',
            width: 110,
            align: 'right',
            // the ledger books charges negative; the statement shows what the merchant owes (and sorts by it)
            render: (v: number) => <span className={`stmt-amount${v > 0 ? ' stmt-negative' : ''}`}>{formatFen(-v)}</span>,
            ...sorter.by('amount'),
          },
          { title: t('orderNo'), dataIndex: 'order_no', width: 170, render: (v: string | null) => v || '—' },
          { title: t('item'), dataIndex: 'item_name', ellipsis: true, render: (v: string | null) => v || '—' },
          { title: t('operator'), dataIndex: 'operator_name', width: 130, ellipsis: true, render: (v: string) => v || '—' },
          { title: t('note'), dataIndex: 'note', ellipsis: true, render: (v: string) => v || '—' },
        ]}
      />
    </Drawer>
  );
}
