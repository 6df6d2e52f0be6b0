import { Typography } from 'antd';
import { auditChangedFields, auditFields, auditMoneyFields, auditValueText, type AuditRow, type AuditValue } from '@gemqc/contract';
import { formatFen } from '../../../lib/money';
import { useAuditT } from '../i18n';

type T = ReturnType<typeof useAuditT>;

/** A recorded value in words: money in yuan, yes/no, a result or template type by name, a list joined. */
export function auditValueWords(t: T, field: string, value: AuditValue | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && auditMoneyFields.includes(field)) return formatFen(value);
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (Array.isArray(value)) return value.length ? value.join(t('listSep')) : '—';
  if (field === 'result' || field === 'kind' || field === 'intercept_policy' || field === 'return_method') return t(`values.${field}.${String(value)}`, { defaultValue: auditValueText(field, value) });
  return String(value);
}

function fieldName(t: T, field: string): string {
  return t(`fields.${field}`, { defaultValue: (auditFields as Record<string, string>)[field] ?? field });
}

/** A list changed in place (a role's permissions): what was added and what was removed. */
function listDiff(t: T, before: string[], after: string[]) {
  const added = after.filter((x) => !before.includes(x));
  const removed = before.filter((x) => !after.includes(x));
  return (
    <>
      {added.length > 0 && <span className="audit-after">{`${t('added')} ${added.join(t('listSep'))}`}</span>}
      {added.length > 0 && removed.length > 0 && t('partSep')}
      {removed.length > 0 && <span className="audit-before">{`${t('removed')} ${removed.join(t('listSep'))}`}</span>}
    </>
  );
}

/**
 * 变更 of one entry, a line per field the change touched: "检测费：¥30.00 → ¥33.00" for an
 * update, the values alone for something created (after) or deleted (before, struck through).
 */
export function AuditChanges({ row }: { row: AuditRow }) {
  const t = useAuditT();
  const fields = auditChangedFields(row.before, row.after);
  if (fields.length === 0) return <Typography.Text type="secondary">{t('noFields')}</Typography.Text>;
  const { before, after } = row;
  return (
    <div className="audit-changes">
      {fields.map((f) => {
        const b = before?.[f];
        const a = after?.[f];
        // a field only one side recorded (a top-up's amount and note): that side alone
        const hasB = !!before && f in before;
        const hasA = !!after && f in after;
        let value;
        if (hasB && hasA && Array.isArray(b) && Array.isArray(a)) value = listDiff(t, b, a);
        else if (hasB && hasA)
          value = (
            <>
              <span className="audit-before">{auditValueWords(t, f, b)}</span>
              <span className="audit-arrow"> → </span>
              <span className="audit-after">{auditValueWords(t, f, a)}</span>
            </>
          );
        else if (hasA) value = <span className="audit-after">{auditValueWords(t, f, a)}</span>;
        else value = <span className={`audit-before${after ? '' : ' audit-deleted'}`}>{auditValueWords(t, f, b)}</span>;
        return (
          <div key={f} className="audit-change" data-field={f}>
            <span className="audit-field">{fieldName(t, f)}</span>
            {t('colon')}
            {value}
          </div>
        );
      })}
    </div>
  );
}
