import { describe, expect, it } from 'vitest';
import { permissionCatalogue } from '../../../server/src/platform/permissions';
import { buildMenu, openKeysFor, permittedRoutes, selectedKeyFor } from './menu';
import type { AppRoute } from '../app/types';
import { routeSetForRole } from '../app/routeSets';

describe('sidebar menu', () => {
  it('nests visible routes and leaves hidden ones out', () => {
    const menu = buildMenu(routeSetForRole('trader'));
    expect(menu.map((m) => m.key)).toEqual(['/trader/order']);
    const keys = menu[0]!.children!.map((c) => c.key);
    expect(keys).toContain('/trader/order/list');
    expect(keys).not.toContain('/trader/order/checkOrder');
    expect(keys).toContain('/trader/order/auditLog');
    expect(keys).toHaveLength(11);
  });
  it('a parent with one visible child shows the child at top level', () => {
    const menu = buildMenu(routeSetForRole('inspector'));
    expect(menu.map((m) => m.key)).toEqual(['/warehousing', '/qualityInspection', '/QIconfig', '/QIfinance/financialStatement']);
    expect(buildMenu(routeSetForRole('manage'))).toEqual([
      { key: '/manage/order/list', title: 'route.merchantList', icon: 'shop' },
      { key: '/manage/intercept/order', title: 'route.orderIntercept', icon: 'order' },
      { key: '/manage/audit/auditLog', title: 'route.auditLog', icon: 'log' },
    ]);
  });
  it('opens and highlights the current page', () => {
    const menu = buildMenu(routeSetForRole('base'));
    expect(openKeysFor(menu, '/baseConfig/printer')).toEqual(['/baseConfig']);
    expect(selectedKeyFor(menu, '/baseConfig/printer')).toBe('/baseConfig/printer');
  });
});

describe('menu by permission (sub-accounts)', () => {
  const leaves = (routes: AppRoute[]): AppRoute[] => routes.flatMap((r) => (r.children ? leaves(r.children) : [r]));

  it('hides the pages whose key a sub-account lacks, and a group left empty', () => {
    const warehouseSub = ['warehouse.intake', 'warehouse.inspection.submit', 'warehouse.code.bind', 'warehouse.batch.view', 'warehouse.order.view'];
    const menu = buildMenu(permittedRoutes(routeSetForRole('inspector'), warehouseSub));
    expect(menu.map((m) => m.key)).toEqual(['/warehousing', '/qualityInspection']);
    expect(menu[0]!.children!.map((c) => c.key)).toEqual(['/warehousing/qualityInspection', '/warehousing/lotList', '/warehousing/orderList']);
    // account info needs no key; sub-accounts and roles do
    expect(menu[1]!.children!.map((c) => c.key)).toEqual(['/qualityInspection/infoManage']);
  });

  it('an owner (every key) and an account stored without keys see the whole menu', () => {
    const all = buildMenu(routeSetForRole('inspector'));
    expect(buildMenu(permittedRoutes(routeSetForRole('inspector'), permissionCatalogue.qualityInspection.map((p) => p.key)))).toEqual(all);
    expect(buildMenu(permittedRoutes(routeSetForRole('inspector'), undefined))).toEqual(all);
  });

  it("every page's key is in its portal's server catalogue", () => {
    const portals = [['trader', 'trader'], ['inspector', 'qualityInspection'], ['base', 'base'], ['manage', 'manage']] as const;
    for (const [role, userType] of portals) {
      const keys: string[] = permissionCatalogue[userType].map((p) => p.key);
      for (const r of leaves(routeSetForRole(role))) if (r.permission) expect(keys, `${role} ${r.path}`).toContain(r.permission);
    }
  });
});
