import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Button, Empty } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLst } from './i18n';
import './ListState.css';

/**
 * The states of a list (or report) besides its rows: a failed load shows its reason and 重试
 * (a failed load is not "no data"), an empty answer to a filtered search says that nothing
 * matches and offers 重置, and 查询 always loads fresh data (see useRefreshOnSearch).
 */

/** What the list states read of a TanStack query result. */
export interface ListQueryState<D = unknown> {
  data: D | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/** What the list states read of the list's filters: useUrlList and useFilteredList give it. */
export interface ListSource {
  /** A filter narrows the list (an empty answer then means "nothing matches", not "none yet"). */
  filtered: boolean;
  /** Clears the filters (and searches again). */
  reset: () => void;
  /** Changes (above 0) when a 查询 is to be answered with fresh data. */
  refreshToken: number;
}

/** The reason of a failed load as the user reads it: the server's message, else a general one. */
export function errorReason(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** A failed load: what went wrong and 重试. `framed` draws it as a panel of its own (outside a table). */
export function ListError({ error, onRetry, retrying = false, framed = false }: { error: unknown; onRetry: () => void; retrying?: boolean; framed?: boolean }) {
  const t = useLst();
  return (
    <div className={`gq-list-state gq-list-state--error${framed ? ' gq-list-state--framed' : ''}`} role="alert" data-testid="list-error">
      <ExclamationCircleOutlined className="gq-list-state__icon" aria-hidden />
      <div className="gq-list-state__title">{t('failedTitle')}</div>
      <div className="gq-list-state__reason" data-testid="list-error-reason">
        {errorReason(error, t('failed'))}
      </div>
      <Button type="primary" onClick={onRetry} loading={retrying}>
        {t('retry')}
      </Button>
    </div>
  );
}

/** An empty answer to a filtered search: nothing matches, and 重置 clears the filters. */
export function NoMatch({ text, onReset }: { text?: string; onReset: () => void }) {
  const t = useLst();
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      data-testid="list-no-match"
      description={
        <span>
          {text ?? t('noMatch')}
          <br />
          <span className="gq-list-state__hint">{t('noMatchHint')}</span>
        </span>
      }
    >
      <Button onClick={onReset}>{t('reset')}</Button>
    </Empty>
  );
}

export interface EmptyOptions {
  /** Shown when the list is empty without filters (default: antd's 暂无数据). */
  empty?: ReactNode;
  /** The "nothing matches" text of this list (default: 没有符合条件的结果). */
  noMatchText?: string;
}

/** What an empty table shows: nothing while the first page loads, the error, "nothing matches", or the list's own empty state. */
export function listEmptyText(list: ListQueryState, source: Pick<ListSource, 'filtered' | 'reset'>, { empty, noMatchText }: EmptyOptions = {}): ReactNode {
  if (list.isError) return <ListError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (list.isPending) return ' ';
  if (source.filtered) return <NoMatch text={noMatchText} onReset={source.reset} />;
  return empty;
}

/**
 * 查询 answers with fresh data: when `token` changes (the list now shows what the search asked
 * for) and nothing is loading, the query is fetched again. A search that changed the query key to
 * one not loaded yet is already loading; one that did not change it (same filters) or went back to
 * filters loaded less than the cache's 30 s ago would otherwise show the cached answer.
 */
export function useRefreshOnSearch(list: Pick<ListQueryState, 'isFetching' | 'refetch'>, token: number): void {
  const seen = useRef(token);
  const { isFetching, refetch } = list;
  useEffect(() => {
    if (token === 0 || token === seen.current) return;
    seen.current = token;
    if (!isFetching) void refetch();
  }, [token, isFetching, refetch]);
}

/**
 * A list table's rows, loading and empty state from its query and filters; spread it on the
 * antd Table (`<Table {...view} … />`). A failed load shows no rows but the error with 重试.
 */
export function useListTable<Row>(list: ListQueryState<{ list: Row[] }>, source: ListSource, options?: EmptyOptions) {
  useRefreshOnSearch(list, source.refreshToken);
  return {
    dataSource: list.isError ? [] : (list.data?.list ?? []),
    loading: list.isFetching,
    locale: { emptyText: listEmptyText(list, source, options) },
  };
}

/** The total for the table's pagination: none while the load has failed (no pager under the error). */
export function listTotal(list: ListQueryState<{ total?: number }>): number | undefined {
  return list.isError ? undefined : list.data?.total;
}
