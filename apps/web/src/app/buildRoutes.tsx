import { Navigate, matchRoutes, type RouteObject } from 'react-router';
import type { AppRoute, RouteMeta } from './types';
import { joinPath, metaOf, visibleChildren } from './routeSets';
import { LazyPage, PendingRoute } from './pages';

const cache = new WeakMap<AppRoute[], RouteObject[]>();

function toRouteObject(route: AppRoute, parentPath: string): RouteObject {
  const fullPath = joinPath(parentPath, route.path);
  const handle: RouteMeta = metaOf(route, fullPath);
  if (route.children?.length) {
    const first = visibleChildren(route)[0] ?? route.children[0]!;
    const target = route.redirect && route.redirect !== 'noRedirect' ? route.redirect : joinPath(fullPath, first.path);
    return {
      path: fullPath,
      handle,
      children: [{ index: true, element: <Navigate to={target} replace /> }, ...route.children.map((c) => toRouteObject(c, fullPath))],
    };
  }
  if (route.page) return { path: fullPath, handle, element: <LazyPage loader={route.page} /> };
  if (route.redirect && route.redirect !== 'noRedirect') {
    return { path: fullPath, handle, element: <Navigate to={route.redirect} replace /> };
  }
  return { path: fullPath, handle, element: <PendingRoute title={route.title} /> };
}

/** React Router objects of a route set (full paths; meta in `handle`). Cached per set. */
export function buildRouteObjects(routes: AppRoute[]): RouteObject[] {
  let objs = cache.get(routes);
  if (!objs) {
    objs = routes.map((r) => toRouteObject(r, ''));
    cache.set(routes, objs);
  }
  return objs;
}

/** The metas of the routes matching `pathname`, outermost first. */
export function matchedMetas(routes: AppRoute[], pathname: string): RouteMeta[] {
  const matches = matchRoutes(buildRouteObjects(routes), pathname) ?? [];
  return matches.map((m) => m.route.handle as RouteMeta | undefined).filter((h): h is RouteMeta => !!h);
}
