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

interface TagsViewState {
  visitedViews: TagView[];
  /** paths of views that are kept (not noCache) */
  cachedViews: string[];
  addView(view: TagView): void;
  delView(view: TagView): TagView[];
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
