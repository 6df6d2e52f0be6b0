import { describe, expect, it } from 'vitest';
import { buildMenu, openKeysFor, selectedKeyFor } from './menu';
import { routeSetForRole } from '../app/routeSets';

describe('sidebar menu', () => {
  it('nests visible routes and leaves hidden ones out', () => {
    const menu = buildMenu(routeSetForRole('trader'));
    expect(menu.map((m) => m.key)).toEqual(['/trader/order']);
    const keys = menu[0]!.children!.map((c) => c.key);
    expect(keys).toContain('/trader/order/list');
    expect(keys).not.toContain('/trader/order/checkOrder');
    expect(keys).toHaveLength(10);
  });
  it('a parent with one visible child shows the child at top level', () => {
    const menu = buildMenu(routeSetForRole('inspector'));
    expect(menu.map((m) => m.key)).toEqual(['/warehousing', '/qualityInspection', '/QIconfig', '/QIfinance/financialStatement']);
    expect(buildMenu(routeSetForRole('manage'))).toEqual([{ key: '/manage/order/list', title: 'route.merchantList', icon: 'shop' }]);
  });
  it('opens and highlights the current page', () => {
    const menu = buildMenu(routeSetForRole('base'));
    expect(openKeysFor(menu, '/baseConfig/printer')).toEqual(['/baseConfig']);
    expect(selectedKeyFor(menu, '/baseConfig/printer')).toBe('/baseConfig/printer');
  });
});
