import { describe, expect, it } from 'vitest';
import { resolveNavigation, type Session } from './guard';
import { isPublicPath } from '../session/loginPaths';
import { firstPermittedPath, landingOf, permissionOfPath, routeSetForRole } from './routeSets';

const out: Session = { token: null, userType: null, rolesLoaded: false };
const trader: Session = { token: 't', userType: 'trader', rolesLoaded: true };

describe('resolveNavigation (spec §4)', () => {
  it('logged out on a portal page → that portal’s login with redirect', () => {
    expect(resolveNavigation('/base/order/list', '', out)).toEqual({ kind: 'redirect', to: '/base/login?redirect=/base/order/list' });
    expect(resolveNavigation('/trader/order/list', '?page=2&x=a b', out)).toEqual({
      kind: 'redirect',
      to: '/trader/login?redirect=/trader/order/list%3Fpage%3D2%26x%3Da%20b',
    });
    expect(resolveNavigation('/manage/order/list', '', out)).toMatchObject({ to: '/manage/login?redirect=/manage/order/list' });
  });
  it('warehouse-only and service-centre-only segments map to their portals', () => {
    for (const p of ['/warehousing/lotList', '/QIconfig/printer', '/QIfinance/financialStatement', '/qualityInspection/infoManage']) {
      expect(resolveNavigation(p, '', out)).toMatchObject({ to: `/qualityInspection/login?redirect=${p}` });
    }
    for (const p of ['/baseAccount/infoManage', '/baseConfig/testingFee']) {
      expect(resolveNavigation(p, '', out)).toMatchObject({ to: `/base/login?redirect=${p}` });
    }
  });
  it('a stored user type wins over the path segment', () => {
    expect(resolveNavigation('/base/order/list', '', { ...out, userType: 'trader' })).toMatchObject({ to: '/trader/login?redirect=/base/order/list' });
  });
  it('public pages are open to logged-out visitors', () => {
    for (const p of ['/trader/login', '/manage/login', '/qualityInspection/login', '/base/login', '/trader/doudian-auth', '/doudian-auth', '/auth-redirect', '/404', '/401']) {
      expect(resolveNavigation(p, '', out)).toEqual({ kind: 'allow' });
    }
  });
  it('the public certificate page /verify/:code is open: a logged-out visitor is not sent to a login page', () => {
    expect(isPublicPath('/verify/V8K2M9Q4')).toBe(true);
    expect(isPublicPath('/verify')).toBe(false);
    expect(resolveNavigation('/verify/V8K2M9Q4', '', out)).toEqual({ kind: 'allow' });
  });
  it('the root goes to /trader; unknown paths go to /404', () => {
    expect(resolveNavigation('/', '', out)).toEqual({ kind: 'redirect', to: '/trader' });
    expect(resolveNavigation('/', '', trader)).toEqual({ kind: 'redirect', to: '/trader' });
    expect(resolveNavigation('/no/such/page', '', out)).toEqual({ kind: 'redirect', to: '/404' });
    expect(resolveNavigation('/trader', '', out)).toMatchObject({ to: '/trader/login?redirect=/trader' });
  });
  it('logged in on a login path → that user type’s home', () => {
    expect(resolveNavigation('/trader/login', '', trader)).toEqual({ kind: 'redirect', to: '/trader/order/list' });
    expect(resolveNavigation('/base/login', '', { ...trader, userType: 'qualityInspection' })).toEqual({ kind: 'redirect', to: '/warehousing/qualityInspection' });
    expect(resolveNavigation('/manage/login', '', { ...trader, userType: 'manage' })).toEqual({ kind: 'redirect', to: '/manage/order/list' });
    expect(resolveNavigation('/trader/login', '', { ...trader, userType: 'base' })).toEqual({ kind: 'redirect', to: '/base/order/list' });
  });
  it('logged in on a login path with a redirect query but no sign-in completing → home (a later visit)', () => {
    expect(resolveNavigation('/trader/login', '?redirect=/trader/order/record%3Fpage%3D2', trader)).toEqual({ kind: 'redirect', to: '/trader/order/list' });
  });
  it('a sign-in completing on the login page (session and target stored together) → its target, not home', () => {
    expect(resolveNavigation('/trader/login', '?redirect=/trader/order/record%3Fpage%3D2', { ...trader, loginTarget: '/trader/order/record?page=2' })).toEqual({
      kind: 'redirect',
      to: '/trader/order/record?page=2',
    });
    expect(resolveNavigation('/manage/login', '', { ...trader, userType: 'manage', loginTarget: '/manage/order/list?page=2' })).toEqual({
      kind: 'redirect',
      to: '/manage/order/list?page=2',
    });
    expect(resolveNavigation('/base/login/', '', { ...trader, userType: 'base', rolesLoaded: false, loginTarget: '/baseAccount/infoManage?tab=password' })).toEqual({
      kind: 'redirect',
      to: '/baseAccount/infoManage?tab=password',
    });
    // the target only matters on a login page
    expect(resolveNavigation('/trader/order/list', '', { ...trader, loginTarget: '/trader/order/record' })).toEqual({ kind: 'allow' });
  });
  it('an unsafe sign-in target → home, never another site or a login page', () => {
    for (const r of ['https://evil.example/x', '//evil.example', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)', '/trader/login', '/base/login?redirect=/x', '', 'order/list']) {
      expect(resolveNavigation('/trader/login', '', { ...trader, loginTarget: r }), r).toEqual({ kind: 'redirect', to: '/trader/order/list' });
    }
  });
  it('logged out on a login path with a redirect query → the login page itself', () => {
    expect(resolveNavigation('/trader/login', '?redirect=/trader/order/record', out)).toEqual({ kind: 'allow' });
  });
  it('logged in without roles → load roles; with roles → allow', () => {
    expect(resolveNavigation('/trader/order/list', '', { ...trader, rolesLoaded: false })).toEqual({ kind: 'loadRoles' });
    expect(resolveNavigation('/trader/order/list', '', trader)).toEqual({ kind: 'allow' });
  });
});

