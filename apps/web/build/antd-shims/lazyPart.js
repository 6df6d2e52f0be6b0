/**
 * A component whose code loads when it first renders: `load` imports the module whose default
 * export it is; until then it renders nothing.
 */
import * as React from 'react';

export function lazyPart(load) {
  const Part = React.lazy(load);
  return function LazyPart(props) {
    return React.createElement(React.Suspense, { fallback: null }, React.createElement(Part, props));
  };
}
