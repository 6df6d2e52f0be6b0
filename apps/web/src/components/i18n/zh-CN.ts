/** Texts of the shared list states and list layout (components/ListState.tsx, ResponsiveTable.tsx), zh-CN. */
export default {
  failedTitle: '数据加载失败',
  moreFilters: '展开',
  lessFilters: '收起',
  failed: '请求失败，请稍后再试',
  retry: '重试',
  noMatch: '没有符合条件的结果',
  noMatchHint: '换个条件再查，或重置筛选条件。',
  reset: '重置',
  columns: '列设置',
  showAllColumns: '显示全部列',
  selectPage: '全选本页',
  sortBy: '排序',
};
