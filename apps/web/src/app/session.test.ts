import { describe, expect, it } from 'vitest';
import type { SessionData } from '@gemqc/contract';
import { clearSession, loadRoles, signIn } from './session';
import { useUserStore } from '../session/user';
import { usePermissionStore } from './stores/permission';
import { useTagsViewStore } from '../lib/tagsView';
import { queryClient } from './queryClient';
import { routeSetForRole } from './routeSets';

const warehouseSession = (permissions: string[] | null): SessionData => ({
  token: 'tok',
  userInfo: {
    id: '7', user_type: 'qualityInspection', name: '质检', mobile: '13700000002', avatar: '', introduction: '', status_id: 1,
    is_owner: permissions === null, role_id: null, permissions: permissions ?? [], org_id: '1', last_login_at: null,
  },
  userInfoDetail: null,
  centerInfo: null,
  center_shop_list: [],
});

describe('roles not loaded (page reload)', () => {
  it('restores the user from storage, sets roles admin and generates the stored role’s routes', () => {
    localStorage.clear();
    localStorage.setItem('token', 't');
    localStorage.setItem('user_type', 'qualityInspection');
    localStorage.setItem('role', 'inspector');
    localStorage.setItem('userInfo', JSON.stringify({ name: '质检' }));
    localStorage.setItem('centerInfo', JSON.stringify({ name: '广州番禺检测中心' }));
    usePermissionStore.getState().reset();
    useUserStore.setState({ roles: [] });
    loadRoles();
    expect(useUserStore.getState()).toMatchObject({ roles: ['admin'], name: '质检', user_type: 'qualityInspection', token: 't' });
    expect(useUserStore.getState().centerInfo?.name).toBe('广州番禺检测中心');
    expect(usePermissionStore.getState().routes).toBe(routeSetForRole('inspector'));
  });
});

describe('signIn (what the login and registration forms call)', () => {
  it("keeps the session, generates the role's routes and continues to a safe redirect", () => {
    localStorage.clear();
    usePermissionStore.getState().reset();
    expect(signIn(warehouseSession(null), 'qualityInspection', '/warehousing/lotList?page=2')).toBe('/warehousing/lotList?page=2');
    expect(useUserStore.getState()).toMatchObject({ token: 'tok', roles: ['admin'], user_type: 'qualityInspection', loginTarget: '/warehousing/lotList?page=2' });
    expect(usePermissionStore.getState().routes).toBe(routeSetForRole('inspector'));
  });
  it("without a safe redirect: the portal's home, or the first page a sub-account may open", () => {
    expect(signIn(warehouseSession(null), 'qualityInspection', 'https://evil.example')).toBe('/warehousing/qualityInspection');
    expect(signIn(warehouseSession(['warehouse.order.view']), 'qualityInspection', null)).toBe('/warehousing/orderList');
  });
});

describe('clearSession (退出登录)', () => {
  it('forgets the user, the role’s routes, the open tabs and the cached queries', () => {
    signIn(warehouseSession(null), 'qualityInspection', null);
    useTagsViewStore.getState().addView({ path: '/warehousing/lotList', fullPath: '/warehousing/lotList', title: 'lotList', affix: false, noCache: false });
    queryClient.setQueryData(['probe'], 1);
    clearSession();
    expect(useUserStore.getState()).toMatchObject({ token: null, roles: [], user_type: null, userInfo: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(usePermissionStore.getState().routes).toEqual([]);
    expect(useTagsViewStore.getState().visitedViews).toEqual([]);
    expect(queryClient.getQueryData(['probe'])).toBeUndefined();
  });
});
