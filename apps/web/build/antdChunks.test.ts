import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
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
