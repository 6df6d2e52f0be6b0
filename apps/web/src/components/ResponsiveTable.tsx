import { SettingOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Empty, Grid, Pagination, Popover, Radio, Select, Spin, Table } from 'antd';
import type { TableColumnType, TablePaginationConfig, TableProps } from 'antd';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { getItem, setItem } from '../lib/storage';
import { useLst } from './i18n';
import './ResponsiveTable.css';

/**
 * Every list of the app: an antd Table from 992 px up, and below it (phones; spec: the mobile
 * breakpoint) one card per row — the first column as the card's head, the other columns as
 * label/value lines, the actions column at the bottom — from the same column definitions, so each
 * row's fields and actions are reachable without scrolling sideways. Selection, row clicks,
 * expanded rows, paging (server or local) and sorting work in both layouts.
 *
 * A page's main list gives `columnsKey`: its columns can be shown or hidden (列设置, remembered per
 * user: on the server when the scope has `prefs`, so they follow the user to another browser, and
 * in this browser's localStorage for an instant first render) and its header sticks under the
 * fixed navbar. `defaultHiddenColumns` names the columns left out until the user shows them under
 * 列设置, so the list fits 1366–1440 px screens without scrolling sideways (the pinned 操作 column
 * then never covers a column); the page's `scroll.x` is recomputed from the columns shown.
 */

/**
 * The signed-in account's 列设置 on the server (the shell gives it; accountPrefsApi): `load` answers
 * the hidden column ids of a list (null: never saved; rejects when unreachable), `save` stores them.
 */
export interface ColumnPrefs {
  load(list: string): Promise<string[] | null>;
  save(list: string, hidden: string[]): void;
}

/** Who is signed in (column choices are theirs) and how far from the top a sticky header sticks. */
export interface TableScope {
  userId: string;
  stickyOffset: number;
  prefs?: ColumnPrefs;
}
export const TableScopeContext = createContext<TableScope>({ userId: '', stickyOffset: 0 });

type Column<T> = TableColumnType<T> & { children?: Column<T>[] };

export type ResponsiveTableProps<T> = TableProps<T> & {
  /** Names a page's main list: 列设置 remembered per user under it, and a sticky header. */
  columnsKey?: string;
  /** What phones show under the cards instead of the table's `summary` row (totals). */
  mobileSummary?: ReactNode;
  /** Column ids (key or dataIndex) hidden until the user shows them under 列设置 (with `columnsKey`). */
  defaultHiddenColumns?: readonly string[];
};

/** Phones and small tablets: below antd's lg breakpoint (992 px, the app's mobile breakpoint). */
export function useIsPhone(): boolean {
  const screens = Grid.useBreakpoint();
  return screens.lg === false;
}

/** A column's identity: its key, else its dataIndex, else its position. */
export function columnId<T>(c: Column<T>, i: number): string {
  if (c.key !== undefined && c.key !== null) return String(c.key);
  if (Array.isArray(c.dataIndex)) return c.dataIndex.join('.');
  if (c.dataIndex !== undefined && c.dataIndex !== null) return String(c.dataIndex);
  return `#${i}`;
}

/** The actions column: keyed 'actions', or pinned to the right. */
function isActions<T>(c: Column<T>): boolean {
  return c.key === 'actions' || c.fixed === 'right' || c.fixed === true;
}

/** Leaf columns (a group's children carry the group's title in front). */
function leaves<T>(cols: readonly Column<T>[], prefix = ''): Column<T>[] {
  return cols.flatMap((c) => (c.children?.length ? leaves(c.children, `${prefix}${titleText(c)} · `) : [prefix ? { ...c, title: `${prefix}${titleText(c)}` } : c]));
}

function titleText<T>(c: Column<T>): ReactNode {
  return typeof c.title === 'function' ? c.title({}) : c.title;
}

