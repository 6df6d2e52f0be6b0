import type { RouteMeta } from '../app/types';

export interface Crumb {
  /** i18n key */
  title: string;
  /** where a click leads */
  to: string;
  clickable: boolean;
}

/**
 * Breadcrumb of the matched routes that have a title (breadcrumb !== false). The last item, and
 * any item whose redirect is 'noRedirect', is not clickable.
 */
export function buildBreadcrumb(metas: RouteMeta[]): Crumb[] {
  const withTitle = metas.filter((m) => m.title && m.breadcrumb);
  return withTitle.map((m, i) => ({
    title: m.title!,
    to: m.redirect && !m.noRedirect ? m.redirect : m.fullPath,
    clickable: i < withTitle.length - 1 && !m.noRedirect,
  }));
}
