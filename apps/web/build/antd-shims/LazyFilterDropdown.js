/**
 * antd's table column filter dropdown (antd Tree, Menu, Radio, search box), loaded when a table
 * first renders a column with `filters` or `filterDropdown`. Until it has loaded the header shows
 * the column title alone. No list of this app filters in its column headers today, so no page
 * loads it; antd's Table imports it statically, which tied Tree to every page with a table.
 */
import * as React from 'react';

const FilterDropdown = React.lazy(() => import('antd/es/table/hooks/useFilter/FilterDropdown'));

export default function LazyFilterDropdown(props) {
  return React.createElement(React.Suspense, { fallback: props.children }, React.createElement(FilterDropdown, props));
}

/** Same code as antd's FilterDropdown.flattenKeys (used by the table's filter state). */
export function flattenKeys(filters) {
  let keys = [];
  (filters || []).forEach(({ value, children }) => {
    keys.push(value);
    if (children) keys = [...keys, ...flattenKeys(children)];
  });
  return keys;
}
