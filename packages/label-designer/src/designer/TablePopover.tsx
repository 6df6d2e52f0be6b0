import { useMemo, useState, type ReactElement } from 'react';
import { SEQ_COLUMN } from '../model/defaults';
import type { FieldDef, TableColumn } from '../model/types';
import { translate, type Locale } from '../i18n';

export interface TableChoice {
  /** The list field whose rows fill the table ('' when the host offers none). */
  source: string;
  columnsAttr: TableColumn[];
  chosen: string[];
}

/** Column chooser shown before a table is added (spec §4), and to change a table's columns. */
export function TablePopover({ fields, locale, initial, onConfirm, onCancel }: {
  fields: FieldDef[];
  locale?: Locale;
  initial?: { source: string; chosen: string[] };
  onConfirm: (c: TableChoice) => void;
  onCancel: () => void;
}): ReactElement {
  const t = (k: Parameters<typeof translate>[1]) => translate(locale, k);
  const sources = useMemo(() => fields.filter((f) => f.columns && f.columns.length), [fields]);
  const [source, setSource] = useState(initial?.source ?? sources[0]?.name ?? '');
  // The row-number column always comes first, once: a host's list field may already offer `_seq`.
  const columnsAttr = useMemo<TableColumn[]>(() => {
    const cols = sources.find((s) => s.name === source)?.columns ?? [];
    return [cols.find((c) => c.name === SEQ_COLUMN.name) ?? SEQ_COLUMN, ...cols.filter((c) => c.name !== SEQ_COLUMN.name)];
  }, [sources, source]);
  const [chosen, setChosen] = useState<string[]>(initial?.chosen ?? []);
  const toggle = (name: string, on: boolean): void => {
    // Keep the order of columnsAttr so the table reads the way the list is shown.
    const next = new Set(chosen);
    if (on) next.add(name);
    else next.delete(name);
    setChosen(columnsAttr.map((c) => c.name).filter((n) => next.has(n)));
  };
  return (
    <div className="gq-popover" role="dialog" aria-label={t('chooseColumns')} data-testid="table-popover">
      <div className="gq-popover-title">{t('chooseColumns')}</div>
      {sources.length > 0 ? (
        <label className="gq-popover-row">
          {t('listField')}
          <select data-testid="table-source" value={source} onChange={(e) => { setSource(e.target.value); setChosen([]); }}>
            {sources.map((s) => (
              <option key={s.name} value={s.name}>{s.title}</option>
            ))}
          </select>
        </label>
      ) : null}
      <div className="gq-popover-cols">
        {columnsAttr.map((c) => (
          <label key={c.name} className="gq-popover-row">
            <input type="checkbox" data-testid={`table-col-${c.name}`} checked={chosen.includes(c.name)} onChange={(e) => toggle(c.name, e.target.checked)} />
            {c.title}
          </label>
        ))}
      </div>
      <div className="gq-popover-actions">
        <button type="button" data-testid="table-cancel" onClick={onCancel}>{t('cancel')}</button>
        <button type="button" className="gq-primary" data-testid="table-confirm" disabled={chosen.length === 0} onClick={() => onConfirm({ source, columnsAttr, chosen })}>
          {t('confirm')}
        </button>
      </div>
    </div>
  );
}
