import type { NavigateFunction } from 'react-router';
import i18n from '../../i18n';
import { logoutRequest } from './api';
import { useUserStore } from '../../session/user';
import { LOGIN_PATHS, encodeRedirect } from '../../session/loginPaths';
import { ui, uiStatic } from '../../lib/ui';

/**
 * Logout after the server call: the session forgotten, login page of the user type with redirect.
 * `forgetSession` is the app's: it forgets the user and everything kept for them (routes, open tabs,
 * cached queries).
 */
async function performLogout(navigate: NavigateFunction, currentPath: string, forgetSession: () => void): Promise<void> {
  const userType = useUserStore.getState().user_type;
  try {
    await logoutRequest(userType);
  } catch {
    /* the session is forgotten locally anyway */
  }
  forgetSession();
  navigate(`${LOGIN_PATHS[userType ?? 'base']}?redirect=${encodeRedirect(currentPath)}`, { replace: true });
  uiStatic().message.success(i18n.t('logout.done'));
}

/** The confirm dialog of spec §4: 提示 / 确定退出登录吗？ / 确定 / 取消. */
export function confirmLogout(navigate: NavigateFunction, currentPath: string, forgetSession: () => void): void {
  ui().confirm({
    title: i18n.t('logout.title'),
    content: i18n.t('logout.confirm'),
    okText: i18n.t('logout.ok'),
    cancelText: i18n.t('logout.cancel'),
    onOk: () => performLogout(navigate, currentPath, forgetSession),
  });
}
