import { describe, expect, it } from 'vitest';
import { buildBreadcrumb } from './breadcrumb';
import { matchedMetas } from '../app/buildRoutes';
import { routeSetForRole } from '../app/routeSets';

describe('breadcrumb', () => {
  it('lists matched titles; the last item is not clickable', () => {
    const crumbs = buildBreadcrumb(matchedMetas(routeSetForRole('trader'), '/trader/order/videoManage'));
    expect(crumbs).toEqual([
      { title: 'route.order', to: '/trader/order/list', clickable: true },
      { title: 'route.videoManage', to: '/trader/order/videoManage', clickable: false },
    ]);
  });
  it('a noRedirect parent is not clickable', () => {
    const crumbs = buildBreadcrumb(matchedMetas(routeSetForRole('base'), '/baseAccount/infoManage'));
    expect(crumbs.map((c) => [c.title, c.clickable])).toEqual([
      ['route.account', false],
      ['route.infoManage', false],
    ]);
  });
  it('parents without a title are left out', () => {
    const crumbs = buildBreadcrumb(matchedMetas(routeSetForRole('manage'), '/manage/order/list'));
    expect(crumbs.map((c) => c.title)).toEqual(['route.merchantList']);
  });
});
