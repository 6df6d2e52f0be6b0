import { create } from 'zustand';

/** An open view in the tags bar. */
export interface TagView {
  /** pathname */
  path: string;
  /** pathname + search */
  fullPath: string;
  /** i18n key of the meta title, or 'no-name' */
  title: string;
  affix: boolean;
  noCache: boolean;
}

export const NO_NAME = 'no-name';

export function addView(list: TagView[], view: TagView): TagView[] {
  const i = list.findIndex((v) => v.path === view.path);
  if (i >= 0) {
    if (list[i]!.fullPath === view.fullPath) return list;
    const next = list.slice();
    next[i] = { ...list[i]!, fullPath: view.fullPath };
    return next;
  }
  return [...list, view];
}

export function delView(list: TagView[], view: Pick<TagView, 'path'>): TagView[] {
  return list.filter((v) => v.path !== view.path || v.affix);
}

export function delOthersViews(list: TagView[], view: Pick<TagView, 'path'>): TagView[] {
  return list.filter((v) => v.affix || v.path === view.path);
}

export function delAllViews(list: TagView[]): TagView[] {
  return list.filter((v) => v.affix);
}

/** Where to go after closing the active view: the last remaining view, else the home page. */
export function nextAfterClose(remaining: TagView[], home: string): string {
  const last = remaining[remaining.length - 1];
  return last ? last.fullPath : home;
}

/**
 * After the tag of the page on screen (`pathname`) was closed: the view to open, or null when that
 * would be this very page (its only tag closed on home) — then nothing navigates and the caller
 * puts the page's tag back, so the page on screen always has its tag.
 */
export function targetAfterCloseCurrent(remaining: TagView[], pathname: string, home: string): string | null {
  const next = nextAfterClose(remaining, home);
  return next.split('?')[0] === pathname ? null : next;
}

interface TagsViewState {
  visitedViews: TagView[];
  /** paths of views that are kept (not noCache) */
  cachedViews: string[];
  addView(view: TagView): void;
  delView(view: Pick<TagView, 'path'>): TagView[];
  delOthersViews(view: TagView): TagView[];
  delAllViews(): TagView[];
  reset(): void;
}

const cached = (list: TagView[]) => list.filter((v) => !v.noCache).map((v) => v.path);

export const useTagsViewStore = create<TagsViewState>()((set, get) => ({
  visitedViews: [],
  cachedViews: [],
  addView(view) {
    const visitedViews = addView(get().visitedViews, view);
    set({ visitedViews, cachedViews: cached(visitedViews) });
  },
  delView(view) {
    const visitedViews = delView(get().visitedViews, view);
    set({ visitedViews, cachedViews: cached(visitedViews) });
    return visitedViews;
  },
  delOthersViews(view) {
    const visitedViews = delOthersViews(get().visitedViews, view);
    set({ visitedViews, cachedViews: cached(visitedViews) });
    return visitedViews;
  },
  delAllViews() {
    const visitedViews = delAllViews(get().visitedViews);
    set({ visitedViews, cachedViews: cached(visitedViews) });
    return visitedViews;
  },
  reset() {
    set({ visitedViews: [], cachedViews: [] });
  },
}));
