/**
 * antd's virtual table body (`<Table virtual>`), loaded when a virtual table first renders. No
 * list of this app is virtual today; antd's Table imports it statically, which put the virtual
 * table on every page with a table. The ref (the table's scrollTo handle) passes through.
 */
import * as React from 'react';

const VirtualTable = React.lazy(() => import('antd/es/table/RcTable/VirtualTable'));

export default function LazyVirtualTable(props) {
  return React.createElement(React.Suspense, { fallback: null }, React.createElement(VirtualTable, props));
}