function valueAt(record: object, dataIndex: TableColumnType<object>['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null) return undefined;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let v: unknown = record;
  for (const k of path) v = v == null ? undefined : (v as Record<string | number, unknown>)[k as string | number];
  return v;
}

/** What a column shows for a row, as the table would render it. */
function cell<T extends object>(c: Column<T>, record: T, index: number): ReactNode {
  const value = valueAt(record, c.dataIndex as TableColumnType<object>['dataIndex']);
  if (!c.render) return value === undefined || value === null ? '' : (value as ReactNode);
  const out = c.render(value, record, index) as unknown;
  // a render may answer { children, props } (cell props): the card shows the children
  if (out && typeof out === 'object' && !Array.isArray(out) && 'children' in (out as object) && !('$$typeof' in (out as object))) return (out as { children: ReactNode }).children;
  return out as ReactNode;
}

function rowKeyOf<T>(rowKey: TableProps<T>['rowKey'], record: T, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(record, index);
  const k = (record as Record<string, unknown>)[String(rowKey ?? 'key')];
  return (k as Key | undefined) ?? index;
}

/** The hidden columns this browser remembers under a key (null: never chosen here, or unreadable). */
function readHidden(storageKey: string | null): string[] | null {
  const raw = storageKey ? getItem(storageKey) : null;
  if (raw === null) return null;
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;
  } catch {
    return null;
  }
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The hidden columns of a list, per user: this browser's copy first (instant), then the account's
 * on the server, which wins and is copied here. A choice is written to both. A choice made in this
 * browser before the server kept any (null there) is sent up once. A change the user makes while
 * the server's answer is on its way is not overwritten by that answer.
 */
function useHiddenColumns(columnsKey: string | undefined, defaults: readonly string[] = NONE) {
  const { userId, prefs } = useContext(TableScopeContext);
  const storageKey = columnsKey ? `gq.columns:${userId || 'anon'}:${columnsKey}` : null;
  const [state, setState] = useState<{ key: string | null; hidden: string[] | null }>(() => ({ key: storageKey, hidden: readHidden(storageKey) }));
  // the list (and user) whose columns the user changed here, since the last load
  const changed = useRef<string | null>(null);
  // another user (or list) on the same component: read theirs
  // never chosen (here or on the server): the list's default columns
  const hidden = (state.key === storageKey ? state.hidden : readHidden(storageKey)) ?? defaults;

  useEffect(() => {
    if (!prefs || !columnsKey || !storageKey) return;
    let live = true;
    changed.current = null;
    prefs.load(columnsKey).then(
      (server) => {
        if (!live || changed.current === storageKey) return;
        const local = readHidden(storageKey);
        if (server === null) {
          if (local) prefs.save(columnsKey, local);
          return;
        }
        setItem(storageKey, JSON.stringify(server));
        if (!local || !sameList(server, local)) setState({ key: storageKey, hidden: server });
      },
      () => undefined, // unreachable: this browser's copy stays
    );
    return () => {
      live = false;
    };
  }, [prefs, columnsKey, storageKey]);

  const setHidden = (next: string[]) => {
    changed.current = storageKey;
    setState({ key: storageKey, hidden: next });
    if (storageKey) setItem(storageKey, JSON.stringify(next));
    if (prefs && columnsKey) prefs.save(columnsKey, next);
  };
  return [hidden, setHidden] as const;
}

/** 列设置: a checkbox per column (the first and the actions column always shown). */
function ColumnSettings<T>({ columns, hidden, onChange }: { columns: Column<T>[]; hidden: readonly string[]; onChange: (hidden: string[]) => void }) {
  const t = useLst();
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(true);
  const options = columns.map((c, i) => ({ id: columnId(c, i), title: titleText(c), locked: i === 0 || isActions(c) }));
  const content = (
    <div className="gq-rtable-settings" data-testid="column-settings">
      {options.map((o) => (
        <Checkbox
          key={o.id}
          checked={!hidden.includes(o.id)}
          disabled={o.locked}
          onChange={(e) => onChange(e.target.checked ? hidden.filter((h) => h !== o.id) : [...hidden, o.id])}
        >
          {o.title}
        </Checkbox>
      ))}
      <Button size="small" type="link" disabled={hidden.length === 0} onClick={() => onChange([])}>
        {t('showAllColumns')}
      </Button>
    </div>
  );
  const button = (
    <Button size="small" type="text" icon={<SettingOutlined />} data-testid="column-settings-button" onClick={used ? undefined : () => setUsed(true)}>
      {t('columns')}
    </Button>
  );
  // the popover (and its styles, which slow every style lookup of the page) only once asked for
  if (!used) return button;
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('columns')} open={open} onOpenChange={setOpen}>
      {button}
    </Popover>
  );
}