describe('landing and forbidden pages by permission (issue 15)', () => {
  const warehouse = routeSetForRole('inspector');
  const only = (...keys: string[]) => (k: string) => keys.includes(k);
  const session = (permitted: (k: string) => boolean): Session => ({
    token: 't',
    userType: 'qualityInspection',
    rolesLoaded: true,
    landing: landingOf('qualityInspection', warehouse, permitted),
    forbidden: (p) => {
      const need = permissionOfPath(warehouse, p);
      return need !== undefined && !permitted(need);
    },
  });

  it('the permission a page needs, and the first page of the menu a role allows', () => {
    expect(permissionOfPath(warehouse, '/warehousing/qualityInspection')).toBe('warehouse.intake');
    expect(permissionOfPath(warehouse, '/warehousing')).toBeUndefined();
    expect(firstPermittedPath(warehouse, only('warehouse.order.view'))).toBe('/warehousing/orderList');
    expect(firstPermittedPath(warehouse, only())).not.toBe('/warehousing/qualityInspection');
  });

  it('a sub-account with only 订单列表 lands on 订单列表 (root, login page) and a direct link to 入仓质检 shows 401', () => {
    const s = session(only('warehouse.order.view'));
    expect(s.landing).toBe('/warehousing/orderList');
    expect(resolveNavigation('/', '', s)).toEqual({ kind: 'redirect', to: '/warehousing/orderList' });
    expect(resolveNavigation('/qualityInspection/login', '', s)).toEqual({ kind: 'redirect', to: '/warehousing/orderList' });
    expect(resolveNavigation('/warehousing/qualityInspection', '', s)).toEqual({ kind: 'redirect', to: '/401' });
    expect(resolveNavigation('/warehousing/lotList', '', s)).toEqual({ kind: 'redirect', to: '/401' });
    expect(resolveNavigation('/warehousing/orderList', '', s)).toEqual({ kind: 'allow' });
  });

  it('an owner (or a role with the home page) keeps the portal home; pages without a key are open', () => {
    const all = session(() => true);
    expect(all.landing).toBe('/warehousing/qualityInspection');
    expect(resolveNavigation('/warehousing/qualityInspection', '', all)).toEqual({ kind: 'allow' });
    const none = session(only());
    expect(resolveNavigation('/warehousing/qualityInspection', '', none)).toMatchObject({ kind: 'redirect' });
  });
});
