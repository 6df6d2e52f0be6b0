import Fuse, { type IFuseOptions } from 'fuse.js';
import type { SearchItem } from '../app/routeSets';

/** Header search: title weight 0.7, path 0.3, threshold 0.4, minimum match length 1. */
export const FUSE_OPTIONS: IFuseOptions<SearchItem> = {
  shouldSort: true,
  threshold: 0.4,
  location: 0,
  distance: 100,
  minMatchCharLength: 1,
  keys: [
    { name: 'title', weight: 0.7 },
    { name: 'path', weight: 0.3 },
  ],
};

export function createRouteSearch(items: SearchItem[]): Fuse<SearchItem> {
  return new Fuse(items, FUSE_OPTIONS);
}

/** "Parent > Child" */
export function searchLabel(item: SearchItem): string {
  return item.title.join(' > ');
}

export function searchRoutes(fuse: Fuse<SearchItem>, query: string): SearchItem[] {
  const q = query.trim();
  if (!q) return [];
  return fuse.search(q).map((r) => r.item);
}
