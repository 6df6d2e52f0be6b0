import type { AppRoute, MenuIcon } from '../app/types';
import { joinPath, visibleChildren } from '../app/routeSets';

export interface MenuNode {
  key: string;
  /** i18n key */
  title: string;
  icon?: MenuIcon;
  children?: MenuNode[];
}

/**
 * The routes as a sub-account sees them in the menu and the header search (DOMAIN §2): a page
 * whose permission key the account lacks is hidden (still routable: the server answers 1003).
 * `permissions` undefined (an account stored before keys were kept) hides nothing.
 */
export function permittedRoutes(routes: AppRoute[], permissions: readonly string[] | undefined): AppRoute[] {
  if (!permissions) return routes;
  return routes.map((r) => {
    const hidden = r.hidden || (r.permission !== undefined && !permissions.includes(r.permission));
    const children = r.children ? permittedRoutes(r.children, permissions) : undefined;
    return { ...r, hidden, ...(children ? { children } : {}) };
  });
}

/**
 * Menu tree of the visible routes (hidden routes excluded). A parent with exactly one visible
 * child (and no alwaysShow) is replaced by that child, as in the admin shell.
 */
export function buildMenu(routes: AppRoute[], parentPath = ''): MenuNode[] {
  const out: MenuNode[] = [];
  for (const r of routes) {
    if (r.hidden) continue;
    const full = joinPath(parentPath, r.path);
    const kids = visibleChildren(r);
    if (!r.children?.length) {
      if (r.title) out.push({ key: full, title: r.title, icon: r.icon });
      continue;
    }
    if (kids.length === 1 && !r.alwaysShow && !kids[0]!.children?.length) {
      const only = kids[0]!;
      if (only.title) out.push({ key: joinPath(full, only.path), title: only.title, icon: only.icon ?? r.icon });
      continue;
    }
    if (kids.length === 0) continue;
    out.push({ key: full, title: r.title ?? kids[0]!.title ?? '', icon: r.icon, children: buildMenu(kids, full) });
  }
  return out;
}

/** Keys of the submenus that contain `pathname` (to open them). */
export function openKeysFor(nodes: MenuNode[], pathname: string): string[] {
  for (const n of nodes) {
    if (n.children) {
      if (pathname === n.key || pathname.startsWith(`${n.key}/`)) return [n.key, ...openKeysFor(n.children, pathname)];
    }
  }
  return [];
}

/** The menu item to highlight: the deepest menu key that is a prefix of `pathname`. */
export function selectedKeyFor(nodes: MenuNode[], pathname: string): string | undefined {
  let best: string | undefined;
  const walk = (list: MenuNode[]) => {
    for (const n of list) {
      if (!n.children && (pathname === n.key || pathname.startsWith(`${n.key}/`))) {
        if (!best || n.key.length > best.length) best = n.key;
      }
      if (n.children) walk(n.children);
    }
  };
  walk(nodes);
  return best;
}
