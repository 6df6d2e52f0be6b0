import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { ANTD_REWRITES } from './antdChunks';

const require = createRequire(import.meta.url);

describe('antd import rewrites of the build', () => {
  it.each(ANTD_REWRITES.map((r) => [r.file, r] as const))('%s still has the import the build rewrites', (_file, r) => {
    const source = readFileSync(require.resolve(r.file), 'utf8');
    expect(source).toContain(r.from);
  });

  it('the shims give the same helpers as the modules they stand in for', async () => {
    const tree = await import('@rc-component/tree');
    // @ts-expect-error plain JS shim without types
    const shim = await import('./antd-shims/rcTreeUtils.js');
    expect(shim.arrAdd(['a'], 'b')).toEqual(tree.arrAdd(['a'], 'b'));
    expect(shim.arrAdd(['a'], 'a')).toEqual(tree.arrAdd(['a'], 'a'));
    expect(shim.arrDel(['a', 'b'], 'a')).toEqual(tree.arrDel(['a', 'b'], 'a'));
    expect(shim.arrDel(undefined, 'a')).toEqual(tree.arrDel(undefined as unknown as string[], 'a'));
    // @ts-expect-error plain JS shim without types
    const { flattenKeys } = await import('./antd-shims/LazyFilterDropdown.js');
    expect(flattenKeys([{ value: 1, children: [{ value: 2 }] }, { value: 3 }])).toEqual([1, 2, 3]);
  });
});

describe('lazyHook (App modal and notification hooks)', () => {
  it('loads the real hook on the first call, then runs the queued call and forwards its handle', async () => {
    const { createElement, Fragment } = await import('react');
    const { act, render } = await import('@testing-library/react');
    // @ts-expect-error plain JS shim without types
    const { lazyHook } = await import('./antd-shims/lazyHook.js');
    const destroy = vi.fn();
    const confirm = vi.fn(() => ({ destroy, update: vi.fn(), then: (r: (v: boolean) => unknown) => Promise.resolve(true).then(r) }));
    const load = vi.fn(async () => () => [{ confirm }, createElement('span', { 'data-testid': 'real-holder' })]);
    const useLazy = lazyHook(load, ['confirm']);
    let api: { confirm: (c: unknown) => { destroy: () => void; then: (r: (v: boolean) => unknown) => Promise<unknown> } } | undefined;
    function Host() {
      const [a, holder] = useLazy();
      api = a;
      return createElement(Fragment, null, holder);
    }
    const view = render(createElement(Host));
    expect(load).not.toHaveBeenCalled();
    let handle: ReturnType<NonNullable<typeof api>['confirm']> | undefined;
    act(() => {
      handle = api!.confirm({ title: 'x' });
    });
    await view.findByTestId('real-holder');
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledWith({ title: 'x' }));
    handle!.destroy();
    await vi.waitFor(() => expect(destroy).toHaveBeenCalled());
    await expect(handle!.then((v) => v)).resolves.toBe(true);
    // once loaded, calls go straight to the real api
    api!.confirm({ title: 'y' });
    expect(confirm).toHaveBeenLastCalledWith({ title: 'y' });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('lazily loaded antd parts', () => {
  it('the table radio, the checkable tags and the virtual table render the real antd component once loaded', async () => {
    const { createElement, createRef } = await import('react');
    const { render } = await import('@testing-library/react');
    // @ts-expect-error plain JS shim without types
    const { default: LazyRadio } = await import('./antd-shims/LazyRadio.js');
    // @ts-expect-error plain JS shim without types
    const { CheckableTag } = await import('./antd-shims/LazyCheckableTag.js');
    // @ts-expect-error plain JS shim without types
    const { default: LazyVirtualTable } = await import('./antd-shims/LazyVirtualTable.js');
    const view = render(createElement('div', null, createElement(LazyRadio, { checked: true, 'aria-label': 'pick' }), createElement(CheckableTag, { checked: true }, '玉石')));
    expect((await view.findByRole('radio', { name: 'pick' })).closest('.ant-radio-wrapper')).not.toBeNull();
    expect((await view.findByText('玉石')).closest('.ant-tag-checkable-checked')).not.toBeNull();
    // jsdom has no ResizeObserver; the virtual list only needs one to exist
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    } as unknown as typeof ResizeObserver;
    const ref = createRef<{ scrollTo?: unknown }>();
    const table = render(
      createElement(LazyVirtualTable, {
        ref,
        prefixCls: 'ant-table',
        columns: [{ title: '订单号', dataIndex: 'no', key: 'no', width: 100 }],
        data: [{ key: 1, no: 'GQ1' }],
        scroll: { x: 100, y: 200 },
        rowKey: 'key',
      }),
    );
    expect(await table.findByText('订单号')).toBeTruthy();
    await vi.waitFor(() => expect(typeof ref.current?.scrollTo).toBe('function'));
  });

  it('a form scrolls to a field once the scroll helper has loaded', async () => {
    // @ts-expect-error plain JS shim without types
    const { default: scrollIntoView } = await import('./antd-shims/lazyScrollIntoView.js');
    const node = document.createElement('div');
    document.body.append(node);
    const scrolled = vi.fn();
    node.scrollIntoView = scrolled;
    Element.prototype.scroll ??= () => undefined;
    expect(() => scrollIntoView(node, { scrollMode: 'if-needed', block: 'nearest' })).not.toThrow();
    const { default: real } = await import('scroll-into-view-if-needed');
    expect(typeof real).toBe('function');
  });
});
