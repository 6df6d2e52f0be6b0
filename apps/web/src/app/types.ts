import type { PermissionKey } from '@gemqc/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** A page module loaded on demand (keeps the login bundle small). */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** Menu icons are named here and resolved in the (lazy) shell, so route tables stay icon-free. */
export type MenuIcon = 'order' | 'warehouse' | 'account' | 'setting' | 'finance' | 'shop' | 'auth' | 'report' | 'log';

/**
 * One route of a portal's route set. `path` is absolute for top-level routes and relative to the
 * parent for children. A route without `page` renders the shared PendingPage with its title.
 */
export interface AppRoute {
  path: string;
  /** i18n key of the meta title */
  title?: string;
  /** excluded from the menu and the header search */
  hidden?: boolean;
  /** where the route itself leads; 'noRedirect' makes its breadcrumb item not clickable */
  redirect?: string;
  icon?: MenuIcon;
  /** tags view: cannot be closed */
  affix?: boolean;
  /** tags view: not kept alive */
  noCache?: boolean;
  /** false → not shown in the breadcrumb */
  breadcrumb?: boolean;
  /** always show as a submenu even with a single visible child */
  alwaysShow?: boolean;
  page?: PageLoader;
  /**
   * A page opened directly starts its first list request from the entry (startEarly.ts), under the
   * page's own query key, beside the code and the user info instead of after them. Silent: when it
   * fails the page asks again and shows why. `search` is the URL's query (the list's filters).
   */
  prefetch?: (queryClient: QueryClient, search: URLSearchParams) => Promise<unknown>;
  /**
   * Permission key the page needs (server catalogue, e.g. 'warehouse.intake'): the menu and the
   * header search hide it from a sub-account whose role lacks the key (owners hold every key).
   */
  permission?: PermissionKey;
  children?: AppRoute[];
}

/** Route meta after resolving full paths (what breadcrumb, tags view and search read). */
export interface RouteMeta {
  fullPath: string;
  title?: string;
  hidden: boolean;
  redirect?: string;
  noRedirect: boolean;
  affix: boolean;
  noCache: boolean;
  breadcrumb: boolean;
  isParent: boolean;
}