/** antd's local paging rule: all rows given (or more than a page) → this page's slice. */
function pageSlice<T>(rows: readonly T[], p: { current: number; pageSize: number; total?: number }): readonly T[] {
  const { current, pageSize, total } = p;
  if (total !== undefined && rows.length < total) return rows.length > pageSize ? rows.slice((current - 1) * pageSize, current * pageSize) : rows;
  return rows.slice((current - 1) * pageSize, current * pageSize);
}

type SortState = { id: string; order: 'ascend' | 'descend' } | null;

/** Rows in a column's local order (a `sorter` function or `{ compare }`); a server-sorted column (`sorter: true`) leaves them. */
function sortedRows<T>(rows: readonly T[], s: { c: Column<T> } | null | undefined, order: 'ascend' | 'descend' | undefined): readonly T[] {
  const sorter = s?.c.sorter;
  const fn = typeof sorter === 'function' ? sorter : sorter && typeof sorter === 'object' && 'compare' in sorter ? sorter.compare : null;
  if (!fn || !order) return rows;
  const sign = order === 'ascend' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (fn as (x: T, y: T) => number)(a, b));
}

const NONE: readonly string[] = [];

/** A column without a width is counted at this many px when the table's width is added up. */
const UNSIZED_COLUMN = 120;

/**
 * The width the table scrolls at, from the columns shown (a page gives `scroll.x` for all its
 * columns; with some hidden under 列设置 the table is narrower and fits the screen).
 */
export function fittedScrollX<T>(x: unknown, shown: readonly Column<T>[], extra: { selection: boolean; expandable: boolean }): unknown {
  if (typeof x !== 'number') return x;
  const sum = shown.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : UNSIZED_COLUMN), 0);
  return Math.min(x, sum + (extra.selection ? 32 : 0) + (extra.expandable ? 48 : 0));
}

export function ResponsiveTable<T extends object>(props: ResponsiveTableProps<T>) {
  const phone = useIsPhone();
  const { columnsKey, mobileSummary, defaultHiddenColumns, ...tableProps } = props;
  const all = useMemo(() => leaves((tableProps.columns ?? []) as Column<T>[]), [tableProps.columns]);
  const [hidden, setHidden] = useHiddenColumns(columnsKey, columnsKey ? defaultHiddenColumns : undefined);
  const shown = all.filter((c, i) => !c.hidden && !(hidden.includes(columnId(c, i)) && i !== 0 && !isActions(c)));
  const settings = columnsKey ? <ColumnSettings columns={all.filter((c) => !c.hidden)} hidden={hidden} onChange={setHidden} /> : null;
  if (phone) return <CardList {...tableProps} columns={shown} settings={settings} mobileSummary={mobileSummary} />;
  const scroll = tableProps.scroll && { ...tableProps.scroll, x: fittedScrollX(tableProps.scroll.x, shown, { selection: !!tableProps.rowSelection, expandable: !!tableProps.expandable }) as number | undefined };
  return <DesktopTable {...tableProps} scroll={scroll} columns={filterColumns((tableProps.columns ?? []) as Column<T>[], shown)} settings={settings} columnsKey={columnsKey} />;
}

/** The table's own (possibly grouped) columns without the hidden leaves. */
function filterColumns<T>(cols: Column<T>[], shown: Column<T>[]): Column<T>[] {
  const keep = new Set(shown);
  return cols
    .map((c) => (c.children?.length ? { ...c, children: filterColumns(c.children, shown) } : c))
    .filter((c) => (c.children ? c.children.length > 0 : keep.has(c) || [...keep].some((s) => s.render === c.render && s.dataIndex === c.dataIndex && s.key === c.key)));
}

function DesktopTable<T extends object>({ settings, columnsKey, ...props }: TableProps<T> & { settings: ReactNode; columnsKey?: string }) {
  const { stickyOffset } = useContext(TableScopeContext);
  // one object while the offset stays (antd re-measures the sticky header when it changes)
  const sticky = useMemo(() => (columnsKey ? { offsetHeader: stickyOffset } : undefined), [columnsKey, stickyOffset]);
  const pagination = props.pagination && typeof props.pagination === 'object' ? { showQuickJumper: true, ...props.pagination } : props.pagination;
  const table = <Table<T> {...props} pagination={pagination} sticky={props.sticky ?? sticky} />;
  if (!settings) return table;
  return (
    <div className="gq-rtable">
      <div className="gq-rtable-tools">{settings}</div>
      {table}
    </div>
  );
}

