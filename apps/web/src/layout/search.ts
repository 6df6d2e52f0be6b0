import Fuse, { type IFuseOptions } from 'fuse.js';
import { match as pinyinMatch } from 'pinyin-pro';
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

export interface RouteSearch {
  fuse: Fuse<SearchItem>;
  items: SearchItem[];
}

export function createRouteSearch(items: SearchItem[]): RouteSearch {
  return { fuse: new Fuse(items, FUSE_OPTIONS), items };
}

/** "Parent > Child" */
export function searchLabel(item: SearchItem): string {
  return item.title.join(' > ');
}

/**
 * Fuse's matches, then the pages whose title the query spells in pinyin — whole syllables or
 * initials, as people type on a Chinese back office (`jcgl` or `jiance` → 检测管理).
 */
export function searchRoutes({ fuse, items }: RouteSearch, query: string): SearchItem[] {
  const q = query.trim();
  if (!q) return [];
  const found = fuse.search(q).map((r) => r.item);
  const pinyinQuery = q.replace(/\s+/g, '').toLowerCase();
  if (!/^[a-z]+$/.test(pinyinQuery)) return found;
  const seen = new Set(found.map((i) => i.path));
  const byPinyin = items.filter((item) => !seen.has(item.path) && item.title.some((title) => pinyinMatch(title, pinyinQuery) !== null));
  return [...found, ...byPinyin];
}
