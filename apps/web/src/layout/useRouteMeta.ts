import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { usePermissionStore } from '../app/stores/permission';
import { matchedMetas } from '../app/buildRoutes';
import type { RouteMeta } from '../app/types';

/** Metas of the routes matching the current location, outermost first. */
export function useMatchedMetas(): RouteMeta[] {
  const routes = usePermissionStore((s) => s.routes);
  const { pathname } = useLocation();
  return useMemo(() => matchedMetas(routes, pathname), [routes, pathname]);
}
