import { describe, expect, it } from 'vitest';
import { loadRoles } from './session';
import { useUserStore } from './stores/user';
import { usePermissionStore } from './stores/permission';
import { routeSetForRole } from './routeSets';

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
