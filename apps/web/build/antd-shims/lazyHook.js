/**
 * A hook of antd's `[api, contextHolder]` shape whose real hook (and its code) loads on the first
 * call of an api method. Calls made before it has loaded run once it has, in order; their return
 * value is a handle that forwards `destroy`, `update` and `then` to the real one.
 */
import * as React from 'react';

export function lazyHook(load, methods) {
  const RealHolder = React.lazy(() =>
    load().then((useReal) => ({
      default: function LazyHookHolder({ config, onReady }) {
        const [api, holder] = useReal(config);
        React.useEffect(() => onReady(api), [api, onReady]);
        return holder;
      },
    })),
  );

  return function useLazyHook(config) {
    const [wanted, setWanted] = React.useState(false);
    const real = React.useRef(null);
    const queue = React.useRef([]);
    const onReady = React.useCallback((api) => {
      real.current = api;
      const pending = queue.current;
      queue.current = [];
      pending.forEach((run) => run(api));
    }, []);
    const api = React.useMemo(
      () =>
        Object.fromEntries(
          methods.map((method) => [
            method,
            (...args) => {
              if (real.current) return real.current[method](...args);
              let resolveInstance;
              const instance = new Promise((resolve) => {
                resolveInstance = resolve;
              });
              queue.current.push((realApi) => resolveInstance({ value: realApi[method](...args) }));
              setWanted(true);
              const later = (act) => void instance.then(({ value }) => value && act(value));
              return {
                destroy: () => later((i) => i.destroy?.()),
                update: (next) => later((i) => i.update?.(next)),
                then: (resolve, reject) => instance.then(({ value }) => value.then(resolve, reject)),
              };
            },
          ]),
        ),
      [],
    );
    const holder = wanted
      ? React.createElement(React.Suspense, { fallback: null }, React.createElement(RealHolder, { config, onReady }))
      : null;
    return [api, holder];
  };
}
