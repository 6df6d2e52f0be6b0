import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmLogout } from './logout';
import { setUi, type ConfirmOptions } from '../../lib/ui';
import { useUserStore } from '../../session/user';
import type { SessionData } from '@gemqc/contract';

const session: SessionData = {
  token: 'tok',
  userInfo: {
    id: '6', user_type: 'base', name: '客服', mobile: '13700000001', avatar: '', introduction: '', status_id: 1,
    is_owner: true, role_id: null, permissions: [], org_id: '1', last_login_at: null,
  },
  userInfoDetail: null,
  centerInfo: { id: '1', name: '广州番禺检测中心', code: 'GZPY', address: '', contact: '', mobile: '', return_address: '' },
  center_shop_list: [],
};

const staticToast = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
vi.mock('../../lib/ui', async (importOriginal) => {
  const orig = await importOriginal<typeof import('../../lib/ui')>();
  return { ...orig, uiStatic: () => ({ message: staticToast, confirm: vi.fn() }) };
});

// the app's forgetSession also drops the role's routes, open tabs and cached queries (app/session.test.ts)
const forgetSession = vi.fn(() => useUserStore.getState().clear());

afterEach(() => {
  forgetSession.mockClear();
  vi.unstubAllGlobals();
  setUi(null);
});

describe('logout (spec §4)', () => {
  it('confirms 提示 / 确定退出登录吗？, calls the server, clears the session and goes to the login page with redirect', async () => {
    useUserStore.getState().applySession(session, 'base');
    localStorage.setItem('selectOptions', '{}');
    expect(useUserStore.getState().roles).toEqual(['admin']);
    expect(localStorage.getItem('role')).toBe('base');
    const confirms: ConfirmOptions[] = [];
    const message = { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() };
    setUi({ message, confirm: (o) => confirms.push(o) });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ code: 1000, msg: 'ok', data: null })));
    vi.stubGlobal('fetch', fetchMock);
    const navigate = vi.fn();

    confirmLogout(navigate, '/baseAccount/infoManage?tab=1', forgetSession);
    expect(confirms[0]).toMatchObject({ title: '提示', content: '确定退出登录吗？', okText: '确定', cancelText: '取消' });
    expect(fetchMock).not.toHaveBeenCalled();
    await confirms[0]!.onOk!();

    expect(fetchMock).toHaveBeenCalledWith('/api/center/v1/User/logout', expect.objectContaining({ method: 'POST' }));
    for (const k of ['token', 'userInfo', 'centerInfo', 'center_shop_list', 'selectOptions', 'role', 'user_type']) {
      expect(localStorage.getItem(k)).toBeNull();
    }
    const u = useUserStore.getState();
    expect([u.token, u.roles, u.centerInfo, u.center_shop_list, u.name]).toEqual([null, [], null, [], '']);
    expect(forgetSession).toHaveBeenCalledOnce();
    expect(navigate).toHaveBeenCalledWith('/base/login?redirect=/baseAccount/infoManage%3Ftab%3D1', { replace: true });
    // shown with the static toast so it survives the shell unmounting
    expect(staticToast.success).toHaveBeenCalledWith('已退出登录 !');
  });

  it('a failing server call still logs out locally', async () => {
    useUserStore.getState().applySession({ ...session, userInfoDetail: { total_balance: 50000, merchant_name: 'm' } }, 'trader');
    expect(useUserStore.getState().balance).toBe(50000);
    const confirms: ConfirmOptions[] = [];
    setUi({ message: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }, confirm: (o) => confirms.push(o) });
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const navigate = vi.fn();
    confirmLogout(navigate, '/trader/order/list', forgetSession);
    await confirms[0]!.onOk!();
    expect(localStorage.getItem('token')).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/trader/login?redirect=/trader/order/list', { replace: true });
  });
});
