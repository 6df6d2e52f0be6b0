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