function CardList<T extends object>({
  columns = [],
  dataSource = [],
  rowKey,
  loading,
  locale,
  pagination,
  rowSelection,
  rowClassName,
  onRow,
  onChange,
  expandable,
  settings,
  mobileSummary,
  ...rest
}: TableProps<T> & { settings: ReactNode; mobileSummary?: ReactNode }) {
  const t = useLst();
  const cols = columns as Column<T>[];
  const actions = cols.filter(isActions);
  const [head, ...fields] = cols.filter((c) => !isActions(c));
  const [localPage, setLocalPage] = useState({ current: 1, pageSize: 10 });
  const [localSort, setLocalSort] = useState<SortState>(() => {
    const i = cols.findIndex((c) => c.defaultSortOrder);
    return i >= 0 ? { id: columnId(cols[i]!, i), order: cols[i]!.defaultSortOrder! } : null;
  });

  // sorting: controlled columns (sortOrder) ask the page (server sorting), others sort here
  const sortable = cols.map((c, i) => ({ c, id: columnId(c, i) })).filter(({ c }) => c.sorter);
  const controlled = sortable.find(({ c }) => c.sortOrder);
  const current: SortState = controlled ? { id: controlled.id, order: controlled.c.sortOrder! } : sortable.some(({ c }) => c.sortOrder !== undefined) ? null : localSort;
  const rows = sortedRows(dataSource, current && sortable.find((x) => x.id === current.id), current?.order);

  const pager = pagination || undefined;
  const paging = pagination === false ? null : { current: pager?.current ?? localPage.current, pageSize: pager?.pageSize ?? localPage.pageSize, total: pager?.total };
  const pageRows = paging ? pageSlice(rows, paging) : rows;
  const total = paging ? (paging.total ?? rows.length) : rows.length;
  const changePage = (page: number, pageSize: number) => {
    setLocalPage({ current: page, pageSize });
    pager?.onChange?.(page, pageSize);
    onChange?.({ ...(pagination || {}), current: page, pageSize } as TablePaginationConfig, {}, {}, { action: 'paginate', currentDataSource: [...rows] });
  };
  const changeSort = (value: string) => {
    const [id, order] = value ? (value.split('|') as [string, 'ascend' | 'descend']) : ['', undefined];
    const s = sortable.find((x) => x.id === id);
    setLocalSort(s && order ? { id, order } : null);
    onChange?.(
      (pagination || {}) as TablePaginationConfig,
      {},
      { column: s?.c, columnKey: s ? (s.c.key ?? s.id) : undefined, field: s?.c.dataIndex as Key | undefined, order: order ?? null },
      { action: 'sort', currentDataSource: [...rows] },
    );
  };

  const keys = pageRows.map((r, i) => rowKeyOf(rowKey, r, i));
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const select = (key: Key, record: T, on: boolean) => {
    if (!rowSelection?.onChange) return;
    if (rowSelection.type === 'radio') return rowSelection.onChange([key], [record], { type: 'single' });
    const next = on ? [...selected, key] : [...selected].filter((k) => k !== key);
    rowSelection.onChange(
      next,
      next.map((k) => dataSource.find((r, i) => rowKeyOf(rowKey, r, i) === k)).filter((r): r is T => r !== undefined),
      { type: 'multiple' },
    );
  };
  const allOnPage = keys.length > 0 && keys.every((k) => selected.has(k));
  const selectPage = (on: boolean) => {
    if (!rowSelection?.onChange) return;
    const next = on ? [...new Set([...selected, ...keys])] : [...selected].filter((k) => !keys.includes(k));
    rowSelection.onChange(next, next.map((k) => dataSource.find((r, i) => rowKeyOf(rowKey, r, i) === k)).filter((r): r is T => r !== undefined), { type: 'all' });
  };

  const spinning = typeof loading === 'object' ? !!loading.spinning : !!loading;
  const emptyText = locale?.emptyText;
  const testId = (rest as Record<string, unknown>)['data-testid'] as string | undefined;

  return (
    <div className="gq-rcards" data-testid={testId}>
      {(settings || sortable.length > 0 || (rowSelection && rowSelection.type !== 'radio')) && (
        <div className="gq-rcards__tools">
          {rowSelection && rowSelection.type !== 'radio' && (
            <Checkbox checked={allOnPage} indeterminate={!allOnPage && keys.some((k) => selected.has(k))} onChange={(e) => selectPage(e.target.checked)}>
              {t('selectPage')}
            </Checkbox>
          )}
          {sortable.length > 0 && (
            <Select
              size="small"
              className="gq-rcards__sort"
              aria-label={t('sortBy')}
              placeholder={t('sortBy')}
              value={current ? `${current.id}|${current.order}` : undefined}
              allowClear
              onChange={(v?: string) => changeSort(v ?? '')}
              options={sortable.flatMap(({ c, id }) => {
                const title = titleText(c);
                const label = (arrow: string) => (typeof title === 'string' ? `${title} ${arrow}` : <>{title} {arrow}</>);
                return [
                  { value: `${id}|ascend`, label: label('↑') },
                  { value: `${id}|descend`, label: label('↓') },
                ];
              })}
              data-testid="card-sort"
            />
          )}
          {settings && <span className="gq-rcards__settings">{settings}</span>}
        </div>
      )}
      <Spin spinning={spinning}>
        {pageRows.length === 0 ? (
          <div className="gq-rcards__empty">{typeof emptyText === 'function' ? emptyText() : (emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}</div>
        ) : (
          pageRows.map((r, i) => {
            const key = keys[i]!;
            const rowProps = (onRow?.(r, i) ?? {}) as HTMLAttributes<HTMLDivElement>;
            const cls = typeof rowClassName === 'function' ? rowClassName(r, i, 0) : (rowClassName ?? '');
            const extra = expandable?.expandedRowRender && (expandable.rowExpandable?.(r) ?? true) ? expandable.expandedRowRender(r, i, 0, true) : null;
            const pick = rowSelection ? (
              rowSelection.type === 'radio' ? (
                <Radio checked={selected.has(key)} onChange={() => select(key, r, true)} onClick={(e) => e.stopPropagation()} aria-label={String(key)} />
              ) : (
                <Checkbox checked={selected.has(key)} onChange={(e) => select(key, r, e.target.checked)} onClick={(e) => e.stopPropagation()} aria-label={String(key)} />
              )
            ) : null;
            return (
              <Card key={key} size="small" className={`gq-rcard ${cls}`.trim()} data-row-key={String(key)} data-testid="row-card" {...rowProps}>
                {head && (
                  <div className="gq-rcard__head">
                    {pick}
                    <div className="gq-rcard__title">{cell(head, r, i)}</div>
                  </div>
                )}
                {fields.length > 0 && (
                  <dl className="gq-rcard__fields">
                    {fields.map((c, j) => (
                      <div className="gq-rcard__field" key={columnId(c, j + 1)}>
                        <dt>{titleText(c)}</dt>
                        <dd>{cell(c, r, i)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {extra && <div className="gq-rcard__extra">{extra}</div>}
                {actions.map((c, j) => (
                  <div className="gq-rcard__actions" key={columnId(c, j)} data-testid="row-card-actions">
                    {cell(c, r, i)}
                  </div>
                ))}
              </Card>
            );
          })
        )}
      </Spin>
      {mobileSummary && <div className="gq-rcards__summary">{mobileSummary}</div>}
      {paging && total > paging.pageSize && (
        <Pagination
          className="gq-rcards__pager"
          size="small"
          simple
          current={paging.current}
          pageSize={paging.pageSize}
          total={total}
          showTotal={pager?.showTotal}
          onChange={changePage}
        />
      )}
      {paging && total <= paging.pageSize && pager?.showTotal && total > 0 && <div className="gq-rcards__total">{pager.showTotal(total, [1, total])}</div>}
    </div>
  );
}

/** A totals card for phones (ResponsiveTable's `mobileSummary`), drawn as the row cards are. */
export function SummaryCard({ title, fields, testId }: { title: ReactNode; fields: { label: ReactNode; value: ReactNode }[]; testId?: string }) {
  return (
    <Card size="small" className="gq-rcard gq-rcard--summary" data-testid={testId}>
      <div className="gq-rcard__head">
        <div className="gq-rcard__title">{title}</div>
      </div>
      <dl className="gq-rcard__fields">
        {fields.map((f, i) => (
          <div className="gq-rcard__field" key={i}>
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
