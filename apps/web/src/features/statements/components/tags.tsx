import { Tag, Tooltip } from 'antd';
import type { StatementRow } from '@gemqc/contract';
import { formatFen } from '../../../lib/money';
import { useSt } from '../i18n';
import { inChina } from '../../../lib/chinaTime';

export const TYPE_COLORS: Record<string, string> = { INSPECTION: 'blue', CERTIFICATE: 'geekblue', REVERSAL: 'orange', ADJUSTMENT: 'purple' };

/** Draft or confirmed (who and when on hover); nothing for a date range. */
export function StatusTag({ row }: { row: StatementRow }) {
  const t = useSt();
  if (!row.status) return <span>—</span>;
  const tag = (
    <Tag color={row.status === 'confirmed' ? 'green' : 'gold'} data-testid={`stmt-status-${row.merchant_id}`}>
      {t(`statuses.${row.status}`, { defaultValue: row.status_text })}
    </Tag>
  );
  return row.confirmed ? (
    <Tooltip title={t('confirmedBy', { name: row.confirmed.confirmed_by_name, time: inChina(row.confirmed.confirmed_at).format('YYYY-MM-DD HH:mm') })}>{tag}</Tooltip>
  ) : (
    tag
  );
}

/** A confirmed statement whose entries changed afterwards: the difference to the stored amount. */
export function DifferenceTag({ row }: { row: StatementRow }) {
  const t = useSt();
  if (!row.confirmed || (!row.difference && row.entry_count === row.confirmed.entry_count)) return null;
  return (
    <Tooltip title={t('differenceHint', { n: row.entry_count - row.confirmed.entry_count, count: row.entry_count - row.confirmed.entry_count, amount: formatFen(row.difference ?? 0) })}>
      <Tag color="red" data-testid={`stmt-diff-${row.merchant_id}`}>
        {t('difference')} {formatFen(row.difference ?? 0)}
      </Tag>
    </Tooltip>
  );
}
