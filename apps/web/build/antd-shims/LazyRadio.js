/**
 * antd's Radio for the table's single-choice row selection, loaded when a table with
 * `rowSelection.type: 'radio'` first renders; until then the cell is empty. antd's Table imports
 * Radio statically, which put it on every page with a table (checkbox selection is the common one).
 */
import * as React from 'react';

const Radio = React.lazy(() => import('antd/es/radio'));

export default function LazyRadio(props) {
  return React.createElement(React.Suspense, { fallback: null }, React.createElement(Radio, props));
}
