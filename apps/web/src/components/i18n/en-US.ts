import type zhCN from './zh-CN';

/** Texts of the shared list states (components/ListState.tsx), en-US. */
const enUS: Record<keyof typeof zhCN, string> = {
  failedTitle: 'Could not load the data',
  moreFilters: 'More filters',
  lessFilters: 'Fewer filters',
  failed: 'The request failed, please try again later',
  retry: 'Retry',
  noMatch: 'Nothing matches these filters',
  noMatchHint: 'Try other filters, or reset them.',
  reset: 'Reset',
  columns: 'Columns',
  showAllColumns: 'Show all columns',
  selectPage: 'Select this page',
  sortBy: 'Sort by',
};

export default enUS;
