import type { TablePaginationConfig } from 'antd';

/**
 * The pagination of a list table: current page and size, the total with its text, a size changer;
 * choosing another page size goes back to page 1.
 */
export function listPagination({
  page,
  pageSize,
  total,
  showTotal,
  onChange,
  pageSizeOptions,
}: {
  page: number;
  pageSize: number;
  total: number | undefined;
  showTotal: (total: number) => string;
  onChange: (page: number, pageSize: number) => void;
  pageSizeOptions?: number[];
}): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total: total ?? 0,
    showSizeChanger: true,
    ...(pageSizeOptions ? { pageSizeOptions } : {}),
    showTotal,
    onChange: (p, size) => onChange(size !== pageSize ? 1 : p, size),
  };
}

/** Page sizes of the lists whose page is kept in the URL. */
export const URL_PAGE_SIZES = [10, 20, 50, 100];
