import type { AppRoute, RouteMeta } from './types';
import type { PortalType } from '../lib/storage';
import { traderRoutes } from '../portals/trader';
import { warehouseRoutes } from '../portals/warehouse';
import { managerRoutes } from '../portals/manager';
import { baseRoutes } from '../portals/base';

export type RouteSetName = 'merchant' | 'warehouse' | 'manager' | 'serviceCentre';

export const routeSets: Record<RouteSetName, AppRoute[]> = {
  merchant: traderRoutes,
  warehouse: warehouseRoutes,
  manager: managerRoutes,
  serviceCentre: baseRoutes,
};

/** trader → merchant, inspector → warehouse, manage → manager, anything else → service centre. */
export function routeSetNameForRole(role: string | null | undefined): RouteSetName {
  switch (role) {
    case 'trader':
      return 'merchant';
    case 'inspector':
      return 'warehouse';
    case 'manage':
      return 'manager';
    default:
      return 'serviceCentre';
  }
}

export function routeSetForRole(role: string | null | undefined): AppRoute[] {
  return routeSets[routeSetNameForRole(role)];
}

export const HOME: Record<PortalType, string> = {
  trader: '/trader/order/list',
  qualityInspection: '/warehousing/qualityInspection',
  manage: '/manage/order/list',
  base: '/base/order/list',
};

export function homeOf(userType: PortalType | null | undefined): string {
  return HOME[userType ?? 'base'] ?? HOME.base;
}

export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}

export function joinPath(parent: string, child: string): string {
  if (isExternal(child) || child.startsWith('/')) return child;
  if (!parent) return `/${child}`;
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

export function metaOf(route: AppRoute, fullPath: string): RouteMeta {
  return {
    fullPath,
    title: route.title,
    hidden: !!route.hidden,
    redirect: route.redirect,
    noRedirect: route.redirect === 'noRedirect',
    affix: !!route.affix,
    noCache: !!route.noCache,
    breadcrumb: route.breadcrumb !== false,
    isParent: !!route.children?.length,
  };
}

/** Every full path of a route set (parents included). */
export function allPaths(routes: AppRoute[], parent = ''): string[] {
  const out: string[] = [];
  for (const r of routes) {
    const full = joinPath(parent, r.path);
    out.push(full);
    if (r.children) out.push(...allPaths(r.children, full));
  }
  return out;
}

/** The page route at `path` (a leaf of the set), or undefined. */
export function routeOfPath(routes: AppRoute[], path: string, parent = ''): AppRoute | undefined {
  for (const r of routes) {
    const full = joinPath(parent, r.path);
    if (full === path && !r.children?.length) return r;
    if (r.children && path.startsWith(`${full}/`)) {
      const found = routeOfPath(r.children, path, full);
      if (found) return found;
    }
  }
  return undefined;
}

/** The permission key the page at `path` needs (undefined: none, or not a page of the set). */
export function permissionOfPath(routes: AppRoute[], path: string): string | undefined {
  return routeOfPath(routes, path)?.permission;
}

/** The first page of the menu (in menu order, shown pages only) the account may use, or null. */
export function firstPermittedPath(routes: AppRoute[], permitted: (key: string) => boolean, parent = ''): string | null {
  for (const r of routes) {
    if (r.hidden) continue;
    const full = joinPath(parent, r.path);
    if (r.children?.length) {
      const found = firstPermittedPath(r.children, permitted, full);
      if (found) return found;
    } else if (r.page && (r.permission === undefined || permitted(r.permission))) return full;
  }
  return null;
}

/**
 * Where an account lands (home, the root redirect, after sign-in): the portal's home when it may
 * use it, else the first page it may use (a sub-account with only 订单列表 lands on 订单列表), else 401.
 */
export function landingOf(userType: PortalType | null | undefined, routes: AppRoute[], permitted: (key: string) => boolean): string {
  const home = homeOf(userType);
  const need = permissionOfPath(routes, home);
  if (need === undefined || permitted(need)) return home;
  return firstPermittedPath(routes, permitted) ?? '/401';
}

const KNOWN = new Set(Object.values(routeSets).flatMap((rs) => allPaths(rs)));

/** Whether any portal owns this path (unknown paths go to /404). */
export function isKnownPath(path: string): boolean {
  return KNOWN.has(path) || path.startsWith('/redirect/');
}

/** The single visible child that replaces its parent in the menu (vue-element-admin rule). */
export function visibleChildren(route: AppRoute): AppRoute[] {
  return (route.children ?? []).filter((c) => !c.hidden);
}

export interface SearchItem {
  path: string;
  /** translated titles from the top-level route down */
  title: string[];
}

/** Visible, titled routes for the header search; titles of parents are carried down. */
export function searchItems(
  routes: AppRoute[],
  translate: (key: string) => string,
  parentPath = '',
  parentTitles: string[] = [],
): SearchItem[] {
  const out: SearchItem[] = [];
  for (const r of routes) {
    if (r.hidden) continue;
    const path = joinPath(parentPath, r.path);
    const titles = r.title ? [...parentTitles, translate(r.title)] : parentTitles;
    if (r.title && !(r.children?.length && r.redirect === 'noRedirect')) {
      // parents that only group their children are not destinations
      if (!r.children?.length) out.push({ path, title: titles });
    }
    if (r.children) out.push(...searchItems(r.children, translate, path, titles));
  }
  return out;
}
