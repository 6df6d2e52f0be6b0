import { describe, expect, it } from 'vitest';
import { addView, delAllViews, delOthersViews, delView, nextAfterClose, targetAfterCloseCurrent, useTagsViewStore, type TagView } from './tagsView';

const v = (path: string, extra: Partial<TagView> = {}): TagView => ({ path, fullPath: path, title: 'route.x', affix: false, noCache: false, ...extra });

describe('tags view actions', () => {
  it('adds each path once and keeps its latest query', () => {
    let list = addView([], v('/a'));
    list = addView(list, v('/b'));
    list = addView(list, { ...v('/a'), fullPath: '/a?page=2' });
    expect(list.map((x) => x.fullPath)).toEqual(['/a?page=2', '/b']);
  });
  it('Close removes the view but never an affix view', () => {
    const list = [v('/home', { affix: true }), v('/a'), v('/b')];
    expect(delView(list, v('/a')).map((x) => x.path)).toEqual(['/home', '/b']);
    expect(delView(list, v('/home')).map((x) => x.path)).toEqual(['/home', '/a', '/b']);
  });
  it('Close Others keeps affix views and the chosen one; Close All keeps affix views only', () => {
    const list = [v('/home', { affix: true }), v('/a'), v('/b')];
    expect(delOthersViews(list, v('/b')).map((x) => x.path)).toEqual(['/home', '/b']);
    expect(delAllViews(list).map((x) => x.path)).toEqual(['/home']);
  });
  it('after closing the active view, go to the last view or home', () => {
    expect(nextAfterClose([v('/a'), { ...v('/b'), fullPath: '/b?x=1' }], '/home')).toBe('/b?x=1');
    expect(nextAfterClose([], '/home')).toBe('/home');
  });
  it('closing the only tag of the page on screen keeps that page (no navigation; its tag comes back)', () => {
    expect(targetAfterCloseCurrent([], '/home', '/home')).toBeNull();
    expect(targetAfterCloseCurrent([{ ...v('/home'), fullPath: '/home?page=2' }], '/home', '/home')).toBeNull();
    expect(targetAfterCloseCurrent([], '/a', '/home')).toBe('/home');
    expect(targetAfterCloseCurrent([v('/a'), v('/b')], '/home', '/home')).toBe('/b');
  });
  it('the store keeps noCache views out of the cached list', () => {
    const s = useTagsViewStore.getState();
    s.reset();
    s.addView(v('/a'));
    s.addView(v('/b', { noCache: true }));
    expect(useTagsViewStore.getState().cachedViews).toEqual(['/a']);
    s.delAllViews();
    expect(useTagsViewStore.getState().visitedViews).toEqual([]);
  });
});
