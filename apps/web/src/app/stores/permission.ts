import { create } from 'zustand';
import type { AppRoute } from '../types';
import { routeSetForRole } from '../routeSets';

interface PermissionState {
  /** The route set of the stored role; empty until generated. */
  routes: AppRoute[];
  role: string | null;
  /** Every route of the set is permitted for 'admin' (spec §6: no per-role filter inside a set). */
  generateRoutes(role: string | null, roles: string[]): AppRoute[];
  reset(): void;
}

export function filterRoutes(routes: AppRoute[], roles: string[]): AppRoute[] {
  // The filter permits every route for every role (spec §6).
  return roles.length ? routes : [];
}

export const usePermissionStore = create<PermissionState>()((set) => ({
  routes: [],
  role: null,
  generateRoutes(role, roles) {
    const routes = filterRoutes(routeSetForRole(role), roles);
    set({ routes, role });
    return routes;
  },
  reset() {
    set({ routes: [], role: null });
  },
}));
